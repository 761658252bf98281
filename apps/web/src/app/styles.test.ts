import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Mantine is loaded one stylesheet per component (decision 003), so a component used without its
 * stylesheet draws as bare browser controls (the notification dialog's radios did). Every
 * stylesheet in the module graph of every Mantine component the app imports must be loaded by
 * app/styles.ts or by the file that imports the component.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The package's own folder (cjs/index.cjs two levels down), then its ES modules.
const MANTINE_ESM = join(
  dirname(dirname(createRequire(import.meta.url).resolve('@mantine/core'))),
  'esm',
);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The names a file imports from '@mantine/core', types left out. */
function mantineImports(source: string): string[] {
  return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

/** The stylesheets a file imports, by name ('Radio' for '@mantine/core/styles/Radio.css'). */
function stylesheetImports(source: string): Set<string> {
  return new Set(
    [...source.matchAll(/import\s+'@mantine\/core\/styles\/([A-Za-z]+)\.css'/g)].map(
      (match) => match[1] ?? '',
    ),
  );
}

const indexSource = readFileSync(join(MANTINE_ESM, 'index.mjs'), 'utf8');
const moduleOfExport = new Map(
  [...indexSource.matchAll(/import \{([^}]*)\} from "\.\/([^"]+)";/g)].flatMap((match) =>
    (match[1] ?? '').split(',').map((name) => [name.trim(), join(MANTINE_ESM, match[2] ?? '')]),
  ),
);

type MantineModule = {
  /** The stylesheet of the module's own CSS module, if it has one. */
  sheet: string | null;
  /** Modules it renders with (static members such as Radio.Card left out). */
  uses: string[];
  /** Static members (`Radio.Card = RadioCard`) and the module of each. */
  members: Map<string, string>;
};

const modules = new Map<string, MantineModule>();

function readModule(file: string): MantineModule {
  const known = modules.get(file);
  if (known) return known;
  const source = readFileSync(file, 'utf8');
  const fileOf = new Map<string, string>();
  for (const match of source.matchAll(/import (?:\{([^}]*)\}|(\w+)) from "(\.[^"]+)";/g)) {
    const path = resolve(dirname(file), match[3] ?? '');
    for (const name of (match[1] ?? match[2] ?? '').split(',')) fileOf.set(name.trim(), path);
  }
  const members = new Map<string, string>();
  for (const match of source.matchAll(/^\w+\.(\w+) = (\w+);$/gm)) {
    const path = fileOf.get(match[2] ?? '');
    if (path) members.set(match[1] ?? '', path);
  }
  const body = source.replace(/^import .*$/gm, '');
  const count = (pattern: RegExp) => body.match(pattern)?.length ?? 0;
  // Imported only to hang on the component as a static member: drawn only when the app uses it.
  const isMemberOnly = (name: string) =>
    count(new RegExp(`\\b${name}\\b`, 'g')) === count(new RegExp(`= ${name};$`, 'gm'));
  const uses = [...fileOf].filter(([name]) => !isMemberOnly(name)).map(([, path]) => path);
  const cssModule = /^\/\/#region .*\/([A-Za-z]+)\.module\.css$/m.exec(source);
  const module = { sheet: cssModule?.[1] ?? null, uses, members };
  modules.set(file, module);
  return module;
}

/** Every Mantine stylesheet a component's modules use, following what it renders with. */
function stylesheetsOf(file: string, seen = new Set<string>()): Set<string> {
  const sheets = new Set<string>();
  // core/ holds the provider and style system: global.css and the layers, loaded first.
  if (seen.has(file) || file.includes(`${MANTINE_ESM}/core/`)) return sheets;
  seen.add(file);
  const module = readModule(file);
  if (module.sheet) sheets.add(module.sheet);
  for (const next of module.uses) for (const sheet of stylesheetsOf(next, seen)) sheets.add(sheet);
  return sheets;
}

/** The modules a file draws with a Mantine component: the component, and each `Name.Member` it uses. */
function modulesUsed(source: string, name: string): string[] {
  const module = moduleOfExport.get(name);
  if (!module) return []; // a hook, helper or type: nothing to draw
  const members = [...source.matchAll(new RegExp(`\\b${name}\\.(\\w+)`, 'g'))].flatMap(
    (match) => readModule(module).members.get(match[1] ?? '') ?? [],
  );
  return [module, ...members];
}

describe('Mantine stylesheets', () => {
  const globalSheets = stylesheetImports(readFileSync(join(SRC, 'app/styles.ts'), 'utf8'));
  const files = sourceFiles(SRC);

  it('finds the Mantine components the app uses', () => {
    const used = new Set(files.flatMap((file) => mantineImports(readFileSync(file, 'utf8'))));
    expect(used).toContain('Button');
    expect(used).toContain('Radio');
  });

  it('loads the stylesheet of every Mantine component in use, and of what it is built on', () => {
    const missing = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const loaded = new Set([...globalSheets, ...stylesheetImports(source)]);
      for (const name of mantineImports(source)) {
        for (const module of modulesUsed(source, name)) {
          for (const sheet of stylesheetsOf(module)) {
            if (!loaded.has(sheet))
              missing.add(`${relative(SRC, file)}: ${name} needs ${sheet}.css`);
          }
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});
