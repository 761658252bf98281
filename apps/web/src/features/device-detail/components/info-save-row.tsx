import { Button, Group, VisuallyHidden } from '@mantine/core';
import { SAVE_LABEL, type SaveState } from './range-editor';

/**
 * The Save button of an information form (Save, Saving…, Saved) and the status a screen reader
 * hears once saved; the device and the SPuck views share it (device-management §2).
 */
export function InfoSaveRow({
  saveState,
  isReadOnly,
  savedMessage,
}: {
  saveState: SaveState;
  isReadOnly: boolean;
  savedMessage: string;
}) {
  return (
    <>
      <Group justify="flex-end">
        <Button
          type="submit"
          disabled={isReadOnly || saveState !== 'idle'}
          loading={saveState === 'saving'}
          variant={saveState === 'saved' ? 'light' : 'filled'}
          miw={96}
        >
          {SAVE_LABEL[saveState]}
        </Button>
      </Group>
      <VisuallyHidden role="status">{saveState === 'saved' ? savedMessage : ''}</VisuallyHidden>
    </>
  );
}
