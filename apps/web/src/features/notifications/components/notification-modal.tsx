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
  MESSAGE_TYPE_LABELS,
  isAlarmType,
  type AlarmType,
  type MessageType,
  type NotificationDraft,
  type TypedMessageType,
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
  THIS_BROWSER,
} from './notification-form-values';
import { ALARM_TYPE_LABELS } from './notification-rules';
import { PushBrowserFields, defaultPushBrowser, type PushChoice } from './push-browser-fields';
import { Form } from '../../../components/ui/form';

export type NotificationModalProps<T extends MessageType = TypedMessageType> = {
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
  /** How it may be sent: the spec's three, with Push where this browser can take it. */
  messageTypes: readonly T[];
  /** How a new one starts: the first of `messageTypes` unless given ("Notify this browser"). */
  initialMessageType?: T;
  /** The user's browsers, and subscribing this one, for Push (issue #27). */
  push?: PushChoice;
  onSave: (draft: NotificationDraft<T>, escalation: NotificationEscalation) => void;
  onClose: () => void;
};

/**
 * Add or edit one notification (device-management §2 "Modals", §5): alarm type among those
 * offered, Email / Text / Phone, the address (e-mail, or a phone in three parts stored with a
 * leading 1) and the message, which follows the alarm type's default until the user changes it.
 */
export function NotificationModal<T extends MessageType = TypedMessageType>({
  opened,
  editing,
  alarmTypes,
  defaultEmail,
  isSaving,
  hasEscalation = false,
  messageTypes,
  initialMessageType,
  push,
  onSave,
  onClose,
}: NotificationModalProps<T>) {
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
          messageTypes={messageTypes}
          {...(initialMessageType && { initialMessageType })}
          push={push}
          onSave={onSave}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function NotificationForm<T extends MessageType>({
  editing,
  alarmTypes,
  defaultEmail,
  isSaving,
  hasEscalation = false,
  messageTypes,
  initialMessageType,
  push,
  onSave,
  onClose,
}: Omit<NotificationModalProps<T>, 'opened'>) {
  const [values, setValues] = useState(() => {
    const startWith = initialMessageType ?? messageTypes[0] ?? 'EMAIL';
    const first = initialValues(editing, alarmTypes, defaultEmail, startWith);
    return first.messageType === 'PUSH' && !first.browser
      ? { ...first, ...defaultPushBrowser(push) }
      : first;
  });
  const [errors, setErrors] = useState<NotificationFormErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubscribing, setIsSubscribing] = useState(false);

  function update(next: Partial<NotificationFormValues>) {
    const merged = { ...values, ...next };
    setValues(merged);
    if (isSubmitted) setErrors(validate(merged, alarmTypes, hasEscalation));
  }

  /** The address to save: this browser is subscribed first, asking for permission now. */
  async function addressOf(): Promise<string | null> {
    if (values.messageType === 'EMAIL') return values.email.trim();
    if (values.messageType !== 'PUSH') return joinPhoneParts(values.phone) ?? '';
    if (values.browser !== THIS_BROWSER) return values.browser;
    if (!push) return null;
    setIsSubscribing(true);
    try {
      return String((await push.subscribe(values.browserName.trim())).Id);
    } catch (error) {
      setErrors({ browser: push.describeError(error) });
      return null;
    } finally {
      setIsSubscribing(false);
    }
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    setIsSubmitted(true);
    const found = validate(values, alarmTypes, hasEscalation);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const address = await addressOf();
    if (address === null) return;
    onSave(
      {
        alarmType: values.alarmType,
        messageType: values.messageType as T,
        messageAddress: address,
        message: values.message.trim() || DEFAULT_NOTIFICATION_MESSAGES[values.alarmType],
      },
      readEscalationEntry(values.escalation),
    );
  }

  return (
    <Form onSubmit={(event) => void submit(event)} noValidate>
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
        {messageTypes.length > 1 && (
          <Radio.Group
            label="Send by"
            value={values.messageType}
            onChange={(value) => {
              const type = messageTypes.find((t) => t === value);
              if (!type) return;
              update({
                messageType: type,
                ...(type === 'PUSH' && !values.browser && defaultPushBrowser(push)),
              });
            }}
          >
            <Group gap="lg" mt={6}>
              {messageTypes.map((type) => (
                <Radio key={type} value={type} label={MESSAGE_TYPE_LABELS[type]} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {values.messageType === 'PUSH' ? (
          <PushBrowserFields
            push={push}
            browser={values.browser}
            browserName={values.browserName}
            errors={errors}
            onChange={update}
          />
        ) : values.messageType === 'EMAIL' ? (
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
          <Button type="submit" loading={isSaving || isSubscribing}>
            {editing ? 'Save changes' : 'Add notification'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
