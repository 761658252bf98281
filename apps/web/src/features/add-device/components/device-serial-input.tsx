import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Group, Input, Loader, Text, TextInput } from '@mantine/core';
import type { DeviceBySerial } from '@monitor/contract/user-devices';
import {
  SERIAL_FORMATS,
  cleanSerialPart,
  joinSerialParts,
  nextSerialFocus,
  splitSerial,
} from '@monitor/domain/devices/serials';
import { CheckIcon } from '../../../components/ui/icons';
import { errorMessageFor } from '../../../lib/api-client';
import { validateSerial } from '../api/validate-serial';

const { parts: PART_COUNT, partLength: PART_LENGTH } = SERIAL_FORMATS.device;
const EMPTY_PARTS: readonly string[] = Array.from({ length: PART_COUNT }, () => '');

/** The serial entry's states; `invalid` carries why, if the server said so (404, 409). */
export type DeviceSerialState =
  | { status: 'invalid'; message: string | null }
  | { status: 'validating' }
  | { status: 'valid'; serial: string; device: DeviceBySerial };

export type DeviceSerialInputProps = {
  onStateChange: (state: DeviceSerialState) => void;
  isDisabled?: boolean;
  /** Changing it empties the parts (a multi-unit mismatch resets the entry, §4). */
  resetKey?: number;
  /** The serial already entered, when the user comes back to the step. */
  initialSerial?: string;
};

const FALLBACK_REJECTION = 'This serial number could not be checked. Please try again.';

/**
 * The device serial in two parts of 3 (accounts-devices-billing §5): focus moves to part 2 once
 * part 1 holds 3 valid characters; with all 6 the server checks the serial, and a rejection (404
 * no such serial, 409 already registered) shows the server's message.
 */
export function DeviceSerialInput({
  onStateChange,
  isDisabled = false,
  resetKey = 0,
  initialSerial,
}: DeviceSerialInputProps) {
  const [parts, setParts] = useState<readonly string[]>(() =>
    initialSerial ? splitSerial(initialSerial, 'device') : EMPTY_PARTS,
  );
  const [state, setState] = useState<DeviceSerialState>({ status: 'invalid', message: null });
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const id = useId();
  const statusId = `${id}-status`;
  const reportRef = useRef(onStateChange);
  useEffect(() => {
    reportRef.current = onStateChange;
  }, [onStateChange]);

  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setParts(EMPTY_PARTS);
  }
  useEffect(() => {
    if (resetKey > 0) inputs.current[0]?.focus();
  }, [resetKey]);

  const serial = joinSerialParts(parts, 'device');

  useEffect(() => {
    const report = (next: DeviceSerialState) => {
      setState(next);
      reportRef.current(next);
    };
    if (!serial) {
      report({ status: 'invalid', message: null });
      return;
    }
    // A newer serial aborts the check of the one typed before it.
    const controller = new AbortController();
    report({ status: 'validating' });
    validateSerial(serial, { signal: controller.signal }).then(
      (device) => report({ status: 'valid', serial, device }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          report({ status: 'invalid', message: errorMessageFor(error, FALLBACK_REJECTION) });
        }
      },
    );
    return () => controller.abort();
  }, [serial]);

  function change(index: number, raw: string) {
    const part = cleanSerialPart(raw, 'device');
    setParts((current) => current.map((old, i) => (i === index ? part : old)));
    const next = nextSerialFocus(part, index, 'device');
    if (next !== index) inputs.current[next]?.focus();
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const whole = splitSerial(event.clipboardData.getData('text'), 'device');
    // A whole serial pasted in part 1 ("ABC-123" too) fills both.
    if (index !== 0 || !joinSerialParts(whole, 'device')) return;
    event.preventDefault();
    setParts(whole);
    inputs.current[PART_COUNT - 1]?.focus();
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && parts[index] === '' && index > 0) {
      inputs.current[index - 1]?.focus();
    }
  }

  const isRejected = state.status === 'invalid' && state.message !== null;
  return (
    <Input.Wrapper
      label="Serial number"
      description="The 6 characters on the label of your device, for example ABC-123."
      labelElement="div"
      required
    >
      <Group gap={6} wrap="nowrap" role="group" aria-label="Serial number" mt={4}>
        {parts.map((part, index) => (
          <Group key={index} gap={6} wrap="nowrap">
            {index > 0 && (
              <Text c="dimmed" aria-hidden>
                –
              </Text>
            )}
            <TextInput
              ref={(element) => {
                inputs.current[index] = element;
              }}
              aria-label={`Serial number part ${index + 1} of ${PART_COUNT}`}
              aria-describedby={statusId}
              aria-invalid={isRejected || undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="000"
              maxLength={PART_LENGTH}
              w={72}
              value={part}
              disabled={isDisabled}
              error={isRejected}
              onChange={(event) => change(index, event.currentTarget.value)}
              onPaste={(event) => paste(index, event)}
              onKeyDown={(event) => keyDown(index, event)}
              styles={{ input: { textAlign: 'center', letterSpacing: '0.1em' } }}
            />
          </Group>
        ))}
        {state.status === 'validating' && <Loader size="xs" aria-hidden />}
        {state.status === 'valid' && <CheckIcon size={18} aria-hidden color="green" />}
      </Group>
      <Text
        id={statusId}
        size="sm"
        mt={6}
        c={isRejected ? 'red' : state.status === 'valid' ? 'green.8' : 'dimmed'}
        role={isRejected ? 'alert' : 'status'}
      >
        {serialStatusText(state)}
      </Text>
    </Input.Wrapper>
  );
}

function serialStatusText(state: DeviceSerialState): string {
  switch (state.status) {
    case 'invalid':
      return state.message ?? 'Enter both parts of the serial number.';
    case 'validating':
      return 'Checking the serial number…';
    case 'valid':
      return 'Serial number found.';
  }
}
