/**
 * Operator commands: `npm run admin -- <command>`. Builds the same context as the server
 * (create-context.ts) on the same database, whose schema it brings up to date first; it starts
 * no workers, so what a command queues is sent by the server.
 */
import { createContext, type RunningContext } from '../create-context';
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/config/logger';
import { DataDirInUseError } from '../platform/database/data-dir-lock';
import { sendToAdminSocket } from './admin-socket';
import { restoreFrom } from './backup-commands';
import { commandCwd, parseAdminCommand, runAdminCommand, USAGE, UsageError } from './commands';

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  let command;
  try {
    command = parseAdminCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  // Into an empty target: no database to open first, and no server to ask.
  if (command.name === 'restore') {
    console.log(await restoreFrom(config, command.from));
    return 0;
  }
  // Standard output is the command's answer (JSON with --json); warnings go to standard error.
  const log = createLogger('warn', process.stderr);
  let running: RunningContext;
  try {
    running = await createContext(config, { log });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    // PGlite admits one process per data folder: the running server holds it, so it runs the
    // command for us (admin-socket.ts).
    const reply = await sendToAdminSocket(config.dataDir, argv, { cwd: commandCwd() });
    if (!reply) {
      console.error(`${error.message}`);
      return 1;
    }
    (reply.code === 0 ? console.log : console.error)(reply.output);
    return reply.code;
  }
  try {
    console.log(
      await runAdminCommand({ ...running.ctx, database: running.database }, command, {
        defaultTenantId: config.defaultTenantId,
      }),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await running.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
