import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/database/database';
import { migrate } from '../src/platform/database/migrate';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    /** A dump of a migrated embedded database; each test file loads its own copy (about 1 s, not 3). */
    pgliteTemplate: string;
  }
}

/** Migrates one embedded database once for the whole run. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'monitor-template-'));
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await migrate(database.db);
  await database.close();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const path = join(dir, 'template.tar');
  await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', path);
  return () => rm(dir, { recursive: true, force: true });
}
