import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * What a test can do to the world outside the web app: change the conditions in a simulated
 * unit's place through the simulator's control port, and make pucks in the inventory with the
 * admin command, as staff would. Both reach the product the Playwright config started.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

function controlUrl(): string {
  const port = process.env.E2E_SIMULATOR_CONTROL_PORT;
  if (!port)
    throw new Error('E2E_SIMULATOR_CONTROL_PORT is not set: run through playwright.config.ts');
  return `http://127.0.0.1:${port}`;
}

/** Starts an event (e.g. a cooling failure) in the place of the unit with this serial, now. */
export async function startSimulatedEvent(
  serialNumber: string,
  event: { kind: 'coolingFailure' | 'powerCut' | 'waterLeak'; minutes: number; depth?: number },
): Promise<void> {
  const answer = await fetch(`${controlUrl()}/units/${serialNumber}/events`, {
    method: 'POST',
    body: JSON.stringify(event),
  });
  if (answer.status !== 202)
    throw new Error(`simulator control: ${answer.status} ${await answer.text()}`);
}

/** Makes a new puck in the inventory with the admin command and returns its hex serial. */
export async function provisionPuck(logicLevel: number): Promise<string> {
  const { stdout } = await run(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'provision-pucks',
      '--count',
      '1',
      '--logic-level',
      String(logicLevel),
      '--json',
    ],
    { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR } },
  );
  // npm may print warnings around the command's JSON.
  const json = stdout.slice(stdout.indexOf('['), stdout.lastIndexOf(']') + 1);
  const [puck] = JSON.parse(json) as { Serial: string }[];
  if (!puck) throw new Error(`provision-pucks printed no puck: ${stdout}`);
  return puck.Serial;
}
