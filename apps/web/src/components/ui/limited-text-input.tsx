import { useState, type ClipboardEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

/** Names and locations are at most 100 characters, as the server keeps them (contract user-devices, peripherals). */
export const NAME_MAX_LENGTH = 100;

export type LimitedTextInputProps = Omit<TextInputProps, 'maxLength' | 'withAsterisk'> & {
  maxLength?: number;
};

/**
 * A text field that stops at its limit as one types and counts the characters under it, saying so
 * when pasted text was cut to fit (issue #24: a 300-character name was cut to 100 unseen).
 * `required` shows the asterisk and tells assistive technology, but leaves the check to the form,
 * so an empty field gets the app's own message, not the browser's bubble.
 */
export function LimitedTextInput({
  maxLength = NAME_MAX_LENGTH,
  required = false,
  description,
  onPaste,
  ...props
}: LimitedTextInputProps) {
  const [isCut, setCut] = useState(false);
  const length = String(props.value ?? '').length;

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const selected = (input.selectionEnd ?? length) - (input.selectionStart ?? length);
    const pasted = event.clipboardData.getData('text').length;
    setCut(length - selected + pasted > maxLength);
    onPaste?.(event);
  }

  return (
    <TextInput
      {...props}
      maxLength={maxLength}
      withAsterisk={required}
      aria-required={required || undefined}
      onPaste={paste}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        <>
          {description && <>{description} </>}
          {`${length}/${maxLength} characters`}
          {isCut && length >= maxLength && ` · what you pasted was cut to ${maxLength}`}
        </>
      }
    />
  );
}
