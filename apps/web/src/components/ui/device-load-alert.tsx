import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { errorMessageFor } from '../../lib/api-client';

/** A device page whose device could not be loaded: the reason, and the way back to the list. */
export function DeviceLoadAlert({ error }: { error: unknown }) {
  return (
    <Alert color="red" title="This device could not be shown" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.fetchUserDeviceFailed)}</Text>
        <Button component={Link} to="/devices" variant="light">
          Back to my devices
        </Button>
      </Stack>
    </Alert>
  );
}
