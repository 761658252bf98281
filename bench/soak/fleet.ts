import type { AlarmPoint } from '@monitor/contract/alarm-points';
import type { UserDevice } from '@monitor/contract/user-devices';
import { callJson, type ProvisionedUnit } from '../support';

/**
 * The soak's customers and their units, made through the product's own calls: registration,
 * then each unit registered to its owner (default ranges and e-mail notifications), then what the
 * owners choose before the soak starts — humidity watched over 0–90 %RH (a cooling failure dries
 * a room below the default 10 %RH, and the soak's faults are meant to raise one alarm each), and
 * a second recipient for some units' temperature or power alarms.
 */

/** The alarm types the soak's faults raise: a cooling failure TEMP, a power cut POWER. */
export type FaultType = 'TEMP' | 'POWER';

export type SoakUnit = ProvisionedUnit & {
  name: string;
  owner: number;
  userDeviceId: number;
  temperaturePointId: number;
  /** The addresses each fault type's alarm e-mail goes to. */
  recipients: Record<FaultType, string[]>;
};

export type SoakOwner = {
  index: number;
  userId: number;
  email: string;
  units: SoakUnit[];
};

export const OWNER_PASSWORD = 'Soak-password-9';
/** Units of a small owner: few enough (1–9) for the web app's per-unit live channel. */
const SMALL_OWNER_UNITS = 5;
/** Setup calls in flight at once. */
const SETUP_PARALLEL = 8;

/**
 * Units per owner: a quarter of the owners have a few (their pages hold a live socket per unit,
 * device-management §4), the rest share the others, as a fleet's customers do.
 */
export function planOwnership(units: number, users: number): number[] {
  const small = Math.min(SMALL_OWNER_UNITS, Math.floor(units / users));
  const smallOwners = Math.ceil(users / 4);
  const counts = Array.from({ length: users }, (_, i) => (i < smallOwners ? small : 0));
  const rest = units - small * smallOwners;
  const sharing = users > smallOwners ? users - smallOwners : users;
  const first = users - sharing;
  for (let i = 0; i < sharing; i++) {
    counts[first + i]! += Math.floor(rest / sharing) + (i < rest % sharing ? 1 : 0);
  }
  return counts;
}

/** Runs `work` over `items`, `parallel` at a time. */
export async function eachLimited<T>(
  items: readonly T[],
  parallel: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

async function registerOwner(url: string, index: number, run: string) {
  const email = `soak-${run}-${index + 1}@example.com`;
  const user = await callJson<{ Id: number; AccessToken: string }>(
    `${url}/RegistrationGateway.php`,
    {
      method: 'POST',
      body: {
        FirstName: 'Soak',
        LastName: `User ${index + 1}`,
        EmailAddress: email,
        Password: OWNER_PASSWORD,
        ConfirmPassword: OWNER_PASSWORD,
        TenantId: 2,
      },
    },
  );
  return { userId: user.Id, token: user.AccessToken, email };
}

function pointOf(device: UserDevice, sensor: 'TEMP' | 'HUMIDITY'): AlarmPoint {
  const point = device.AlarmPoints.find(
    (p) => p.PeripheralId === null && p.DeviceSensor.SensorType === sensor,
  );
  if (!point) throw new Error(`unit ${device.SerialNumber} has no ${sensor} alarm point`);
  return point;
}

/** Registers every owner and unit and makes the owners' choices; logs progress every 100 units. */
export async function setUpFleet(
  url: string,
  units: readonly ProvisionedUnit[],
  users: number,
  run: string,
): Promise<SoakOwner[]> {
  const counts = planOwnership(units.length, users);
  const owners: SoakOwner[] = [];
  let done = 0;
  let offset = 0;
  const plan = counts.map((count, index) => {
    const slice = units.slice(offset, offset + count);
    offset += count;
    return { index, slice };
  });
  await eachLimited(plan, SETUP_PARALLEL, async ({ index, slice }) => {
    const { userId, token, email } = await registerOwner(url, index, run);
    const owner: SoakOwner = { index, userId, email, units: [] };
    for (const [n, unit] of slice.entries()) {
      const name = `Soak ${index + 1}-${n + 1}`;
      const device = await callJson<UserDevice>(`${url}/api/users/${userId}/devices`, {
        method: 'POST',
        token,
        body: { SerialNumber: unit.SerialNumber, Name: name },
      });
      await callJson(`${url}/api/alarmpoints/${pointOf(device, 'HUMIDITY').Id}`, {
        method: 'PUT',
        token,
        body: { RangeMin: 0, RangeMax: 90, TempPref: 'F' },
      });
      const recipients: SoakUnit['recipients'] = { TEMP: [email], POWER: [email] };
      // A neighbour hears of every fourth unit's temperature, a caretaker of every fifth's power.
      const extra: [FaultType, string][] = [];
      if (n % 4 === 1) extra.push(['TEMP', `neighbour-${run}-${index + 1}@example.com`]);
      if (n % 5 === 2) extra.push(['POWER', `caretaker-${run}-${index + 1}@example.com`]);
      for (const [alarmType, address] of extra) {
        await callJson(`${url}/api/notifications`, {
          method: 'POST',
          token,
          body: {
            DeviceId: device.Id,
            AlarmType: alarmType,
            MessageType: 'EMAIL',
            MessageAddress: address,
          },
        });
        recipients[alarmType].push(address);
      }
      owner.units.push({
        ...unit,
        name,
        owner: index,
        userDeviceId: device.Id,
        temperaturePointId: pointOf(device, 'TEMP').Id,
        recipients,
      });
      if (++done % 100 === 0) console.log(`  ${done} of ${units.length} units registered`);
    }
    // Signed out: each soak user signs in as the web app does.
    await callJson(`${url}/api/authorization/logout`, { method: 'POST', token });
    owners.push(owner);
  });
  return owners.sort((a, b) => a.index - b.index);
}
