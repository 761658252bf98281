/**
 * Runs a vitest selection several times and names the tests that failed in some runs but not in
 * all: the flaky ones a single green run hides (issue #21). Each run is shuffled with its own
 * seed, printed, so an order-dependent failure can be replayed with `TEST_SEED=<seed>`.
 *
 *   npm run test:repeat -- --runs 5 --project web
 *   npm run test:repeat -- --runs 10 --project web apps/web/src/app/routes/landing-pages.test.tsx
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** The part of vitest's JSON report (the Jest format) that this reads. */
type Report = {
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
};

function parseArgs(argv: string[]) {
  const at = argv.indexOf('--runs');
  if (at === -1) return { runs: 5, vitestArgs: argv };
  const runs = Number(argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error('--runs takes a whole number, 1 or more');
  return { runs, vitestArgs: [...argv.slice(0, at), ...argv.slice(at + 2)] };
}

/** The failed tests of one run, by file and full name; a file that failed to load counts whole. */
function failuresOf(report: Report): string[] {
  return report.testResults.flatMap((file) => {
    const name = relative(process.cwd(), file.name);
    const failed = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${name} > ${test.fullName}`);
    if (failed.length === 0 && file.message) return [`${name} (the file did not run)`];
    return failed;
  });
}

const { runs, vitestArgs } = parseArgs(process.argv.slice(2));
const folder = mkdtempSync(join(tmpdir(), 'repeat-tests-'));
const failures = new Map<string, number[]>();
try {
  for (let run = 1; run <= runs; run++) {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const output = join(folder, `run-${run}.json`);
    console.log(`\n=== run ${run} of ${runs}, TEST_SEED=${seed}`);
    const started = Date.now();
    const result = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--reporter=dot',
        '--reporter=json',
        `--outputFile.json=${output}`,
        ...vitestArgs,
      ],
      { stdio: 'inherit', env: { ...process.env, TEST_SEED: String(seed) } },
    );
    let report: Report;
    try {
      report = JSON.parse(readFileSync(output, 'utf8')) as Report;
    } catch {
      throw new Error(`run ${run} wrote no report (vitest exited with ${result.status})`);
    }
    const failed = failuresOf(report);
    for (const name of failed) failures.set(name, [...(failures.get(name) ?? []), seed]);
    console.log(
      `=== run ${run}: ${failed.length} failed, ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

console.log(`\n${runs} runs of: vitest run ${vitestArgs.join(' ')}`);
if (failures.size === 0) {
  console.log('No test failed in any run.');
} else {
  for (const [name, seeds] of failures) {
    const kind =
      seeds.length === runs ? 'failed every run' : `FLAKY, failed ${seeds.length} of ${runs}`;
    console.log(`- ${kind}: ${name}\n  seeds: ${seeds.join(', ')}`);
  }
  process.exitCode = 1;
}
