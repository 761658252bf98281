import { Group, Text } from '@mantine/core';

/**
 * A checkbox with its label, the browser's own: Mantine's Checkbox here would split a chunk shared
 * with the add-device pages, whose name the sign-in download then carries (bench/web, 150 kB).
 */
export function PlainCheckbox({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
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
        style={{ width: 18, height: 18, accentColor: 'var(--mantine-primary-color-filled)' }}
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
