import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Group, Input, Loader, Text, TextInput } from '@mantine/core';
import { SERIAL_FORMATS } from '@monitor/domain/devices/serials';
import { CheckIcon } from '../../../components/ui/icons';
import { errorMessageFor } from '../../../lib/api-client';
import { validatePeripheral, type ValidatedPeripheral } from '../api/validate-peripheral';

const { parts: PART_COUNT, partLength: PART_LENGTH } = SERIAL_FORMATS.puck;
const EMPTY_PARTS: readonly string[] = Array.from({ length: PART_COUNT }, () => '');
/** Puck ids are hexadecimal (the contract's PuckSerial); other characters are dropped as typed. */
const NOT_HEX = /[^0-9A-F]/g;

const cleanHex = (text: string) => text.toUpperCase().replace(NOT_HEX, '');
const isPartComplete = (part: string) => part.length === PART_LENGTH;

/** The serial entry's states (device-management §4 "Serial entry"); `invalid` carries why, if the server said so. */
export type PuckSerialState =
  | { status: 'invalid'; message: string | null }
  | { status: 'validating' }
  | { status: 'valid'; serial: string; puck: ValidatedPeripheral };

export type PuckSerialInputProps = {
  onStateChange: (state: PuckSerialState) => void;
  isDisabled?: boolean;
};

const FALLBACK_REJECTION = 'This SPuck id could not be checked. Please try again.';

/**
 * The puck serial in four parts of 2 hex characters (device-management §2, §5): focus moves on as
 * each part fills; once all four are valid the server checks the serial, and a rejection (404 no
 * such puck, 409 registered to another device) shows the server's message.
 */
export function PuckSerialInput({ onStateChange, isDisabled = false }: PuckSerialInputProps) {
  const [parts, setParts] = useState<readonly string[]>(EMPTY_PARTS);
  const [state, setState] = useState<PuckSerialState>({ status: 'invalid', message: null });
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const id = useId();
  const statusId = `${id}-status`;
  // The check below reruns only for a new serial, not when the parent passes a new callback.
  const reportRef = useRef(onStateChange);
  useEffect(() => {
    reportRef.current = onStateChange;
  }, [onStateChange]);

  const serial = parts.every(isPartComplete) ? parts.join('') : null;

  useEffect(() => {
    const report = (next: PuckSerialState) => {
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
    validatePeripheral(serial, { signal: controller.signal }).then(
      (puck) => report({ status: 'valid', serial, puck }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          report({ status: 'invalid', message: errorMessageFor(error, FALLBACK_REJECTION) });
        }
      },
    );
    return () => controller.abort();
  }, [serial]);

  function change(index: number, raw: string) {
    const part = cleanHex(raw).slice(0, PART_LENGTH);
    setParts((current) => current.map((old, i) => (i === index ? part : old)));
    if (isPartComplete(part)) inputs.current[index + 1]?.focus();
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const pasted = cleanHex(event.clipboardData.getData('text'));
    // A whole id pasted in the first part ("0A-1B-2C-3D" too) fills all four.
    if (index !== 0 || pasted.length !== PART_COUNT * PART_LENGTH) return;
    event.preventDefault();
    setParts(EMPTY_PARTS.map((_, i) => pasted.slice(i * PART_LENGTH, (i + 1) * PART_LENGTH)));
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
      label="SPuck id"
      description="The 8 characters printed on the SPuck, for example 0A-1B-2C-3D."
      labelElement="div"
      required
    >
      <Group gap={6} wrap="nowrap" role="group" aria-label="SPuck id" mt={4}>
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
              placeholder="00"
              maxLength={PART_LENGTH}
              w={56}
              value={part}
              disabled={isDisabled}
              error={isRejected}
              onChange={(event) => change(index, event.currentTarget.value)}
              onPaste={(event) => paste(index, event)}
              onKeyDown={(event) => keyDown(index, event)}
              styles={{ input: { textAlign: 'center', letterSpacing: '0.08em' } }}
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

function serialStatusText(state: PuckSerialState): string {
  switch (state.status) {
    case 'invalid':
      return state.message ?? 'Enter all four parts of the SPuck id.';
    case 'validating':
      return 'Checking the SPuck id…';
    case 'valid':
      return 'SPuck id found.';
  }
}
