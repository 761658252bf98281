import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join, resolve } from 'node:path';
import { parseAdminCommand, runAdminCommand, UsageError, type AdminContext } from './commands';

/**
 * Admin commands while the server holds the embedded database (issue #4). PGlite admits one
 * process per data folder, so the server listens on a Unix socket inside that folder and runs
 * the commands the CLI hands it. Only someone who may enter the data folder can reach the socket
 * (created 0600), which is who could open the database anyway.
 */

export type AdminReply = { code: number; output: string };

const SOCKET_NAME = 'admin.sock';

export function adminSocketPath(dataDir: string): string {
  return join(resolve(dataDir), SOCKET_NAME);
}

/** Serves admin commands on the data folder's socket; answers a function that stops it. */
export async function startAdminSocket({
  ctx,
  dataDir,
  defaultTenantId,
}: {
  ctx: AdminContext;
  dataDir: string;
  defaultTenantId: number;
}): Promise<() => Promise<void>> {
  const path = adminSocketPath(dataDir);
  // A socket file left by a killed server: we hold the data-folder lock, so it is stale.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (!input.includes('\n')) return;
      void answer(input.slice(0, input.indexOf('\n'))).then((reply) =>
        socket.end(`${JSON.stringify(reply)}\n`),
      );
    });
  });
  async function answer(line: string): Promise<AdminReply> {
    try {
      const { argv, cwd } = JSON.parse(line) as { argv: string[]; cwd?: string };
      const command = parseAdminCommand(argv, { cwd: cwd ?? dataDir });
      return { code: 0, output: await runAdminCommand(ctx, command, { defaultTenantId }) };
    } catch (error) {
      if (error instanceof UsageError) return { code: 1, output: error.message };
      return {
        code: 1,
        output: `admin: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => done());
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((done) => {
      server.close(() => done());
      rmSync(path, { force: true });
    });
}

/** Hands a command line to the server holding the data folder; null when no server listens there. */
export function sendToAdminSocket(
  dataDir: string,
  argv: readonly string[],
  { cwd }: { cwd: string },
): Promise<AdminReply | null> {
  return new Promise((done) => {
    const socket = createConnection(adminSocketPath(dataDir));
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv, cwd })}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('error', () => done(null));
    socket.on('end', () => {
      try {
        done(JSON.parse(output) as AdminReply);
      } catch {
        done(null);
      }
    });
  });
}
