import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/**
 * The simulator as its own process (`apps/simulator` CLI), driving a product over HTTP only, with
 * `--ack-log` recording every report a 200 answer made durable. Nothing here imports from apps/*.
 */

const ROOT = new URL('../../..', import.meta.url).pathname;
const CLI = `${ROOT}apps/simulator/src/cli.ts`;

export type SimulatorProcess = {
  /** Acknowledged ReportTimestamps by IMEI, as the ack log holds them now. */
  readAcks: () => Map<string, string[]>;
  ackCount: () => number;
  /** SIGTERM, then waits until the process has exited (its log is final then). */
  stop: () => Promise<void>;
  output: () => string;
};

export function startSimulatorProcess({
  url,
  devicesFile,
  ackLog,
  args = [],
}: {
  url: string;
  devicesFile: string;
  ackLog: string;
  args?: string[];
}): SimulatorProcess {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      CLI,
      `--url=${url}`,
      `--devices=${devicesFile}`,
      `--ack-log=${ackLog}`,
      ...args,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readLines = () =>
    existsSync(ackLog) ? readFileSync(ackLog, 'utf8').split('\n').filter(Boolean) : [];
  return {
    readAcks: () => {
      const acks = new Map<string, string[]>();
      for (const line of readLines()) {
        const [imei = '', timestamp = ''] = line.split(' ');
        acks.set(imei, [...(acks.get(imei) ?? []), timestamp]);
      }
      return acks;
    },
    ackCount: () => readLines().length,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    output: () => output,
  };
}

/** Polls `condition` every 200 ms until it holds; throws with `describe()` after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 30_000, describe = () => '' }: { timeoutMs?: number; describe?: () => string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting. ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
