// Component CSS not in app/styles.ts (decision 003): loaded with this lazy page only.
import '@mantine/core/styles/Stepper.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { Peripheral } from '@monitor/contract/peripherals';
import type { UserDevice } from '@monitor/contract/user-devices';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { canAddPeripheral } from '@monitor/domain/devices/pucks';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { useErrorModal } from '../../../components/ui/error-modal';
import { sendText } from '../../../entities/device/api/send-text';
import { useSession } from '../../../lib/session';
import { deletePeripheral } from '../api/delete-peripheral';
import { getDevice } from '../api/get-device';
import { updatePeripheralRecurringPayment } from '../api/update-peripheral-recurring-payment';
import { useLeaveConfirmation } from '../hooks/use-leave-confirmation';
import { decideAddPuckNextStep, needsHostDevice } from '../lib/add-puck-flow';
import {
  forgetUnfinishedPuck,
  readUnfinishedPuck,
  rememberUnfinishedPuck,
} from '../lib/unfinished-puck';
import { ACTIVATION_MESSAGES, AddPuckDialogs, type FinishDialog } from './add-puck-dialogs';
import { PuckInformationStep } from './puck-information-step';
import { PuckRangesStep } from './puck-ranges-step';
import { LoadingStatus } from '../../../components/ui/loading-status';

const STEPS = ['Puck information', 'Notifications', 'Ranges'] as const;

/**
 * A paid SPuck removed before its flow ended (left, or unfinished on the next visit) comes off the
 * recurring amount again: the amount is recounted from the pucks still attached.
 */
async function recountRecurringPayment(userDeviceId: number) {
  await updatePeripheralRecurringPayment(userDeviceId).catch((error: unknown) =>
    console.warn('Recounting the recurring payment failed', error),
  );
}

/** What the notifications slot is given: the new puck, as the puck schedule takes it. */
export type NewPuckTarget = { id: string; logicLevel: number | null; name: string | null };

export type AddPuckWizardProps = {
  device: UserDevice;
  unit: TempPref;
  /** Multiple-puck mode: the page was reloaded after 'Would you like to register another?'. */
  isMultiple: boolean;
  /** Step 2: the puck variant of the notification schedule, composed by the page. */
  renderNotifications: (puck: NewPuckTarget) => ReactNode;
  onRegisterAnother: () => void;
};

/** The add-puck page's flow (device-management §2, §4 "Add puck flow", §5, §8, §9). */
export function AddPuckWizard({
  device,
  unit,
  isMultiple,
  renderNotifications,
  onRegisterAnother,
}: AddPuckWizardProps) {
  const navigate = useNavigate();
  const session = useSession();
  const showError = useErrorModal();
  const [step, setStep] = useState(0);
  const [puck, setPuck] = useState<Peripheral | null>(null);
  const [isDirty, setIsDirty] = useState(false);
  const [isComplete, setIsComplete] = useState(false);
  const [busyText, setBusyText] = useState<string | null>(null);
  const [dialog, setDialog] = useState<FinishDialog | null>(null);
  const [hostDevice, setHostDevice] = useState({
    deviceType: device.DeviceType,
    firmwareVersion: device.FirmwareVersion,
    memo: device.Memo,
  });

  const isPaid = useRef(false);
  const removePuck = async (id: string) => {
    forgetUnfinishedPuck();
    const isRemoved = await deletePeripheral({ userDeviceId: device.Id, id }).then(
      () => true,
      (error: unknown) => {
        console.warn('Removing the unfinished SPuck failed', error);
        return false;
      },
    );
    if (isRemoved && isPaid.current) await recountRecurringPayment(device.Id);
  };
  const leave = useLeaveConfirmation({
    isGuarded: (isDirty || puck !== null) && !isComplete,
    onLeave: async () => {
      if (puck) await removePuck(puck.Id);
    },
  });
  const exitTo = (path: string) => {
    leave.allowLeaving();
    void navigate(path);
  };

  // A puck left half-registered by an earlier visit goes, unless this is multiple-puck mode (§4).
  const hasCheckedUnfinished = useRef(false);
  useEffect(() => {
    if (hasCheckedUnfinished.current || isMultiple) return;
    hasCheckedUnfinished.current = true;
    const unfinished = readUnfinishedPuck();
    if (!unfinished) return;
    forgetUnfinishedPuck();
    void deletePeripheral(unfinished)
      .then(() =>
        unfinished.isPaid ? recountRecurringPayment(unfinished.userDeviceId) : undefined,
      )
      .catch((error: unknown) => console.warn('Removing the unfinished SPuck failed', error));
  }, [isMultiple]);

  async function endForFirmware(registered: Peripheral | null) {
    if (registered) await removePuck(registered.Id);
    showError(DEVICE_RULE_MESSAGES.pucksNeedNewerFirmware);
    exitTo('/devices');
  }

  async function afterRegistered(registered: Peripheral) {
    rememberUnfinishedPuck({ userDeviceId: device.Id, id: registered.Id });
    setPuck(registered);
    const facts = { logicLevel: registered.LogicLevel, spuckStyle: registered.SPuckStyle };
    let host = null;
    if (needsHostDevice(facts)) {
      setBusyText('Checking your device…');
      try {
        const loaded = await getDevice(device.DeviceId);
        host = { deviceType: loaded.DeviceType, firmwareVersion: loaded.FirmwareVersion };
        setHostDevice({ ...host, memo: loaded.Memo });
      } catch {
        await removePuck(registered.Id);
        setBusyText(null);
        showError(DEVICE_MANAGEMENT_MESSAGES.loadDeviceInformationFailed);
        exitTo('/devices');
        return;
      }
      setBusyText(null);
    }
    const next = decideAddPuckNextStep(facts, host);
    switch (next.kind) {
      case 'firmware-ineligible':
        return endForFirmware(registered);
      case 'subscription':
      case 'billable-subscription':
        return setDialog({ kind: 'subscription', isBillable: next.kind !== 'subscription' });
      case 'notifications':
        return setStep(1);
    }
  }

  async function cancelSubscription() {
    setBusyText('Removing the SPuck…');
    if (puck) await removePuck(puck.Id);
    setDialog(null);
    exitTo('/devices');
  }

  async function answerActivation(isYes: boolean) {
    let message: string = ACTIVATION_MESSAGES.nextStart;
    if (isYes) {
      setBusyText('Asking your device to report…');
      message = await sendText({ userDeviceId: device.Id, command: 'RPT' }).then(
        () => ACTIVATION_MESSAGES.downloading,
        () => ACTIVATION_MESSAGES.nextStart,
      );
      setBusyText(null);
    }
    setDialog({ kind: 'message', title: 'SPuck registered', message });
  }

  if (!puck && !canAddPeripheral(device.Peripherals.length)) {
    return (
      <Alert color="red" title="No room for another SPuck" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{DEVICE_MANAGEMENT_MESSAGES.peripheralLimitReached}</Text>
          <Button component={Link} to="/devices" variant="light">
            Back to my devices
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} aria-label="Progress">
        {STEPS.map((label) => (
          <Stepper.Step
            key={label}
            label={<Text visibleFrom="sm">{label}</Text>}
            aria-label={label}
          />
        ))}
      </Stepper>
      <Title order={2} fz="lg">
        Step {step + 1} of {STEPS.length}: {STEPS[step]}
      </Title>
      {busyText && <LoadingStatus>{busyText}</LoadingStatus>}
      {step === 0 && (
        <PuckInformationStep
          key={device.Id}
          userDeviceId={device.Id}
          onDirtyChange={setIsDirty}
          onRegistered={(registered) => void afterRegistered(registered)}
          onFirmwareIneligible={() => void endForFirmware(null)}
        />
      )}
      {step === 1 && puck && (
        <Stack gap="md">
          {renderNotifications({ id: puck.Id, logicLevel: puck.LogicLevel, name: puck.Name })}
          <Group justify="flex-end">
            <Button onClick={() => setStep(2)}>Next</Button>
          </Group>
        </Stack>
      )}
      {step === 2 && puck && (
        <PuckRangesStep
          userDeviceId={device.Id}
          puckId={puck.Id}
          device={hostDevice}
          unit={unit}
          onSaved={() => {
            forgetUnfinishedPuck();
            setIsComplete(true);
            setDialog({ kind: 'register-another' });
          }}
        />
      )}
      <AddPuckDialogs
        dialog={dialog}
        isBusy={busyText !== null}
        userId={session.user?.Id ?? 0}
        userDeviceId={device.Id}
        onSubscriptionCancel={() => void cancelSubscription()}
        onSubscriptionPaid={() => {
          isPaid.current = true;
          if (puck) rememberUnfinishedPuck({ userDeviceId: device.Id, id: puck.Id, isPaid: true });
          setDialog(null);
          setStep(1);
        }}
        onRegisterAnother={(isYes) => {
          setDialog(isYes ? null : { kind: 'activation' });
          if (isYes) onRegisterAnother();
        }}
        onActivation={(isYes) => void answerActivation(isYes)}
        onMessageClose={() => {
          setDialog(null);
          exitTo('/devices');
        }}
      />
      {leave.dialog}
    </Stack>
  );
}
