import { useState } from 'react';
import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { RegistrationSubscription } from '@monitor/contract/registration';
import type { DeviceBySerial } from '@monitor/contract/user-devices';
import {
  checkMultiUnitMatch,
  MULTI_UNIT_COUNTER_START,
} from '@monitor/domain/accounts/registration';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import { hasHumidityAlarm } from '@monitor/domain/devices/device-types';
import { findTimeZoneOption, formatTimeZoneOption } from '@monitor/domain/devices/time-zones';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useLeaveConfirmation } from '../../../components/ui/use-leave-confirmation';
import { useBrand, useBrandMessage } from '../../../lib/brand-context';
import { useSessionDraft } from '../../../lib/session-draft';
import { useCheckBillingUser } from '../api/check-billing-user';
import { logOldDeviceAttempt } from '../api/log-old-device-attempt';
import { registeredBeforeFailure, useRegisterMultiUnitMutation } from '../api/register-multi-unit';
import { useRegisteredAnnouncements } from '../lib/announcements';
import { hasTypedEntries, multiUnitDraftKey, type InformationEntries } from '../lib/wizard-draft';
import {
  newIdempotencyKey,
  settingsOf,
  toRegistrationNotification,
  type DeviceInformation,
} from '../lib/wizard-rules';
import type { FirstUnit } from './add-device-wizard';
import { BillingStep, type WizardUser } from './billing-step';
import { ChooseFirstUnit, firstUnitOf, type ReferenceDevice } from './choose-first-unit';
import { DeviceInformationStep } from './device-information-step';
import { TermsModal } from './terms-modal';

export type MultiUnitRegistrationProps = {
  user: WizardUser;
  unit: TempPref;
  /** The wizard's first device, when the user came from it. */
  first: FirstUnit | null;
  /** The user's devices, to pick the first unit from on a direct visit. */
  referenceDevices: readonly ReferenceDevice[] | null;
};

/**
 * What multi-unit registration keeps in the tab (issue #24): the units listed and the one being
 * typed. A listed unit's serial was checked when it was added; the registration sends its serial,
 * name, location and time zone only, and the server checks every unit again (§5).
 */
type MultiUnitDraft = {
  /** The first unit picked on a direct visit; one from the wizard comes with the history entry. */
  chosen: FirstUnit | null;
  units: DeviceInformation[];
  typing: InformationEntries | null;
};

/**
 * Multi-unit registration (accounts-devices-billing §2, §4 "In multi-unit mode…", §5, §8, §9):
 * further serials of the first unit's type and tenant (else the mismatch alert and the entry
 * resets), counted from 2; one payment registers them all through the server's multi-unit call,
 * then 'Device {serial} registered.' shows 400 ms after each. A unit that fails is removed by the
 * server, which answers the §8 message.
 */
export function MultiUnitRegistration({
  user,
  unit,
  first: firstFromWizard,
  referenceDevices,
}: MultiUnitRegistrationProps) {
  const navigate = useNavigate();
  const brand = useBrand();
  const brandMessage = useBrandMessage();
  const showError = useErrorModal();
  const billingCheck = useCheckBillingUser(user.Id);
  const [draft, setDraft, , forgetDraft] = useSessionDraft<MultiUnitDraft>(
    multiUnitDraftKey(user.Id, firstFromWizard?.serial ?? null),
    { chosen: null, units: [], typing: null },
  );
  const first = firstFromWizard ?? draft.chosen;
  const { units, typing } = draft;
  const [entryKey, setEntryKey] = useState(0);
  const [registered, setRegistered] = useState<string[]>([]);
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const [termsAnswer, setTermsAnswer] = useState<((isAgreed: boolean) => void) | null>(null);
  const mutation = useRegisterMultiUnitMutation();
  const announcements = useRegisteredAnnouncements();
  const leave = useLeaveConfirmation({
    isGuarded: units.length > 0 || hasTypedEntries(typing),
    message: 'The units you added are not registered yet. If you leave now, they are lost.',
    onLeave: () => Promise.resolve(forgetDraft()),
  });

  function keep(change: Partial<MultiUnitDraft>) {
    setDraft((current) => ({ ...current, ...change }));
  }

  if (!first) {
    return (
      <ChooseFirstUnit
        devices={referenceDevices}
        onChoose={(device) => keep({ chosen: firstUnitOf(device, unit, user.EmailAddress) })}
      />
    );
  }
  const firstUnit = first;
  const counter = MULTI_UNIT_COUNTER_START + registered.length + units.length;

  function checkMatch(device: DeviceBySerial): string | null {
    if (
      device.SerialNumber === firstUnit.serial ||
      units.some((u) => u.serial === device.SerialNumber)
    )
      return 'This serial number is already in the list.';
    return checkMultiUnitMatch(
      { deviceType: firstUnit.deviceType, tenantId: firstUnit.tenantId },
      { deviceType: device.DeviceType, tenantId: device.TenantId },
    );
  }

  function confirmTerms(): Promise<boolean> {
    setIsTermsOpen(true);
    return new Promise((resolve) => setTermsAnswer(() => resolve));
  }

  function answerTerms(isAgreed: boolean) {
    setIsTermsOpen(false);
    termsAnswer?.(isAgreed);
    setTermsAnswer(null);
  }

  async function register(subscription: RegistrationSubscription | null) {
    const withHumidity = hasHumidityAlarm(firstUnit.deviceType);
    const sent = units;
    try {
      const answer = await mutation.mutateAsync({
        userId: user.Id,
        idempotencyKey: newIdempotencyKey(),
        request: {
          TermsAccepted: true,
          TempPref: unit,
          Subscription: subscription,
          Units: sent.map((item) => ({
            SerialNumber: item.serial,
            Name: item.name,
            Location: item.location || null,
            TimeZone: item.timeZone,
            ...settingsOf(firstUnit.ranges, withHumidity),
            Notifications: firstUnit.rules.map(toRegistrationNotification),
            DeviceType: firstUnit.deviceType,
            TenantId: firstUnit.tenantId,
          })),
        },
      });
      done(answer.Registrations.map((r) => r.UserDevice.SerialNumber));
    } catch (error) {
      // The units before the failing one stay registered (decision 037).
      done(registeredBeforeFailure(error));
      throw error;
    }
  }

  function done(serials: string[]) {
    if (serials.length === 0) return;
    setRegistered((current) => [...current, ...serials]);
    // Once all are registered the draft holds no entries, only a first unit picked on a visit.
    setDraft((current) => ({
      ...current,
      units: current.units.filter((u) => !serials.includes(u.serial)),
    }));
    announcements.announce(serials);
  }

  return (
    <Stack gap="lg">
      <Text>
        Further units must be the same model as <strong>{firstUnit.serial}</strong>. They get its
        alarm ranges and notifications, and one payment covers them all.
      </Text>
      {announcements.messages.length > 0 && (
        <Alert color="green" title="Registered" role="status">
          <List>
            {announcements.messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Paper withBorder p="md">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Unit {counter}
          </Title>
          <DeviceInformationStep
            key={entryKey}
            initial={null}
            typed={typing}
            onEntriesChange={(entries) => keep({ typing: entries })}
            billingCheck={billingCheck.data ?? null}
            checkMatch={checkMatch}
            isBusy={mutation.isPending}
            submitLabel="Add this unit"
            onDirtyChange={() => undefined}
            onUnsupportedFirmware={(device) => {
              void logOldDeviceAttempt({ SerialNumber: device.SerialNumber, UserId: user.Id });
              showError(brandMessage(DEVICE_RULE_MESSAGES.deviceNoLongerSupported));
              keep({ typing: null });
              setEntryKey((key) => key + 1);
            }}
            onNext={(information) => {
              setDraft((current) => ({
                ...current,
                units: [...current.units, information],
                typing: null,
              }));
              setEntryKey((key) => key + 1);
            }}
          />
        </Stack>
      </Paper>
      {units.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Units to register ({units.length})
          </Title>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {units.map((item, index) => (
              <Paper component="li" key={item.serial} withBorder p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text style={{ overflowWrap: 'anywhere' }}>
                    Unit {MULTI_UNIT_COUNTER_START + registered.length + index}: {item.name} (
                    {item.serial}
                    {findTimeZoneOption(item.timeZone) &&
                      `, ${formatTimeZoneOption(findTimeZoneOption(item.timeZone)!)}`}
                    )
                  </Text>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    style={{ flexShrink: 0 }}
                    aria-label={`Remove ${item.serial}`}
                    disabled={mutation.isPending}
                    onClick={() => keep({ units: units.filter((u) => u.serial !== item.serial) })}
                  >
                    Remove
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Title order={2} fz="lg" mt="md">
            Payment
          </Title>
          <BillingStep
            user={user}
            serial={firstUnit.serial}
            deviceType={firstUnit.deviceType}
            tenantId={firstUnit.tenantId}
            confirmTerms={confirmTerms}
            register={register}
            isBusy={mutation.isPending}
            quantity={units.length}
            registerLabel={
              units.length === 1 ? 'Register 1 unit' : `Register ${units.length} units`
            }
            onBack={() => {
              forgetDraft();
              leave.allowLeaving();
              void navigate('/devices');
            }}
            backLabel="Cancel"
          />
        </Stack>
      )}
      {mutation.isPending && (
        <Text role="status">Registering your units. This can take a minute…</Text>
      )}
      {registered.length > 0 && units.length === 0 && (
        <Group>
          <Button component={Link} to="/devices">
            Go to my devices
          </Button>
        </Group>
      )}
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
