import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, type TestUser } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { addDeviceReport } from '../../../test/helpers/device-factories';
import { startDeliveryWorker } from '../outbox/deliver-notification.job';
import { makeWeeklyReport, sweepWeeklyReports } from './weekly-report.service';
import { startWeeklyReports } from './weekly-report.job';
import { fastRetry } from '../../../test/helpers/job-queue';

const HOUR_MS = 60 * 60 * 1000;
/** Monday 23 November 2026, 07:30 Eastern (GMT-5): the week of the 16th is due. */
const MONDAY_MORNING = new Date('2026-11-23T12:30:00Z');
/** Monday 16 November 2026, 00:00 Eastern. */
const WEEK_FROM = new Date('2026-11-16T05:00:00Z');
const WEEK_TO = new Date('2026-11-23T05:00:00Z');

describe('the weekly report e-mail (issue #12 scheduled reports, decision 032)', () => {
  let t: TestApp;
  let owner: TestUser;
  let ownerRow: number;
  let quietRow: number;
  let subRow: number;

  beforeAll(async () => {
    t = await createTestApp({ start: MONDAY_MORNING });
    owner = await createUser(t.ctx);
    const unit = await createDevice(t.ctx);
    ownerRow = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    await t.ctx.db
      .updateTable('user_devices')
      .set({ weekly_report: true, name: 'Walk-in cooler', time_zone: -5 })
      .where('id', '=', ownerRow)
      .execute();
    // A reading every 6 hours through the week: 50 °F at night, 70 °F in the day, power off once.
    for (let at = WEEK_FROM.getTime(); at < WEEK_TO.getTime(); at += 6 * HOUR_MS) {
      const hour = new Date(at - 5 * HOUR_MS).getUTCHours();
      await addDeviceReport(t.ctx, unit.id, {
        at: new Date(at),
        temperature: hour === 12 || hour === 18 ? 70 : 50,
        humidity: 40,
        power: at === WEEK_FROM.getTime() + 24 * HOUR_MS ? 0 : 1,
      });
    }
    // Readings outside the week count for nothing.
    await addDeviceReport(t.ctx, unit.id, {
      at: new Date(WEEK_FROM.getTime() - 1000),
      temperature: -40,
    });
    await addDeviceReport(t.ctx, unit.id, { at: WEEK_TO, temperature: 120 });
    await t.ctx.db
      .insertInto('alarm_events')
      .values([
        {
          user_device_id: ownerRow,
          alarm_type: 'POWER',
          opened_at: new Date(WEEK_FROM.getTime() + 24 * HOUR_MS),
          closed_at: new Date(WEEK_FROM.getTime() + 30 * HOUR_MS),
        },
        // Found in a back-filled upload this morning: its readings are from the week.
        {
          user_device_id: ownerRow,
          alarm_type: 'HUMIDITY',
          opened_at: MONDAY_MORNING,
          opening_report_at: new Date(WEEK_FROM.getTime() + 50 * HOUR_MS),
          opening_value: 91,
          closed_at: MONDAY_MORNING,
          closing_report_at: new Date(WEEK_FROM.getTime() + 52 * HOUR_MS),
        },
      ])
      .execute();

    // The same owner's other unit, not opted in, and a sub-account given the first one.
    const other = await createDevice(t.ctx);
    quietRow = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: other.id });
    const sub = await createUser(t.ctx, { parentId: owner.id });
    subRow = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: unit.id,
      parentUserDeviceId: ownerRow,
    });
    await t.ctx.db
      .updateTable('user_devices')
      .set({ weekly_report: true })
      .where('id', '=', subRow)
      .execute();
  });
  afterAll(() => t.close());

  const deliveriesOf = () =>
    t.ctx.db
      .selectFrom('deliveries')
      .selectAll()
      .where('kind', '=', 'weekly-report')
      .orderBy('id')
      .execute();

  it('is made once for the week however many processes try at once', async () => {
    const tries = await Promise.all(
      [1, 2, 3].map(() =>
        makeWeeklyReport(t.ctx, { userDeviceId: ownerRow, weekStart: '2026-11-16' }),
      ),
    );
    expect(tries.filter((outcome) => outcome === 'queued')).toHaveLength(1);
    expect(tries.filter((outcome) => outcome === 'already-made')).toHaveLength(2);
    expect(await deliveriesOf()).toHaveLength(1);
    expect(await makeWeeklyReport(t.ctx, { userDeviceId: ownerRow, weekStart: '2026-11-16' })).toBe(
      'already-made',
    );
  });

  it("says the week's lowest, highest and average, day by day, and the alarms, in the device's zone", async () => {
    const [delivery] = await deliveriesOf();
    expect(delivery).toMatchObject({
      address: owner.email_address,
      user_id: owner.id,
      subject: 'Weekly report: Walk-in cooler, 2026-11-16 to 2026-11-22',
    });
    // 28 readings: 14 at 50 °F and 14 at 70 °F.
    expect(delivery?.body).toContain('28 readings.');
    expect(delivery?.body).toContain(
      'Temperature: lowest 50.0 °F, highest 70.0 °F, average 60.0 °F.',
    );
    expect(delivery?.body).toContain('Humidity: lowest 40.0 %, highest 40.0 %, average 40.0 %.');
    expect(delivery?.body).toContain('Power is OFF');
    // Wednesday 02:00 local: when its reading was taken, not when the upload arrived.
    expect(delivery?.body).toContain(
      'Wednesday, November 18, 2026 at 2:00 AM EST: Humidity out of range (back to normal Wednesday, November 18, 2026 at 4:00 AM EST)',
    );
    expect(delivery?.body).toContain('Tuesday, November 17, 2026 at 12:00 AM EST');
    expect(delivery?.body).toContain('Eastern (GMT-5)');
    expect(delivery?.html_body).toContain(
      '<caption style="text-align: left; font-weight: bold; padding-bottom: 4px">Day by day</caption>',
    );
    expect(delivery?.html_body).toContain('Monday, November 16, 2026');
    expect(delivery?.html_body).toContain('Sunday, November 22, 2026');
    // Tuesday's one reading with the power off.
    expect(delivery?.html_body).toMatch(
      /Tuesday, November 17, 2026<\/td>(<td[^>]*>[^<]*<\/td>){3}<td[^>]*>1 reading<\/td>/,
    );
  });

  it("attaches the week's readings as CSV from file storage", async () => {
    const [delivery] = await deliveriesOf();
    const [attachment] = delivery?.attachments ?? [];
    expect(attachment?.fileName).toMatch(/\.csv$/);
    const csv = (await t.ctx.files.read(attachment!.fileKey))?.toString() ?? '';
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(1 + 28);
    expect(csv).not.toContain('-40');
    expect(csv).not.toContain('120');
  });

  it('is queued by the sweep only on Monday from 07:00 in the device’s zone, for owners who opted in, and not again once made', async () => {
    // Made already above: nothing left to queue.
    expect(await sweepWeeklyReports(t.ctx)).toBe(0);
    await t.ctx.db.deleteFrom('weekly_reports').execute();
    expect(await sweepWeeklyReports(t.ctx)).toBe(1); // the owner's row; not the quiet unit nor the sub-account's
    t.advanceTime(24 * HOUR_MS); // Tuesday
    expect(await sweepWeeklyReports(t.ctx)).toBe(0);
    t.advanceTime(-24 * HOUR_MS);
    expect(await makeWeeklyReport(t.ctx, { userDeviceId: quietRow, weekStart: '2026-11-16' })).toBe(
      'not-wanted',
    );
    expect(await makeWeeklyReport(t.ctx, { userDeviceId: subRow, weekStart: '2026-11-16' })).toBe(
      'not-wanted',
    );
  });

  it('reaches the owner through the queue, with its file attached', async () => {
    await t.ctx.db.deleteFrom('weekly_reports').execute();
    const sentBefore = t.sentMail.length;
    await startDeliveryWorker(t.ctx, t.jobs, fastRetry(0));
    await startWeeklyReports(t.ctx, t.jobs, { sweepSeconds: 1, pollingIntervalSeconds: 0.5 });
    for (let waited = 0; t.sentMail.length === sentBefore && waited < 20_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const mail = t.sentMail.at(-1);
    expect(mail?.subject).toBe('Weekly report: Walk-in cooler, 2026-11-16 to 2026-11-22');
    expect(mail?.attachments?.[0]?.filename).toMatch(/\.csv$/);
    expect(mail?.attachments?.[0]?.content.toString().trim().split('\n')).toHaveLength(29);
  });
});
