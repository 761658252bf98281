import { describe, expect, it } from 'vitest';
import {
  assessPasswordResetRequest,
  computePasswordResetWindowStart,
  PASSWORD_RESET_LIMIT_WINDOW_MS,
  PASSWORD_RESET_MAILS_PER_CLIENT,
  PASSWORD_RESET_MAILS_PER_EMAIL,
} from './password-reset-limit';

const now = new Date('2026-05-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const times = (count: number, msAgo = 60_000) => Array.from({ length: count }, () => ago(msAgo));
const MINUTE = 60_000;

describe('assessPasswordResetRequest', () => {
  it('sends the first reset e-mail (issue #2)', () => {
    expect(assessPasswordResetRequest({ sentToEmail: [], sentForClient: [] }, now)).toEqual({
      action: 'send',
    });
  });

  it('sends up to 3 reset e-mails to one e-mail address in an hour, then skips (issue #2)', () => {
    expect(PASSWORD_RESET_MAILS_PER_EMAIL).toBe(3);
    const history = (count: number) => ({ sentToEmail: times(count), sentForClient: times(count) });
    expect(assessPasswordResetRequest(history(2), now)).toEqual({ action: 'send' });
    expect(assessPasswordResetRequest(history(3), now)).toEqual({ action: 'skip', limit: 'email' });
  });

  it('sends up to 10 reset e-mails for one client address in an hour, to any accounts, then skips (issue #2)', () => {
    const history = (count: number) => ({ sentToEmail: [], sentForClient: times(count) });
    expect(assessPasswordResetRequest(history(PASSWORD_RESET_MAILS_PER_CLIENT - 1), now)).toEqual({
      action: 'send',
    });
    expect(assessPasswordResetRequest(history(PASSWORD_RESET_MAILS_PER_CLIENT), now)).toEqual({
      action: 'skip',
      limit: 'client',
    });
  });

  it('forgets a send once a whole hour has passed since it, so the owner can ask again (issue #2)', () => {
    const oneLeavingNow = [ago(PASSWORD_RESET_LIMIT_WINDOW_MS), ago(10 * MINUTE), ago(MINUTE)];
    expect(
      assessPasswordResetRequest({ sentToEmail: oneLeavingNow, sentForClient: [] }, now),
    ).toEqual({ action: 'send' });
    const allInside = [ago(PASSWORD_RESET_LIMIT_WINDOW_MS - 1), ago(10 * MINUTE), ago(MINUTE)];
    expect(assessPasswordResetRequest({ sentToEmail: allInside, sentForClient: [] }, now)).toEqual({
      action: 'skip',
      limit: 'email',
    });
  });
});

describe('computePasswordResetWindowStart', () => {
  it('lies one hour before now (issue #2)', () => {
    expect(computePasswordResetWindowStart(now)).toEqual(ago(60 * MINUTE));
  });
});
