import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { FirstUnit } from '../../features/add-device/components/add-device-wizard';
import { MultiUnitRegistration } from '../../features/add-device/components/multi-unit-registration';
import { useTempPref } from '../../features/device-detail/hooks/use-temp-pref';
import { useUserDevices } from '../../features/devices/api/get-user-devices';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /multi-unit-registration (accounts-devices-billing §2, §4): further units like the add-device
 * wizard's first one (its settings come in the navigation state), or like a device the user picks.
 */
export function MultiUnitPage() {
  usePageTitle('Multi-unit registration');
  const session = useSession();
  const location = useLocation();
  const unit = useTempPref();
  const first = (location.state as { first?: FirstUnit } | null)?.first ?? null;
  const devices = useUserDevices(session.user?.Id ?? 0);
  if (!session.user) return null; // the login guard above never lets this happen
  const referenceDevices = devices.data
    ? devices.data.map((device) => ({
        serial: device.SerialNumber,
        name: device.Name ?? device.SerialNumber,
        deviceType: device.DeviceType,
        tenantId: device.TenantId,
        timeZone: device.TimeZone,
      }))
    : devices.isError
      ? []
      : null;
  return (
    <Container size="md" py={{ base: 'md', sm: 32 }}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to="/devices" size="sm">
            ← My devices
          </Anchor>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Multi-unit registration
          </Title>
          <Text c="dimmed" size="sm">
            Register further units of the same model in one go.
          </Text>
        </div>
        <MultiUnitRegistration
          key={location.key}
          user={session.user}
          unit={unit}
          first={first}
          referenceDevices={referenceDevices}
        />
      </Stack>
    </Container>
  );
}
