// Component CSS not in app/styles.ts (decision 003): loaded with the dialog only.
import '@mantine/core/styles/Radio.css';
import { useState, type FormEvent } from 'react';
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { Notification } from '@monitor/contract/notifications';
import {
  DEFAULT_NOTIFICATION_MESSAGES,
  MESSAGE_TYPES,
  MESSAGE_TYPE_LABELS,
  isAlarmType,
  isMessageType,
  type AlarmType,
  type NotificationDraft,
} from '@monitor/domain/alarms/notifications';
import { joinPhoneParts } from '@monitor/domain/shared/phone';
import type { NotificationEscalation } from '@monitor/domain/alarms/notification-escalation';
import { PhoneNumberInput } from '../../../components/ui/phone-number-input';
import { readEscalationEntry } from '../lib/escalation-entry';
import { EscalationFields } from './escalation-fields';
import {
  initialValues,
  validate,
  type NotificationFormErrors,
  type NotificationFormValues,
} from './notification-form-values';
import { ALARM_TYPE_LABELS } from './notification-rules';
import { Form } from '../../../components/ui/form';

export type NotificationModalProps = {
  opened: boolean;
  /** The notification being edited, or null to add one. */
  editing: Notification | null;
  alarmTypes: readonly AlarmType[];
  /** The user's own e-mail, the default address (device-management §5). */
  defaultEmail: string;
  isSaving: boolean;
  /**
   * Shows "If nobody answers" (issue #23). A saved notification's dialog has it; a new device's
   * does not, since registration takes only who is told (the defaults apply until changed).
   */
  hasEscalation?: boolean;
  onSave: (draft: NotificationDraft, escalation: NotificationEscalation) => void;
  onClose: () => void;
};

/**
 * Add or edit one notification (device-management §2 "Modals", §5): alarm type among those
 * offered, Email / Text / Phone, the address (e-mail, or a phone in three parts stored with a
 * leading 1) and the message, which follows the alarm type's default until the user changes it.
 */
export function NotificationModal({
  opened,
  editing,
  alarmTypes,
  defaultEmail,
  isSaving,
  hasEscalation = false,
  onSave,
  onClose,
}: NotificationModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit notification' : 'Add notification'}
      centered
    >
      {opened && (
        <NotificationForm
          // A fresh form for each opening, so an abandoned edit leaves nothing behind.
          key={editing?.Id ?? 'new'}
          editing={editing}
          alarmTypes={alarmTypes}
          defaultEmail={defaultEmail}
          isSaving={isSaving}
          hasEscalation={hasEscalation}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function NotificationForm({
  editing,
  alarmTypes,
  defaultEmail,
  isSaving,
  hasEscalation = false,
  onSave,
  onClose,
}: Omit<NotificationModalProps, 'opened'>) {
  const [values, setValues] = useState(() => initialValues(editing, alarmTypes, defaultEmail));
  const [errors, setErrors] = useState<NotificationFormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);

  function update(next: Partial<NotificationFormValues>) {
    const merged = { ...values, ...next };
    setValues(merged);
    if (isSubmitted) setErrors(validate(merged, alarmTypes, hasEscalation));
  }

  function changeAlarmType(value: string | null) {
    if (!isAlarmType(value)) return;
    // The message follows the alarm type while it is still the previous type's default (or empty).
    const isDefault =
      values.message.trim() === '' ||
      values.message === DEFAULT_NOTIFICATION_MESSAGES[values.alarmType];
    update({
      alarmType: value,
      ...(isDefault && { message: DEFAULT_NOTIFICATION_MESSAGES[value] }),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    const found = validate(values, alarmTypes, hasEscalation);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const address =
      values.messageType === 'EMAIL' ? values.email.trim() : (joinPhoneParts(values.phone) ?? '');
    onSave(
      {
        alarmType: values.alarmType,
        messageType: values.messageType,
        messageAddress: address,
        message: values.message.trim() || DEFAULT_NOTIFICATION_MESSAGES[values.alarmType],
      },
      readEscalationEntry(values.escalation),
    );
  }

  return (
    <Form onSubmit={submit} noValidate>
      <Stack gap="md">
        {/* A native select: the phone's own picker in the mobile app, and plain for screen readers. */}
        <NativeSelect
          label="Alarm type"
          data={alarmTypes.map((type) => ({ value: type, label: ALARM_TYPE_LABELS[type] }))}
          value={values.alarmType}
          onChange={(event) => changeAlarmType(event.currentTarget.value)}
          error={errors.alarmType}
          data-autofocus
        />
        <Radio.Group
          label="Send by"
          value={values.messageType}
          onChange={(value) => {
            if (isMessageType(value)) update({ messageType: value });
          }}
        >
          <Group gap="lg" mt={6}>
            {MESSAGE_TYPES.map((type) => (
              <Radio key={type} value={type} label={MESSAGE_TYPE_LABELS[type]} />
            ))}
          </Group>
        </Radio.Group>
        {values.messageType === 'EMAIL' ? (
          <TextInput
            label="E-mail address"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => update({ email: event.currentTarget.value })}
            error={errors.email}
          />
        ) : (
          <PhoneNumberInput
            label="Phone number"
            value={values.phone}
            onChange={(phone) => update({ phone })}
            error={errors.phone ?? null}
          />
        )}
        <Textarea
          label="Message"
          rows={3}
          maxLength={500}
          value={values.message}
          onChange={(event) => update({ message: event.currentTarget.value })}
        />
        {hasEscalation && (
          <EscalationFields
            value={values.escalation}
            errors={errors}
            onChange={(next) => update({ escalation: { ...values.escalation, ...next } })}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {editing ? 'Save changes' : 'Add notification'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
