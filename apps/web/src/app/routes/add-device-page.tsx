import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { TYPED_MESSAGE_TYPES } from '@monitor/domain/alarms/notifications';
import { AddDeviceWizard } from '../../features/add-device/components/add-device-wizard';
import { useTempPref } from '../../features/device-detail/hooks/use-temp-pref';
import { NotificationModal } from '../../features/notifications/components/notification-modal';
import { ALARM_TYPE_LABELS } from '../../features/notifications/components/notification-rules';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /devices/add (accounts-devices-billing §2): the add-device wizard, with the notifications
 * feature's add-notification dialog in its step 3; its multi-unit option opens
 * /multi-unit-registration with the first unit's settings.
 */
export function AddDevicePage() {
  usePageTitle('Add a device');
  const session = useSession();
  const navigate = useNavigate();
  const unit = useTempPref();
  if (!session.user) return null; // the login guard above never lets this happen
  const user = session.user;
  return (
    <Container size="md" py={{ base: 'md', sm: 32 }}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to="/devices" size="sm">
            ← My devices
          </Anchor>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Add a device
          </Title>
          <Text c="dimmed" size="sm">
            Register your monitor by its serial number, set its alarms and choose a plan.
          </Text>
        </div>
        <AddDeviceWizard
          user={user}
          unit={unit}
          alarmTypeLabel={(type) => ALARM_TYPE_LABELS[type]}
          renderRuleDialog={(dialog) => (
            <NotificationModal
              opened={dialog.opened}
              editing={null}
              alarmTypes={dialog.alarmTypes}
              defaultEmail={dialog.defaultEmail}
              isSaving={false}
              messageTypes={TYPED_MESSAGE_TYPES}
              onSave={dialog.onSave}
              onClose={dialog.onClose}
            />
          )}
          onRegisterMore={(first) =>
            void navigate('/multi-unit-registration', { state: { first } })
          }
        />
      </Stack>
    </Container>
  );
}
