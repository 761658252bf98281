import type { ProvisionedDevice, ProvisionedPuck } from '../modules/devices/inventory.service';

/**
 * What provision-devices prints: JSON for scripts, else one aligned line per unit. A NIST unit's
 * certificate number (`certificates`, by unit id) is its `Certificate` in the JSON and ends its line.
 */
export function formatProvisionedDevices(
  devices: ProvisionedDevice[],
  isJson: boolean,
  certificates: ReadonlyMap<number, string> = new Map(),
): string {
  if (isJson)
    return JSON.stringify(
      devices.map((device) => {
        const certificate = certificates.get(device.Id);
        return certificate ? { ...device, Certificate: certificate } : device;
      }),
      null,
      2,
    );
  const lines = devices.map((device) =>
    [device.SerialNumber, device.IMEI, device.DeviceKey, certificates.get(device.Id)]
      .filter(Boolean)
      .join('  '),
  );
  return [
    `Made ${devices.length} unit(s). Keep the device keys: they are not shown again.`,
    `SerialNumber  IMEI             DeviceKey${certificates.size > 0 ? '  Certificate' : ''}`,
    ...lines,
  ].join('\n');
}

/** What provision-pucks prints: JSON for scripts, else one serial per line. */
export function formatProvisionedPucks(pucks: ProvisionedPuck[], isJson: boolean): string {
  if (isJson) return JSON.stringify(pucks, null, 2);
  return [`Made ${pucks.length} puck(s).`, ...pucks.map((puck) => puck.Serial)].join('\n');
}
