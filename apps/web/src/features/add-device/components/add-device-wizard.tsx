// Component CSS not in app/styles.ts (decision 003): loaded with this lazy page only.
import '@mantine/core/styles/Stepper.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type {
  DeviceRegistrationResult,
  RegistrationSubscription,
} from '@monitor/contract/registration';
import type { DeviceBySerial } from '@monitor/contract/user-devices';
import type { AlarmType, NotificationDraft } from '@monitor/domain/alarms/notifications';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useLeaveConfirmation } from '../../../components/ui/use-leave-confirmation';
import { useBrand, useBrandMessage } from '../../../lib/brand-context';
import { useSessionDraft } from '../../../lib/session-draft';
import { useCheckBillingUser } from '../api/check-billing-user';
import { logOldDeviceAttempt } from '../api/log-old-device-attempt';
import { useRegisterDeviceMutation } from '../api/register-device';
import {
  emptyWizardDraft,
  typedOn,
  wizardDraftKey,
  type StepEntries,
  type WizardDraft,
} from '../lib/wizard-draft';
import {
  WIZARD_STEPS,
  buildRegistrationRequest,
  defaultNotificationRules,
  newIdempotencyKey,
  notificationAlarmTypes,
  stepBack,
  stepNext,
  type RangeSettings,
} from '../lib/wizard-rules';
import { BillingStep, type WizardUser } from './billing-step';
import { DeviceInformationStep } from './device-information-step';
import { DeviceRangesStep } from './device-ranges-step';
import { NotificationStep, type RuleDialogProps } from './notification-step';
import { TermsModal } from './terms-modal';
import { LoadingStatus } from '../../../components/ui/loading-status';

/** What the multi-unit registration takes over from the wizard's first device (§4). */
export type FirstUnit = {
  serial: string;
  deviceType: number;
  tenantId: number;
  ranges: RangeSettings;
  rules: NotificationDraft[];
  timeZone: number;
  location: string;
};

export type AddDeviceWizardProps = {
  user: WizardUser;
  unit: TempPref;
  alarmTypeLabel: (type: AlarmType) => string;
  /** The add-notification dialog of step 3, composed by the page. */
  renderRuleDialog: (props: RuleDialogProps) => ReactNode;
  /** The wizard's multi-unit option, after a device is registered. */
  onRegisterMore: (first: FirstUnit) => void;
};

export const REGISTERING_TEXT = 'Registering your device. This can take a minute…';

/**
 * The add-device wizard (accounts-devices-billing §2, §4, §5, §8, §9): four steps, back above
 * step 1, next ignored on the last; the terms agreed before the one registration call, which the
 * server runs as the §4 saga; a confirm prompt when leaving with unsaved work.
 */
export function AddDeviceWizard({
  user,
  unit,
  alarmTypeLabel,
  renderRuleDialog,
  onRegisterMore,
}: AddDeviceWizardProps) {
  const navigate = useNavigate();
  const brand = useBrand();
  const brandMessage = useBrandMessage();
  const showError = useErrorModal();
  const billingCheck = useCheckBillingUser(user.Id);
  const [draft, setDraft, clearDraft, forgetDraft] = useSessionDraft<WizardDraft>(
    wizardDraftKey(user.Id),
    emptyWizardDraft(unit),
  );
  const { information, ranges, rules } = draft;
  const [searchParams, setSearchParams] = useSearchParams();
  // The step is the address's (?step=2), so Back and Forward move between steps; one not yet
  // reached (a bookmark, a draft gone with the tab) shows the furthest one reached.
  const step = Math.min(Math.max(Number(searchParams.get('step') ?? 1) - 1, 0), draft.reached);
  const [hasTyped, setHasTyped] = useState(false);
  const isDirty = hasTyped || information !== null || (draft.typing ?? null) !== null;
  const [result, setResult] = useState<{
    answer: DeviceRegistrationResult;
    first: FirstUnit;
  } | null>(null);
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const termsAnswer = useRef<((isAgreed: boolean) => void) | null>(null);
  const mutation = useRegisterDeviceMutation();

  const leave = useLeaveConfirmation({
    isGuarded: isDirty && result === null,
    message: 'Your device is not registered yet. If you leave now, what you entered is lost.',
    onLeave: () => Promise.resolve(forgetDraft()),
  });

  function exitTo(path: string) {
    leave.allowLeaving();
    void navigate(path);
  }

  function cancelForFirmware(device: DeviceBySerial) {
    // The attempt is logged, the alert shown and the wizard cancelled (accounts-devices-billing §5).
    void logOldDeviceAttempt({ SerialNumber: device.SerialNumber, UserId: user.Id });
    showError(brandMessage(DEVICE_RULE_MESSAGES.deviceNoLongerSupported));
    forgetDraft();
    exitTo('/devices');
  }

  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // Keyboard and screen-reader users start the new step at its heading, by button or history.
    heading.current?.focus();
    // Entries typed on the step left and not taken by its Next go with it, as before a reload:
    // coming back shows what Next or Back left, the entries the registration would use.
    setDraft((current) => (current.typing ? { ...current, typing: null } : current));
  }, [step, setDraft]);

  /** Keeps the entries on screen, Next or not, so a reload resumes them. */
  function keepTyping(entries: StepEntries) {
    setDraft((current) => ({ ...current, typing: entries }));
  }

  /** A new history entry per step; `changes` are the entries the step leaves behind. */
  function goTo(next: number, changes: Partial<WizardDraft> = {}) {
    setDraft((current) => ({ ...current, ...changes, reached: Math.max(current.reached, next) }));
    setSearchParams(next === 0 ? {} : { step: String(next + 1) });
  }

  /** Opens the terms modal; true once agreed (accounts-devices-billing §4 step 1, §5). */
  function confirmTerms(): Promise<boolean> {
    setIsTermsOpen(true);
    return new Promise((resolve) => {
      termsAnswer.current = resolve;
    });
  }

  function answerTerms(isAgreed: boolean) {
    setIsTermsOpen(false);
    termsAnswer.current?.(isAgreed);
    termsAnswer.current = null;
  }

  /** The registration call with a new Idempotency-Key for this attempt; throws the server's refusal. */
  async function register(subscription: RegistrationSubscription | null) {
    if (!information || !rules) return;
    const answer = await mutation.mutateAsync({
      userId: user.Id,
      idempotencyKey: newIdempotencyKey(),
      request: buildRegistrationRequest({ information, ranges, rules, unit, subscription }),
    });
    leave.allowLeaving();
    setResult({
      answer,
      first: {
        serial: information.serial,
        deviceType: information.device.DeviceType,
        tenantId: information.device.TenantId,
        ranges,
        rules,
        timeZone: information.timeZone,
        location: information.location,
      },
    });
    clearDraft();
  }

  if (result) {
    const saved = result.answer.UserDevice;
    return (
      <Stack gap="md">
        <Alert color="green" title="Device registered" role="status">
          <Text>
            {saved.Name} ({saved.SerialNumber}) is registered. It appears on your devices and goes
            live when it next reports.
          </Text>
        </Alert>
        <Group gap="sm">
          <Button onClick={() => exitTo('/devices')}>Go to my devices</Button>
          <Button
            variant="light"
            onClick={() => {
              leave.allowLeaving();
              onRegisterMore(result.first);
            }}
          >
            Register more units of this type
          </Button>
        </Group>
      </Stack>
    );
  }

  const deviceType = information?.device.DeviceType ?? 1;
  return (
    <Stack gap="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} aria-label="Progress">
        {WIZARD_STEPS.map((label) => (
          <Stepper.Step
            key={label}
            label={<Text visibleFrom="sm">{label}</Text>}
            aria-label={label}
          />
        ))}
      </Stepper>
      <Title order={2} fz="lg" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        Step {step + 1} of {WIZARD_STEPS.length}: {WIZARD_STEPS[step]}
      </Title>
      {step === 0 && (
        <DeviceInformationStep
          initial={information}
          typed={typedOn(draft, 0)?.information}
          onEntriesChange={(entries) => keepTyping({ step: 0, information: entries })}
          billingCheck={billingCheck.data ?? null}
          onDirtyChange={setHasTyped}
          onUnsupportedFirmware={cancelForFirmware}
          onNext={(next) => {
            const isNewDevice = information?.serial !== next.serial;
            goTo(stepNext(0), {
              information: next,
              // Another unit may be another family (NIST has no humidity, §4): its defaults.
              ...(isNewDevice || !rules
                ? { rules: defaultNotificationRules(user.EmailAddress, next.device.DeviceType) }
                : {}),
            });
          }}
        />
      )}
      {step === 1 && information && (
        <DeviceRangesStep
          deviceType={deviceType}
          unit={unit}
          initial={typedOn(draft, 1)?.ranges ?? ranges}
          onDirtyChange={setHasTyped}
          onEntriesChange={(entries) => keepTyping({ step: 1, ranges: entries })}
          onBack={() => goTo(stepBack(1))}
          onNext={(next) => goTo(stepNext(1), { ranges: next })}
        />
      )}
      {step === 2 && information && rules && (
        <NotificationStep
          initial={typedOn(draft, 2)?.rules ?? rules}
          alarmTypes={notificationAlarmTypes(deviceType)}
          alarmTypeLabel={alarmTypeLabel}
          userEmail={user.EmailAddress}
          renderRuleDialog={renderRuleDialog}
          onDirtyChange={setHasTyped}
          onEntriesChange={(entries) => keepTyping({ step: 2, rules: entries })}
          onBack={() => goTo(stepBack(2))}
          onNext={(next) => goTo(stepNext(2), { rules: next })}
        />
      )}
      {step === 3 && information && (
        <BillingStep
          user={user}
          serial={information.serial}
          deviceType={deviceType}
          tenantId={information.device.TenantId}
          isBusy={mutation.isPending}
          confirmTerms={confirmTerms}
          register={register}
          onBack={() => goTo(stepBack(3))}
        />
      )}
      {mutation.isPending && <LoadingStatus>{REGISTERING_TEXT}</LoadingStatus>}
      <Group>
        <Button component={Link} to="/devices" variant="subtle" size="compact-sm">
          Cancel
        </Button>
      </Group>
      <TermsModal
        opened={isTermsOpen}
        brandName={brand.name}
        onAgree={() => answerTerms(true)}
        onCancel={() => answerTerms(false)}
      />
      {leave.dialog}
    </Stack>
  );
}
