import type { AppContext } from '../context';
import { insertAuditEvents, type AuditEvent } from '../modules/audit/audit.repository';

/**
 * How a staff command that changes money or access is written to the audit log (issue #22,
 * decision 050), as `staff.command` with its name and arguments:
 * - `with-change`: the command runs in a transaction of its own and its entry is written in it,
 *   so both commit or neither (the command's changes are plain database writes);
 * - `after-change`: the entry is written once the command succeeded, because its change spans
 *   services that open their own transactions or call the payment processor (a refund, a billing
 *   run); those record their own entries inside their transactions as well.
 * - null: the command reads, or changes neither money nor access (inventory, certificates,
 *   shipping): nothing is written.
 */
export type CommandAuditing = 'with-change' | 'after-change' | null;

/** Arguments that never reach the log. */
const SECRET_ARGUMENTS = new Set(['password']);

/** The command's `staff.command` entry: its name and arguments (no secrets), no actor (the CLI). */
export function staffCommandEvent(command: { name: string }, at: Date): AuditEvent {
  const args = Object.fromEntries(
    Object.entries(command).filter(([key]) => key !== 'name' && !SECRET_ARGUMENTS.has(key)),
  );
  // A command that names the account it concerns (send-replacement-offer USER_ID) files it there.
  const userId = 'userId' in command && typeof command.userId === 'number' ? command.userId : null;
  return {
    action: 'staff.command',
    userId,
    actorId: null,
    detail: { command: command.name, arguments: args },
    at,
  };
}

/** Runs a command as its auditing says; `run` is handed the context to run it with. */
export async function runAuditedCommand<Ctx extends Pick<AppContext, 'db' | 'now'>>(
  ctx: Ctx,
  {
    command,
    auditing,
  }: {
    command: { name: string };
    auditing: CommandAuditing;
  },
  run: (ctx: Ctx) => Promise<string>,
): Promise<string> {
  if (auditing === null) return run(ctx);
  if (auditing === 'with-change')
    return ctx.db.transaction().execute(async (trx) => {
      const output = await run({ ...ctx, db: trx });
      await insertAuditEvents(trx, [staffCommandEvent(command, ctx.now())]);
      return output;
    });
  const output = await run(ctx);
  await insertAuditEvents(ctx.db, [staffCommandEvent(command, ctx.now())]);
  return output;
}
