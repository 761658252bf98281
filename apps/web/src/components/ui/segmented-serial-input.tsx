import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Group, Input, Loader, Text, TextInput } from '@mantine/core';
import { SERIAL_FORMATS, type SerialKind } from '@monitor/domain/devices/serials';
import { errorMessageFor } from '../../lib/api-client';
import { CheckIcon } from './icons/check-icon';

/** A serial entry's states; `invalid` carries why, if the server said so (404, 409). */
export type SerialCheck<T> =
  | { status: 'invalid'; message: string | null }
  | { status: 'validating' }
  | { status: 'valid'; serial: string; found: T };

export type SegmentedSerialInputProps<T> = {
  kind: SerialKind;
  label: string;
  description: string;
  /** What the whole serial may hold, upper-cased: the other characters are dropped as typed. */
  cleanText: (text: string) => string;
  /** Asks the server about a complete serial; a newer serial aborts the older check. */
  check: (serial: string, options: { signal: AbortSignal }) => Promise<T>;
  texts: { incomplete: string; checking: string; found: string; fallback: string };
  onStateChange: (state: SerialCheck<T>) => void;
  isDisabled?: boolean;
  /** Changing it empties the parts (a multi-unit mismatch resets the entry). */
  resetKey?: number;
  /** The serial already entered, when the user comes back to the step. */
  initialSerial?: string;
  /** The parts as they were typed, complete or not, when a kept draft resumes (over `initialSerial`). */
  initialParts?: readonly string[];
  /** Each change of the parts as typed (a draft keeps them); an emptying reset included. */
  onPartsChange?: (parts: readonly string[]) => void;
  /**
   * The form's own refusal (a wrong account, a multi-unit mismatch, Next without a serial): shown
   * in the entry's one message line, so the serial never has two messages at once.
   */
  error?: string | null;
};

const split = (text: string, kind: SerialKind) => {
  const { parts, partLength } = SERIAL_FORMATS[kind];
  return Array.from({ length: parts }, (_, i) => text.slice(i * partLength, (i + 1) * partLength));
};

/**
 * A serial typed in parts (accounts-devices-billing §5; device-management §2, §5): focus moves on
 * as each part fills, Backspace in an empty part goes back, a whole serial pasted in part 1 fills
 * them all; once complete the server checks it and a rejection shows the server's message. The
 * device serial and the SPuck id are both this entry.
 */
export function SegmentedSerialInput<T>({
  kind,
  label,
  description,
  cleanText,
  check,
  texts,
  onStateChange,
  isDisabled = false,
  resetKey = 0,
  initialSerial,
  initialParts,
  onPartsChange,
  error = null,
}: SegmentedSerialInputProps<T>) {
  const { parts: partCount, partLength } = SERIAL_FORMATS[kind];
  const empty = () => split('', kind);
  const [parts, setParts] = useState<readonly string[]>(() =>
    initialParts?.length === partCount
      ? initialParts.map((part) => cleanText(part).slice(0, partLength))
      : split(cleanText(initialSerial ?? ''), kind),
  );
  const [state, setState] = useState<SerialCheck<T>>({ status: 'invalid', message: null });
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const statusId = `${useId()}-status`;
  // The check reruns only for a new serial, not when the parent passes new callbacks.
  const latest = useRef({ onStateChange, onPartsChange, check, fallback: texts.fallback });
  useEffect(() => {
    latest.current = { onStateChange, onPartsChange, check, fallback: texts.fallback };
  }, [onStateChange, onPartsChange, check, texts.fallback]);

  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    setParts(empty());
  }
  useEffect(() => {
    if (resetKey === 0) return;
    inputs.current[0]?.focus();
    latest.current.onPartsChange?.(split('', kind));
  }, [resetKey, kind]);

  const serial = parts.every((part) => part.length === partLength) ? parts.join('') : null;

  useEffect(() => {
    const report = (next: SerialCheck<T>) => {
      setState(next);
      latest.current.onStateChange(next);
    };
    if (!serial) {
      report({ status: 'invalid', message: null });
      return;
    }
    const controller = new AbortController();
    report({ status: 'validating' });
    latest.current.check(serial, { signal: controller.signal }).then(
      (found) => report({ status: 'valid', serial, found }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          report({ status: 'invalid', message: errorMessageFor(error, latest.current.fallback) });
        }
      },
    );
    return () => controller.abort();
  }, [serial]);

  function change(index: number, raw: string) {
    const part = cleanText(raw).slice(0, partLength);
    const next = parts.map((old, i) => (i === index ? part : old));
    setParts(next);
    onPartsChange?.(next);
    if (part.length === partLength) inputs.current[index + 1]?.focus();
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const pasted = cleanText(event.clipboardData.getData('text'));
    if (index !== 0 || pasted.length !== partCount * partLength) return;
    event.preventDefault();
    setParts(split(pasted, kind));
    onPartsChange?.(split(pasted, kind));
    inputs.current[partCount - 1]?.focus();
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && parts[index] === '' && index > 0) {
      inputs.current[index - 1]?.focus();
    }
  }

  // The server's rejection first: it says why; the form's refusal otherwise.
  const rejection = state.status === 'invalid' && state.message !== null ? state.message : error;
  const isRejected = rejection !== null && state.status !== 'validating';
  const statusText = isRejected
    ? rejection
    : state.status === 'validating'
      ? texts.checking
      : state.status === 'valid'
        ? texts.found
        : texts.incomplete;
  return (
    <Input.Wrapper label={label} description={description} labelElement="div" required>
      <Group gap={6} wrap="nowrap" role="group" aria-label={label} mt={4}>
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
              aria-label={`Serial number part ${index + 1} of ${partCount}`}
              aria-describedby={statusId}
              aria-invalid={isRejected || undefined}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={'0'.repeat(partLength)}
              maxLength={partLength}
              w={32 + partLength * 12}
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
        {state.status === 'valid' && !isRejected && (
          <CheckIcon size={18} aria-hidden color="green" />
        )}
      </Group>
      <Text
        id={statusId}
        size="sm"
        mt={6}
        // red.8 and green.8: the lighter shades fail the 4.5:1 contrast on white.
        c={isRejected ? 'red.8' : state.status === 'valid' ? 'green.8' : 'dimmed'}
        role={isRejected ? 'alert' : 'status'}
      >
        {statusText}
      </Text>
    </Input.Wrapper>
  );
}
