import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input whose show/hide toggle is named without the word "password", so the field's
 * own label is the only "password" a screen reader (or a test) finds for it.
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }}
      {...props}
    />
  );
}
