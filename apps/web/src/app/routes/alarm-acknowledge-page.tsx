import { Container, Stack, Text, Title } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import {
  AlarmLinkPanel,
  LINK_NOT_VALID,
  RefusedAlarmLink,
} from '../../features/alarms/components/alarm-link-panel';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /alarms/{Id}/acknowledge?token= (issue #23): where an alarm message's link leads, no sign-in
 * needed; the signed token names the event and the person it was sent to. A link cut short (no
 * token, no number) cannot be used.
 */
export function AlarmAcknowledgePage() {
  usePageTitle('Acknowledge alarm');
  const id = Number(useParams().alarmId);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  const isUsable = Number.isInteger(id) && id > 0 && Boolean(token);
  return (
    <Container size="sm" py={{ base: 'md', sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Acknowledge alarm
          </Title>
          <Text c="dimmed" size="sm">
            Let everyone who was told know that someone is on it.
          </Text>
        </div>
        {isUsable && token ? (
          <AlarmLinkPanel key={`${id}:${token}`} link={{ id, token }} />
        ) : (
          <RefusedAlarmLink message={LINK_NOT_VALID} />
        )}
      </Stack>
    </Container>
  );
}
