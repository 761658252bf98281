import { pick, changeNotification, moveRange, openUnit, readHistory } from './user-actions';
import { refreshList, signIn, signOut, type UserContext } from './user-session';
import type { SoakOwner } from './fleet';

/**
 * A soak user: signs in, keeps the device list open (user-session.ts), and every few seconds
 * does what a customer does on the web app (user-actions.ts): refreshes the list (25 %), opens a
 * unit with its notifications and alarm log (20 %), reads history, a graph and a table of a day,
 * a week or a month (25 %), moves a temperature range (12 %), adds, renames or removes a water
 * notification (12 %), or signs out and in again (6 %).
 */

async function sleepUnlessStopping(ctx: UserContext, ms: number): Promise<void> {
  const until = performance.now() + ms;
  while (!ctx.isStopping() && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(500, until - performance.now())));
  }
}

/** One user from sign-in until the soak stops them; answers once they have signed out. */
export async function runUser(ctx: UserContext, owner: SoakOwner): Promise<void> {
  const think = () => ctx.thinkSeconds * 1000 * (0.5 + Math.random());
  // The users arrive over one think time rather than all at once.
  await sleepUnlessStopping(ctx, Math.random() * ctx.thinkSeconds * 1000);
  let session = ctx.isStopping() ? null : await signIn(ctx, owner);
  while (!ctx.isStopping()) {
    await sleepUnlessStopping(ctx, think());
    if (ctx.isStopping()) break;
    if (!session) {
      session = await signIn(ctx, owner);
      continue;
    }
    const unit = pick(owner.units);
    const roll = Math.random() * 100;
    if (roll < 25) await refreshList(ctx, session);
    else if (roll < 45) await openUnit(ctx, session, unit);
    else if (roll < 70) await readHistory(ctx, session, unit);
    else if (roll < 82) await moveRange(ctx, session, unit);
    else if (roll < 94) await changeNotification(ctx, owner, session, unit);
    else {
      await signOut(ctx, owner, session);
      session = await signIn(ctx, owner);
    }
  }
  if (session) await signOut(ctx, owner, session);
}
