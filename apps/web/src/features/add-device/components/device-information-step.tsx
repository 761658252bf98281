import { useState } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import type { DeviceBySerial } from '@monitor/contract/user-devices';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import { SERIAL_FORMATS } from '@monitor/domain/devices/serials';
import { TIME_ZONE_OPTIONS, formatTimeZoneOption } from '@monitor/domain/devices/time-zones';
import { useBrandMessage } from '../../../lib/brand-context';
import type { InformationEntries } from '../lib/wizard-draft';
import { DEFAULT_TIME_ZONE, checkFoundDevice, type DeviceInformation } from '../lib/wizard-rules';
import { DeviceSerialInput, type DeviceSerialState } from './device-serial-input';
import { LimitedTextInput } from '../../../components/ui/limited-text-input';
import { Form } from '../../../components/ui/form';

export type DeviceInformationStepProps = {
  /** What was entered before, when the user comes back to this step. */
  initial: DeviceInformation | null;
  /** Entries typed and not yet taken by Next, when a kept draft resumes (over `initial`). */
  typed?: InformationEntries | null;
  /** Each change of the entries on screen, for a draft to keep. */
  onEntriesChange?: (entries: InformationEntries) => void;
  /** The billing-user check (§6), null while it loads. */
  billingCheck: number | null;
  /** A further unit must match the first one (multi-unit mode, §4); answers the alert or null. */
  checkMatch?: (device: DeviceBySerial) => string | null;
  onDirtyChange: (isDirty: boolean) => void;
  /** Firmware below 4: the wizard is cancelled after the alert (§5). */
  onUnsupportedFirmware: (device: DeviceBySerial) => void;
  onNext: (information: DeviceInformation) => void;
  /** The submit button's label ('Next' in the wizard). */
  submitLabel?: string;
  isBusy?: boolean;
};

type Errors = Partial<Record<'serial' | 'name', string>>;

function partsOf(serial: string): string[] {
  const { parts, partLength } = SERIAL_FORMATS.device;
  return Array.from({ length: parts }, (_, i) =>
    serial.slice(i * partLength, (i + 1) * partLength),
  );
}

/**
 * Step 1, Device Information (accounts-devices-billing §2, §5, §9): the serial checked by the
 * server (404, 409), the firmware gate, the billed-account rules, then name, location and time
 * zone (GMT -10 to -4, Eastern by default).
 */
export function DeviceInformationStep({
  initial,
  typed = null,
  onEntriesChange,
  billingCheck,
  checkMatch,
  onDirtyChange,
  onUnsupportedFirmware,
  onNext,
  submitLabel = 'Next',
  isBusy = false,
}: DeviceInformationStepProps) {
  const brandMessage = useBrandMessage();
  const [serialState, setSerialState] = useState<DeviceSerialState>(
    initial && !typed
      ? { status: 'valid', serial: initial.serial, found: initial.device }
      : { status: 'invalid', message: null },
  );
  const [resetKey, setResetKey] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [serialParts, setSerialParts] = useState(
    () => typed?.serialParts ?? partsOf(initial?.serial ?? ''),
  );
  const [name, setName] = useState(typed?.name ?? initial?.name ?? '');
  const [location, setLocation] = useState(typed?.location ?? initial?.location ?? '');
  const [timeZone, setTimeZone] = useState(
    typed?.timeZone ?? initial?.timeZone ?? DEFAULT_TIME_ZONE,
  );
  const [errors, setErrors] = useState<Errors>({});

  function edit(change: Partial<InformationEntries>) {
    onEntriesChange?.({ serialParts, name, location, timeZone, ...change });
  }

  function serialChanged(state: DeviceSerialState) {
    setSerialState(state);
    // A new serial clears the last refusal; the emptied entry after a mismatch keeps it shown.
    if (state.status === 'validating') setRefusal(null);
    if (state.status !== 'invalid' || state.message) onDirtyChange(true);
    if (state.status !== 'valid') return;
    const check = checkFoundDevice(state.found, billingCheck);
    if (check.kind === 'unsupported-firmware') {
      onUnsupportedFirmware(state.found);
      return;
    }
    if (check.kind === 'wrong-account') {
      setRefusal(brandMessage(check.message));
      return;
    }
    const mismatch = checkMatch?.(state.found) ?? null;
    if (mismatch) {
      // The alert, then the entry starts over (accounts-devices-billing §4).
      setRefusal(mismatch);
      setResetKey((key) => key + 1);
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (serialState.status !== 'valid' || refusal)
      found.serial = refusal ?? 'Enter a valid serial number.';
    if (!name.trim()) found.name = 'Name is required.';
    else if (name.trim().length > 100) found.name = 'Name is too long.';
    setErrors(found);
    if (Object.keys(found).length > 0 || serialState.status !== 'valid') return;
    onNext({
      serial: serialState.serial,
      device: serialState.found,
      name: name.trim(),
      location: location.trim(),
      timeZone,
    });
  }

  return (
    <Form onSubmit={submit} aria-label="Device information" noValidate>
      <Stack gap="md">
        <DeviceSerialInput
          key={initial?.serial ?? 'new'}
          initialSerial={initial?.serial}
          initialParts={typed?.serialParts}
          onPartsChange={(parts) => {
            setSerialParts([...parts]);
            edit({ serialParts: [...parts] });
          }}
          resetKey={resetKey}
          isDisabled={isBusy}
          onStateChange={serialChanged}
          error={refusal ?? (serialState.status === 'valid' ? null : (errors.serial ?? null))}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <LimitedTextInput
            label="Device name"
            required
            value={name}
            error={errors.name}
            disabled={isBusy}
            onChange={(event) => {
              setName(event.currentTarget.value);
              edit({ name: event.currentTarget.value });
              onDirtyChange(true);
            }}
          />
          <LimitedTextInput
            label="Location"
            value={location}
            disabled={isBusy}
            onChange={(event) => {
              setLocation(event.currentTarget.value);
              edit({ location: event.currentTarget.value });
              onDirtyChange(true);
            }}
          />
        </SimpleGrid>
        <NativeSelect
          label="Time zone"
          value={String(timeZone)}
          disabled={isBusy}
          data={TIME_ZONE_OPTIONS.map((option) => ({
            value: String(option.offset),
            label: formatTimeZoneOption(option),
          }))}
          onChange={(event) => {
            setTimeZone(Number(event.currentTarget.value));
            edit({ timeZone: Number(event.currentTarget.value) });
            onDirtyChange(true);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isBusy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** The firmware gate's alert with the brand's phone (accounts-devices-billing §5). */
export const UNSUPPORTED_DEVICE_MESSAGE = DEVICE_RULE_MESSAGES.deviceNoLongerSupported;
