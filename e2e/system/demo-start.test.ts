import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, findFreePort } from './support/product';
import { waitUntil } from './support/simulator';

/**
 * `npm start` without the web build: the launcher runs the server and the simulator on the demo
 * fleet (decision 013). No back-fill and an hour between readings, so a new report comes only
 * when a command asks for one.
 */

const ROOT = new URL('../..', import.meta.url).pathname;
const LAUNCHER = 'apps/server/src/demo/launch.ts';
/** The instant-update dialog reads the last report time up to 9 times, 10 s apart (device-management §4). */
const INSTANT_UPDATE_BUDGET_MS = 90_000;

/**
 * The launcher runs on the embedded database whatever DATABASE_URL says: with it (CI's PostgreSQL
 * pass, `npm run test:database`), where only what differs by database runs, these are skipped.
 */
const onPostgresPass = Boolean(process.env.DATABASE_URL);

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The launcher's child processes: pid and command line. */
function childrenOf(pid: number): { pid: number; args: string }[] {
  const text = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], {
    encoding: 'utf8',
  });
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [, childPid = '0', args = ''] = /^\s*(\d+)\s+(.*)$/.exec(line) ?? [];
      return { pid: Number(childPid), args };
    });
}

type Launched = { launcher: ChildProcess; url: string; output: () => string };

/** Starts the launcher on a fresh data folder and waits until the simulator runs. */
async function startLauncher(): Promise<Launched> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const launcher = spawn(process.execPath, ['--import', 'tsx', LAUNCHER], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'monitor-demo-')),
      DATABASE_URL: '',
      DEMO_SEED: 'true',
      SIMULATOR_BACKFILL_DAYS: '0',
      SIMULATOR_INTERVAL: '3600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  launcher.stdout?.on('data', keep);
  launcher.stderr?.on('data', keep);
  await waitUntil(() => output.includes('Simulating 4 demo units'), {
    timeoutMs: 60_000,
    describe: () => output,
  });
  return { launcher, url, output: () => output };
}

function stopLauncher({ launcher }: Launched) {
  if (launcher.exitCode === null && launcher.signalCode === null) launcher.kill('SIGTERM');
}

describe.skipIf(onPostgresPass)(
  'npm start: server and simulator together on the demo fleet (issue #4)',
  () => {
    let launched: Launched;
    let launcher: ChildProcess;
    let url: string;
    const output = () => launched.output();
    beforeAll(async () => {
      launched = await startLauncher();
      ({ launcher, url } = launched);
    });
    afterAll(() => stopLauncher(launched));

    it('answers RPT from the owner with a fresh report: lastUpdatedTime moves (device-management §4 instant update)', async () => {
      const user = await callJson<{ Id: number; AccessToken: string }>(`${url}/LoginGateway.php`, {
        method: 'POST',
        body: { username: 'demo@example.com', password: 'demo-password' },
      });
      const token = user.AccessToken;
      const devices = await callJson<{ Id: number; Name: string; DeviceId: string }[]>(
        `${url}/api/users/${user.Id}/devices`,
        { token },
      );
      const serverRoom = devices.find((device) => device.Name === 'Server Room');
      if (!serverRoom) throw new Error('no Server Room unit in the demo fleet');
      const lastUpdated = async () =>
        (
          await callJson<{ ReportTimestamp: string | null }>(
            `${url}/api/reportlog/lastUpdatedTime/?imei=${serverRoom.DeviceId}`,
            { token },
          )
        ).ReportTimestamp;
      // The unit's first reading, taken when the simulator started.
      await waitUntil(async () => (await lastUpdated()) !== null, { describe: output });
      const before = await lastUpdated();

      const requestedAt = Math.floor(Date.now() / 1000) * 1000;
      await callJson(`${url}/api/devices/${serverRoom.Id}/sendtext/RPT`, { method: 'POST', token });
      await waitUntil(async () => (await lastUpdated()) !== before, {
        timeoutMs: INSTANT_UPDATE_BUDGET_MS,
        describe: output,
      });
      const after = (await lastUpdated()) ?? '';
      expect(Date.parse(after)).toBeGreaterThanOrEqual(requestedAt);
    });

    it('stops the simulator and itself when the server dies', async () => {
      const launcherPid = launcher.pid ?? 0;
      const children = childrenOf(launcherPid);
      const server = children.find((child) => child.args.includes('server.ts'));
      const simulator = children.find((child) => child.args.includes('simulator'));
      if (!server || !simulator) throw new Error(`children not found: ${JSON.stringify(children)}`);
      process.kill(server.pid, 'SIGKILL');
      await waitUntil(() => launcher.exitCode !== null, { describe: output });
      expect(launcher.exitCode).toBe(1);
      expect(isAlive(simulator.pid)).toBe(false);
    });
  },
);

describe.skipIf(onPostgresPass)(
  'npm start: the launcher killed outright (issue #5: a test runner stops it with SIGKILL)',
  () => {
    it('takes the server and the simulator with it, so nothing holds the port or the data folder', async () => {
      const launched = await startLauncher();
      const children = childrenOf(launched.launcher.pid ?? 0);
      expect(children).toHaveLength(2);
      launched.launcher.kill('SIGKILL');
      await waitUntil(() => children.every((child) => !isAlive(child.pid)), {
        timeoutMs: 20_000,
        describe: () => `still running: ${JSON.stringify(children.filter((c) => isAlive(c.pid)))}`,
      });
    });
  },
);
