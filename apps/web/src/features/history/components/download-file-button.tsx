import '@mantine/core/styles/Progress.css';
import { Alert, Anchor, Button, Progress, Stack, Text } from '@mantine/core';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { FileIcon } from '../../../components/ui/icons/file-icon';
import { useGenerateFileMutation, type GenerateFileInput } from '../api/generate-file';

/**
 * The file download (device-management §2, §7): the server writes the period's CSV, a bar shows
 * while it does, then the file opens from the link it answers. A failure shows the server's
 * message, or the §8 text when the server had none to give.
 */
export function DownloadFileButton({ input }: { input: GenerateFileInput }) {
  const mutation = useGenerateFileMutation();

  function download() {
    mutation.mutate(input, {
      onSuccess: (file) => {
        window.open(file.Url, '_blank', 'noopener');
      },
    });
  }

  return (
    <Stack gap={6} maw={360}>
      <Button
        variant="default"
        leftSection={<FileIcon size={18} />}
        onClick={download}
        disabled={mutation.isPending}
      >
        Download file (CSV)
      </Button>
      {mutation.isPending && (
        <div role="status">
          <Text size="sm">Preparing your file…</Text>
          <Progress value={100} animated striped aria-label="Preparing your file" size="sm" />
        </div>
      )}
      {mutation.isSuccess && (
        // The file's name is long and breaks only at spaces: let it wrap anywhere at 390 px.
        <Text size="sm" role="status" style={{ overflowWrap: 'anywhere' }}>
          Your file is ready ({mutation.data.RowCount} readings).{' '}
          <Anchor href={mutation.data.Url} target="_blank" rel="noopener">
            Open {mutation.data.FileName}
          </Anchor>
        </Text>
      )}
      {mutation.isError && (
        <Alert color="red" role="alert" p="xs">
          {errorMessageFor(mutation.error, DEVICE_MANAGEMENT_MESSAGES.generateFileFailed)}
        </Alert>
      )}
    </Stack>
  );
}
