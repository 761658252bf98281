import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../app';
import { createContext } from '../create-context';
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/config/logger';

/**
 * Writes the OpenAPI document the server serves at /api/docs to the file named on the command
 * line, built as the server builds it (on a throwaway embedded database), for `redocly lint`
 * (`npm run check`, issue #22).
 */
const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: tsx src/tools/write-openapi.ts FILE');
const dataDir = await mkdtemp(join(tmpdir(), 'openapi-'));
const silent = createLogger('silent');
const running = await createContext(
  { ...loadConfig({ DATA_DIR: dataDir }), webDist: undefined },
  { log: silent },
);
try {
  const app = await buildApp({ ctx: running.ctx });
  await app.ready();
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(app.swagger(), null, 2));
  await app.close();
} finally {
  await running.close();
  await rm(dataDir, { recursive: true, force: true });
}
