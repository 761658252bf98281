/**
 * Operator commands: `npm run admin -- <command>`. Opens the same database as the server
 * (src/server.ts) and brings its schema up to date first.
 */
import { loadConfig } from '../config/config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { sendToAdminSocket } from './admin-socket';
import { parseAdminCommand, runAdminCommand, USAGE, UsageError } from './commands';

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
  let database: Database;
  try {
    database = await openDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    );
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    // PGlite admits one process per data folder: the running server holds it, so it runs the
    // command for us (admin-socket.ts).
    const reply = await sendToAdminSocket(config.dataDir, argv);
    if (!reply) {
      console.error(`${error.message}`);
      return 1;
    }
    (reply.code === 0 ? console.log : console.error)(reply.output);
    return reply.code;
  }
  try {
    await migrate(database.db);
    console.log(
      await runAdminCommand(database.db, command, { defaultTenantId: config.defaultTenantId }),
    );
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
