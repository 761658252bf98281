import type { ProvisionedDevice, ProvisionedPuck } from '../services/inventory.service';

/** What provision-devices prints: JSON for scripts, else one aligned line per unit. */
export function formatProvisionedDevices(devices: ProvisionedDevice[], isJson: boolean): string {
  if (isJson) return JSON.stringify(devices, null, 2);
  const lines = devices.map(
    (device) => `${device.SerialNumber}  ${device.IMEI}  ${device.DeviceKey}`,
  );
  return [
    `Made ${devices.length} unit(s). Keep the device keys: they are not shown again.`,
    'SerialNumber  IMEI             DeviceKey',
    ...lines,
  ].join('\n');
}

/** What provision-pucks prints: JSON for scripts, else one serial per line. */
export function formatProvisionedPucks(pucks: ProvisionedPuck[], isJson: boolean): string {
  if (isJson) return JSON.stringify(pucks, null, 2);
  return [`Made ${pucks.length} puck(s).`, ...pucks.map((puck) => puck.Serial)].join('\n');
}
