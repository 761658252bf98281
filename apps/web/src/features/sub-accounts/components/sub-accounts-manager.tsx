import { useEffect, useRef, useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { SubAccount } from '@monitor/contract/sub-accounts';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useMarcellProValidity } from '../api/check-marcell-pro-validity';
import { useAllSubAccounts } from '../api/get-all-sub-accounts';
import { useRemoveSubAccountMutation } from '../api/remove-sub-account';
import { useDeleteSubAccountMutation } from '../api/delete-sub-account';
import { AddExistingSubAccountModal } from './add-existing-sub-account-modal';
import { CreateSubAccountModal } from './create-sub-account-modal';
import { EditParentNameModal } from './edit-parent-name-modal';
import { EditSubAccountModal } from './edit-sub-account-modal';
import { SubAccountCard } from './sub-account-card';

export type SubAccountsManagerProps = {
  userId: number;
  userDeviceId: number;
  /** Which page: /marcellpro (professional) or /nistdevice (NIST). */
  variant: 'pro' | 'nist';
  parentName: string;
  /** Called after the parent renamed itself; the page signs out (device-management §4). */
  onParentRenamed: () => void;
};

const M = DEVICE_MANAGEMENT_MESSAGES;
const fullName = (sub: SubAccount) => `${sub.FirstName} ${sub.LastName}`;

type Dialog =
  | { kind: 'create' }
  | { kind: 'add' }
  | { kind: 'parent' }
  | { kind: 'edit'; subUserId: number }
  | { kind: 'remove'; sub: SubAccount }
  | { kind: 'delete'; sub: SubAccount }
  | null;

/**
 * The sub-account page (device-management §2, §4 "Sub-account flow"): the device must be the
 * parent's own, else 'This device is not associated with the user.' and back to /devices (§5).
 */
export function SubAccountsManager({
  userId,
  userDeviceId,
  variant,
  parentName,
  onParentRenamed,
}: SubAccountsManagerProps) {
  const navigate = useNavigate();
  const showError = useErrorModal();
  const validity = useMarcellProValidity({ userId, userDeviceId });
  const isValid = validity.data?.IsValid === true;
  const list = useAllSubAccounts({ userId, userDeviceId }, { enabled: isValid });
  const removeMutation = useRemoveSubAccountMutation();
  const deleteMutation = useDeleteSubAccountMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const validityData = validity.data;
  // Each answer is acted on once (a remount with the cached answer would alert twice otherwise).
  const handledValidity = useRef<typeof validityData>(undefined);
  useEffect(() => {
    if (!validityData || handledValidity.current === validityData) return;
    handledValidity.current = validityData;
    if (!validityData.IsValid) {
      showError(M.deviceNotAssociated);
      void navigate('/devices', { replace: true });
    } else if (!validityData.SerialNumber) {
      showError(M.userDeviceSerialFailed);
    }
  }, [validityData, showError, navigate]);

  const validityFailed = validity.isError;
  useEffect(() => {
    if (validityFailed) showError(M.deviceCheckingFailed);
  }, [validityFailed, showError]);

  const listFailed = list.isError;
  useEffect(() => {
    if (listFailed) showError(M.fetchSubAccountFailed);
  }, [listFailed, showError]);

  const onDevice = list.data?.filter((sub) => sub.SubUserDeviceId !== null) ?? [];
  const candidates = list.data?.filter((sub) => sub.SubUserDeviceId === null) ?? [];
  const deviceLabel = validityData?.Name ?? validityData?.SerialNumber ?? null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {/* The way back to the device the page is for, as the detail page has to the list. */}
        <Anchor component={Link} to={`/devices/${userDeviceId}`} size="sm">
          ← Back to {deviceLabel ?? 'the device'}
        </Anchor>
        <Group gap="sm" wrap="wrap">
          <Title order={1} size="h2">
            Sub-accounts
          </Title>
          <Badge variant="light" color={variant === 'nist' ? 'grape' : 'blue'}>
            {variant === 'nist' ? 'NIST device' : 'Professional device'}
          </Badge>
        </Group>
        {validity.isPending ? (
          <Skeleton height={22} width={220} aria-hidden />
        ) : (
          <Text c="dimmed" mih={22}>
            {deviceLabel && isValid
              ? `People who may view ${deviceLabel}${validityData?.SerialNumber && validityData.Name ? ` (serial ${validityData.SerialNumber})` : ''}.`
              : ' '}
          </Text>
        )}
      </Stack>

      <Group gap="sm" wrap="wrap">
        <Button onClick={() => setDialog({ kind: 'create' })} disabled={!isValid}>
          Create sub-account
        </Button>
        <Button
          variant="light"
          onClick={() => setDialog({ kind: 'add' })}
          disabled={!isValid || !list.data}
        >
          Add an existing sub-account
        </Button>
        <Button variant="default" onClick={() => setDialog({ kind: 'parent' })} disabled={!isValid}>
          Edit your name
        </Button>
      </Group>

      <section aria-labelledby="sub-accounts-on-device">
        <Title order={2} size="h4" id="sub-accounts-on-device" mb="sm">
          Sub-accounts on this device
        </Title>
        {validity.isPending || (isValid && list.isPending) ? (
          <Stack gap="sm" role="status" aria-label="Loading sub-accounts">
            <Skeleton height={84} radius="md" />
            <Skeleton height={84} radius="md" />
          </Stack>
        ) : onDevice.length === 0 ? (
          <Paper withBorder p="md" radius="md">
            <Text c="dimmed">No sub-account sees this device yet.</Text>
          </Paper>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {onDevice.map((sub) => (
              <SubAccountCard
                key={sub.Id}
                subAccount={sub}
                onEdit={() => setDialog({ kind: 'edit', subUserId: sub.Id })}
                onRemove={() => setDialog({ kind: 'remove', sub })}
                onDelete={() => setDialog({ kind: 'delete', sub })}
              />
            ))}
          </Stack>
        )}
      </section>

      <CreateSubAccountModal
        opened={dialog?.kind === 'create'}
        onClose={close}
        parentId={userId}
        userDeviceId={userDeviceId}
      />
      <AddExistingSubAccountModal
        opened={dialog?.kind === 'add'}
        onClose={close}
        userDeviceId={userDeviceId}
        candidates={candidates}
      />
      <EditParentNameModal
        opened={dialog?.kind === 'parent'}
        onClose={close}
        userId={userId}
        currentName={parentName}
        onRenamed={() => {
          close();
          onParentRenamed();
        }}
      />
      <EditSubAccountModal
        subUserId={dialog?.kind === 'edit' ? dialog.subUserId : null}
        onClose={close}
      />
      <ConfirmModal
        opened={dialog?.kind === 'remove'}
        title="Remove from device"
        message={
          dialog?.kind === 'remove'
            ? `${fullName(dialog.sub)} will no longer see this device. The sub-account itself stays.`
            : ''
        }
        confirmLabel="Remove"
        isConfirming={removeMutation.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'remove' || dialog.sub.SubUserDeviceId === null) return;
          removeMutation.mutate(
            { subUserId: dialog.sub.Id, subUserDeviceId: dialog.sub.SubUserDeviceId },
            {
              onSuccess: close,
              onError: () => {
                close();
                showError(M.removeSubAccountFailed);
              },
            },
          );
        }}
      />
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        title="Delete sub-account"
        message={
          dialog?.kind === 'delete'
            ? `Delete ${fullName(dialog.sub)}? They lose access to every device and can no longer sign in.`
            : ''
        }
        confirmLabel="Delete"
        isConfirming={deleteMutation.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind !== 'delete') return;
          deleteMutation.mutate(dialog.sub.Id, {
            onSuccess: close,
            onError: () => {
              close();
              showError(M.deleteSubAccountFailed);
            },
          });
        }}
      />
    </Stack>
  );
}
