import { useState } from 'react';
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { User } from '@monitor/contract/users';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { parseTempPref, type TempPref } from '@monitor/domain/shared/temperature';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { COOKIE, writeCookie } from '../../../lib/cookies';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useUpdateUserMutation } from '../api/update-user';

/** The temperature unit, F or C (default F): kept in the `tempPref` cookie and saved to the user (accounts-devices-billing §9). */
export function TemperaturePreference({ user }: { user: User }) {
  const fill = useBrandMessage();
  const showError = useErrorModal();
  const mutation = useUpdateUserMutation();
  const [pending, setPending] = useState<TempPref | null>(null);
  const saved = parseTempPref(user.UserPref?.TempPref);
  const value = pending ?? saved;

  function choose(next: TempPref) {
    if (next === value) return;
    setPending(next);
    writeCookie(COOKIE.tempPref, next);
    mutation.mutate(
      { userId: user.Id, UserPref: { TempPref: next } },
      {
        onError: (error) => {
          writeCookie(COOKIE.tempPref, saved);
          showError(errorMessageFor(error, fill(MESSAGES.updateUserFailed)));
        },
        onSettled: () => setPending(null),
      },
    );
  }

  return (
    <Group justify="space-between" wrap="wrap" gap="md">
      <Stack gap={2} maw={420}>
        <Text fw={600} id="temperature-unit-label">
          Temperature unit
        </Text>
        <Text size="sm" c="dimmed">
          Readings, alarm ranges and reports are shown in this unit.
        </Text>
      </Stack>
      <SegmentedControl
        aria-labelledby="temperature-unit-label"
        value={value}
        onChange={(next) => choose(parseTempPref(next))}
        data={[
          { value: 'F', label: '°F' },
          { value: 'C', label: '°C' },
        ]}
        size="md"
        radius="md"
        disabled={mutation.isPending}
      />
    </Group>
  );
}
