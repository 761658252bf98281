// Component CSS not in app/styles.ts (decision 003): loaded with the dialog only.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/NumberInput.css';
import { useId } from 'react';
import {
  Box,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  MAX_REPEAT_CAP,
  MAX_WAIT_MINUTES,
  MIN_REPEAT_CAP,
  REPEAT_INTERVALS,
  isRepeatInterval,
} from '@monitor/domain/alarms/notification-escalation';
import type { EscalationEntry, EscalationErrors } from '../lib/escalation-entry';

type EscalationFieldsProps = {
  value: EscalationEntry;
  errors: EscalationErrors;
  onChange: (next: Partial<EscalationEntry>) => void;
};

const REPEAT_OPTIONS = REPEAT_INTERVALS.map((minutes) => ({
  value: String(minutes),
  label: minutes === 0 ? 'Off' : `${minutes} minutes`,
}));

type SentenceNumberProps = {
  /** Words only a screen reader hears, before the rest of the name ("Repeat" before "at most"). */
  unseenBefore?: string;
  /** The words before the box; they are its label. */
  before: string;
  /** The words after it, which finish its name ("minutes before telling"). */
  after: string;
  width: number;
  min: number;
  max: number;
  value: number | string;
  onChange: (value: number | string) => void;
  error: string | undefined;
  description?: string;
};

/**
 * A whole number in a sentence ("Wait [20] minutes before telling"), named by the whole sentence
 * so a screen reader says what the number means; the wrapper ties its error and hint to it.
 */
function SentenceNumber({
  unseenBefore,
  before,
  after,
  width,
  error,
  description,
  ...number
}: SentenceNumberProps) {
  const id = useId();
  return (
    <NumberInput
      id={id}
      aria-labelledby={`${unseenBefore ? `${id}-unseen ` : ''}${id}-before ${id}-after`}
      hideControls
      inputMode="numeric"
      allowDecimal={false}
      allowNegative={false}
      // Out of range is said in words, not silently changed.
      clampBehavior="none"
      {...number}
      error={error}
      description={description}
      inputWrapperOrder={['input', 'error', 'description']}
      inputContainer={(input) => (
        <Group gap="xs" wrap="wrap" align="center" mb={4}>
          {unseenBefore && <VisuallyHidden id={`${id}-unseen`}>{unseenBefore}</VisuallyHidden>}
          <Text component="label" htmlFor={id} id={`${id}-before`} size="sm">
            {before}
          </Text>
          <Box w={width}>{input}</Box>
          <Text id={`${id}-after`} size="sm">
            {after}
          </Text>
        </Group>
      )}
    />
  );
}

/**
 * "If nobody answers" (issue #23): wait before telling, repeat while the alarm is unacknowledged
 * up to a cap, and the follow-ups. Each box sits in its sentence; the sentences wrap on a narrow
 * phone.
 */
export function EscalationFields({ value, errors, onChange }: EscalationFieldsProps) {
  const repeatId = useId();
  const isRepeating = value.repeatMinutes > 0;

  return (
    <Fieldset legend="If nobody answers" variant="filled" p="sm">
      <Stack gap="sm">
        <SentenceNumber
          before="Wait"
          after="minutes before telling"
          width={88}
          min={0}
          max={MAX_WAIT_MINUTES}
          value={value.waitMinutes}
          onChange={(waitMinutes) => onChange({ waitMinutes })}
          error={errors.waitMinutes}
          description="0 is at once. Use this to tell someone else only if nobody has acknowledged the alarm by then."
        />
        <Group gap="xs" wrap="wrap" align="flex-start">
          <Group gap="xs" wrap="nowrap" align="center">
            <Text component="label" htmlFor={repeatId} size="sm">
              Repeat every
            </Text>
            <NativeSelect
              id={repeatId}
              w={130}
              data={REPEAT_OPTIONS}
              value={String(value.repeatMinutes)}
              onChange={(event) => {
                const minutes = Number(event.currentTarget.value);
                if (isRepeatInterval(minutes)) onChange({ repeatMinutes: minutes });
              }}
            />
          </Group>
          {isRepeating && (
            <SentenceNumber
              unseenBefore="Repeat"
              before="at most"
              after="times"
              width={64}
              min={MIN_REPEAT_CAP}
              max={MAX_REPEAT_CAP}
              value={value.repeatCap}
              onChange={(repeatCap) => onChange({ repeatCap })}
              error={errors.repeatCap}
            />
          )}
        </Group>
        <Checkbox
          label="Tell of the all-clear"
          checked={value.tellsAllClear}
          onChange={(event) => onChange({ tellsAllClear: event.currentTarget.checked })}
        />
        <Checkbox
          label="Tell when someone acknowledges"
          checked={value.tellsAcknowledged}
          onChange={(event) => onChange({ tellsAcknowledged: event.currentTarget.checked })}
        />
      </Stack>
    </Fieldset>
  );
}
