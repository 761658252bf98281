import { Group, Text } from '@mantine/core';

/**
 * A checkbox with its label, the browser's own: Mantine's Checkbox here would split a chunk shared
 * with the add-device pages, whose name the sign-in download then carries (bench/web, 150 kB).
 * Every legal-terms agreement uses it.
 */
export function PlainCheckbox({
  label,
  checked,
  onChange,
  disabled,
  isAutoFocused = false,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Takes the focus when the modal it is in opens (Mantine's `data-autofocus`). */
  isAutoFocused?: boolean;
}) {
  return (
    <Group
      component="label"
      gap="xs"
      wrap="nowrap"
      style={{ cursor: disabled ? 'default' : 'pointer' }}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={disabled}
        data-autofocus={isAutoFocused || undefined}
        style={{ width: 18, height: 18, accentColor: 'var(--mantine-primary-color-filled)' }}
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
