import { useState, type ReactNode } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  MESSAGE_TYPE_LABELS,
  formatMessageAddress,
  type AlarmType,
  type NotificationDraft,
} from '@monitor/domain/alarms/notifications';

/** What the page's add-notification dialog is given (the notifications feature's, composed by the page). */
export type RuleDialogProps = {
  opened: boolean;
  alarmTypes: readonly AlarmType[];
  defaultEmail: string;
  onSave: (rule: NotificationDraft) => void;
  onClose: () => void;
};

export type NotificationStepProps = {
  initial: readonly NotificationDraft[];
  alarmTypes: readonly AlarmType[];
  /** What each alarm type is called on screen. */
  alarmTypeLabel: (type: AlarmType) => string;
  userEmail: string;
  renderRuleDialog: (props: RuleDialogProps) => ReactNode;
  onBack: () => void;
  onNext: (rules: NotificationDraft[]) => void;
  onDirtyChange: (isDirty: boolean) => void;
  /** Each change of the list on screen, for a draft to keep. */
  onEntriesChange?: (rules: NotificationDraft[]) => void;
};

/**
 * Step 3, Notification Schedule, the new-device variant (accounts-devices-billing §4 "Alarms",
 * §9): it starts with EMAIL to the user for TEMP, HUMIDITY, POWER and NOCALL; rules by e-mail,
 * text or phone call can be added and removed. Nothing is saved until the registration.
 */
export function NotificationStep({
  initial,
  alarmTypes,
  alarmTypeLabel,
  userEmail,
  renderRuleDialog,
  onBack,
  onNext,
  onDirtyChange,
  onEntriesChange,
}: NotificationStepProps) {
  const [rules, setRules] = useState<NotificationDraft[]>([...initial]);
  const [isAdding, setIsAdding] = useState(false);

  function change(next: NotificationDraft[]) {
    setRules(next);
    onEntriesChange?.(next);
    onDirtyChange(true);
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Who is told when an alarm goes off. You can change these later on the device&apos;s
        settings.
      </Text>
      {rules.length === 0 ? (
        <Text role="status">No notifications: nobody will be told of an alarm.</Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Notifications"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {rules.map((rule, index) => {
            const label = `${alarmTypeLabel(rule.alarmType)} by ${MESSAGE_TYPE_LABELS[rule.messageType]} to ${formatMessageAddress(rule.messageType, rule.messageAddress)}`;
            return (
              <Paper
                component="li"
                key={`${rule.alarmType}-${rule.messageType}-${rule.messageAddress}-${index}`}
                withBorder
                p="sm"
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600}>{alarmTypeLabel(rule.alarmType)}</Text>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {MESSAGE_TYPE_LABELS[rule.messageType]}:{' '}
                      {formatMessageAddress(rule.messageType, rule.messageAddress)}
                    </Text>
                  </Stack>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    style={{ flexShrink: 0 }}
                    aria-label={`Remove ${label}`}
                    onClick={() => change(rules.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Group>
        <Button variant="light" onClick={() => setIsAdding(true)}>
          Add notification
        </Button>
      </Group>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={() => onNext(rules)}>Next</Button>
      </Group>
      {renderRuleDialog({
        opened: isAdding,
        alarmTypes,
        defaultEmail: userEmail,
        onSave: (rule) => {
          change([...rules, rule]);
          setIsAdding(false);
        },
        onClose: () => setIsAdding(false),
      })}
    </Stack>
  );
}
