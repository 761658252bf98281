import { Select } from '@mantine/core';

export type CreditableDevice = { Id: number; Name: string | null; SerialNumber: string };

/**
 * Which of the signed-in buyer's devices instant updates (13) or the pet monitor upgrade (27) are
 * credited to (store-and-public-site §4, §5; decision 044): nothing is shipped for them.
 */
export function DeviceChoice({
  devices,
  value,
  onChange,
  error,
  disabled,
}: {
  devices: readonly CreditableDevice[];
  value: number | null;
  onChange: (userDeviceId: number | null) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  return (
    <Select
      label="Device to credit"
      description="The purchase is added to this device; nothing is shipped."
      placeholder={devices.length === 0 ? 'You have no devices yet' : 'Choose a device'}
      data={devices.map((device) => ({
        value: String(device.Id),
        label: device.Name ? `${device.Name} (${device.SerialNumber})` : device.SerialNumber,
      }))}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      error={error}
      disabled={disabled}
      allowDeselect={false}
    />
  );
}
