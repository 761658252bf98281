import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { useDeviceDebugDetails } from '../api/get-device-debug-details';
import { useDebugLoadFailure } from '../hooks/use-debug-load-failure';
import { DebugFacts } from './debug-facts';
import { DebugDeliveryTable, DebugReportTable } from './debug-tables';

/**
 * The support debug details of one unit (/devicedebugdetails/{imei}, device-management §2, §6):
 * its facts, latest reports with raw values and latest alarm deliveries, times in US Eastern (§9).
 */
export function DeviceDebugDetails({ userId, imei }: { userId: number; imei: string }) {
  const details = useDeviceDebugDetails({ userId, imei });
  useDebugLoadFailure(details.error, DEVICE_MANAGEMENT_MESSAGES.loadDebugDetailsFailed);
  const data = details.data;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/devicelist" size="sm">
          Back to the debug list
        </Anchor>
        <Title order={1} size="h2">
          Device debug details
        </Title>
        <Text c="dimmed" size="sm">
          IMEI {imei}. Times are US Eastern (UTC−4 in daylight time, UTC−5 otherwise).
        </Text>
      </Stack>
      {details.isPending ? (
        <Stack gap="sm" aria-hidden>
          <Skeleton height={120} />
          <Skeleton height={240} />
        </Stack>
      ) : (
        data && (
          <>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="debug-unit">
              <Title order={2} size="h4" id="debug-unit" mb="sm">
                Unit
              </Title>
              <DebugFacts device={data.Device} />
            </Paper>
            <Stack gap="xs" component="section" aria-labelledby="debug-reports">
              <Title order={2} size="h4" id="debug-reports">
                Recent reports
              </Title>
              <DebugReportTable reports={data.Reports} />
            </Stack>
            <Stack gap="xs" component="section" aria-labelledby="debug-deliveries">
              <Title order={2} size="h4" id="debug-deliveries">
                Alarm deliveries
              </Title>
              <DebugDeliveryTable deliveries={data.Deliveries} />
            </Stack>
          </>
        )
      )}
    </Stack>
  );
}
