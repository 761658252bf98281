import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Group, Input, Text, TextInput } from '@mantine/core';
import { splitPhoneNumber, type PhoneParts } from '@monitor/domain/shared/phone';

export const EMPTY_PHONE: PhoneParts = { areaCode: '', prefix: '', lineNumber: '' };

const PARTS = [
  { key: 'areaCode', label: 'Area code', length: 3, width: 72 },
  { key: 'prefix', label: 'Prefix', length: 3, width: 72 },
  { key: 'lineNumber', label: 'Line number', length: 4, width: 88 },
] as const;

export type PhoneNumberInputProps = {
  label: string;
  value: PhoneParts;
  onChange: (value: PhoneParts) => void;
  error?: string | null;
  description?: string;
};

/**
 * A phone number in three boxes, area code (3), prefix (3) and line number (4); focus moves on when
 * a box is full and back on Backspace in an empty box (accounts-devices-billing §2; the notification
 * dialog's phone, device-management §5, is the same widget).
 */
export function PhoneNumberInput({
  label,
  value,
  onChange,
  error,
  description,
}: PhoneNumberInputProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  // Unique per instance: the account page and a notification dialog may both show one.
  const id = useId();
  const errorId = `${id}-error`;

  function change(index: number, raw: string) {
    const part = PARTS[index]!;
    const digits = raw.replace(/\D/g, '').slice(0, part.length);
    onChange({ ...value, [part.key]: digits });
    if (digits.length === part.length) inputs.current[index + 1]?.focus();
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    // A whole number pasted into the first box fills all three.
    const parts = index === 0 ? splitPhoneNumber(event.clipboardData.getData('text')) : null;
    if (!parts) return;
    event.preventDefault();
    onChange(parts);
    inputs.current[2]?.focus();
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    const part = PARTS[index]!;
    if (event.key === 'Backspace' && value[part.key] === '' && index > 0) {
      inputs.current[index - 1]?.focus();
    }
  }

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      labelElement="div"
      id={id}
      errorProps={{ id: errorId }}
    >
      <Group gap={6} wrap="nowrap" role="group" aria-label={label} mt={4}>
        {PARTS.map((part, index) => (
          <Group key={part.key} gap={6} wrap="nowrap">
            {index > 0 && (
              <Text c="dimmed" aria-hidden>
                –
              </Text>
            )}
            <TextInput
              ref={(element) => {
                inputs.current[index] = element;
              }}
              aria-label={part.label}
              aria-describedby={error ? errorId : undefined}
              inputMode="numeric"
              autoComplete={
                index === 0
                  ? 'tel-area-code'
                  : index === 1
                    ? 'tel-local-prefix'
                    : 'tel-local-suffix'
              }
              placeholder={'0'.repeat(part.length)}
              maxLength={part.length}
              w={part.width}
              value={value[part.key]}
              error={Boolean(error)}
              onChange={(event) => change(index, event.currentTarget.value)}
              onPaste={(event) => paste(index, event)}
              onKeyDown={(event) => keyDown(index, event)}
              styles={{ input: { textAlign: 'center', letterSpacing: '0.08em' } }}
            />
          </Group>
        ))}
      </Group>
    </Input.Wrapper>
  );
}
