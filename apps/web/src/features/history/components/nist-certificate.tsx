import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { FileIcon } from '../../../components/ui/icons/file-icon';
import { useId } from 'react';
import { useNistCertificate } from '../api/get-nist-certificate';
import { formatCalendarDate } from '../lib/local-time';

/**
 * The NIST certificate display with its download link (device-management §2): the certificate
 * number, calibration and due dates. Any failure shows the §8 text, whatever the server said.
 */
export function NistCertificate({ userDeviceId }: { userDeviceId: number }) {
  const query = useNistCertificate(userDeviceId);
  const titleId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} fz="lg" id={titleId}>
          NIST calibration certificate
        </Title>
        {query.isPending ? (
          <Skeleton height={48} aria-label="Loading the certificate" />
        ) : query.isError ? (
          <Alert color="red" role="alert" p="xs">
            {DEVICE_MANAGEMENT_MESSAGES.nistCertificateFailed}
          </Alert>
        ) : (
          <>
            <Group gap="xl" wrap="wrap">
              <Fact label="Certificate number" value={query.data.CertificateName} />
              <Fact label="Calibrated" value={formatCalendarDate(query.data.CalibrationDate)} />
              <Fact label="Calibration due" value={formatCalendarDate(query.data.DueDate)} />
            </Group>
            <Anchor
              href={query.data.Url}
              target="_blank"
              rel="noopener"
              download={`${query.data.CertificateName}.pdf`}
              style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
            >
              <FileIcon size={18} />
              Download certificate (PDF)
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}
