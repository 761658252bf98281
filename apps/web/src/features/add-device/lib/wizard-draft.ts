import type { NotificationDraft } from '@monitor/domain/alarms/notifications';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { defaultRangeSettings, type DeviceInformation, type RangeSettings } from './wizard-rules';

/**
 * The step's entries as on screen, taken by Next or not: what a session draft may keep. The serial
 * is kept as typed, never the device the server found for it: a resumed serial is checked again,
 * as one just typed is, so the firmware gate, the account rules and a unit registered meanwhile
 * (409) apply to it.
 */
export type InformationEntries = {
  serialParts: string[];
  name: string;
  location: string;
  timeZone: number;
};

/**
 * The entries on screen of the step shown, not yet taken by its Next (issue #24): a reload resumes
 * them. They belong to that step only, and go when another step is shown.
 */
export type StepEntries =
  | { step: 0; information: InformationEntries }
  | { step: 1; ranges: RangeSettings }
  | { step: 2; rules: NotificationDraft[] };

/**
 * What the add-device wizard keeps in the tab's session storage (decision 062): each step's
 * entries as Next or Back left them, the furthest step reached and the entries on screen. Never
 * the card, which stays in the processor's fields.
 */
export type WizardDraft = {
  information: DeviceInformation | null;
  ranges: RangeSettings;
  rules: NotificationDraft[] | null;
  reached: number;
  /** Absent from a draft kept by an older build. */
  typing?: StepEntries | null;
};

export const wizardDraftKey = (userId: number) => `add-device-wizard:${userId}`;

export function emptyWizardDraft(unit: TempPref): WizardDraft {
  return {
    information: null,
    ranges: defaultRangeSettings(unit),
    rules: null,
    reached: 0,
    typing: null,
  };
}

/** The entries typed on `step`, if those kept are that step's. */
export function typedOn<S extends StepEntries['step']>(
  draft: WizardDraft,
  step: S,
): Extract<StepEntries, { step: S }> | null {
  const typing = draft.typing ?? null;
  return typing?.step === step ? (typing as Extract<StepEntries, { step: S }>) : null;
}

/** Whether typed entries hold anything a customer would miss (a time zone alone is a default). */
export function hasTypedEntries(entries: InformationEntries | null): boolean {
  if (!entries) return false;
  return [...entries.serialParts, entries.name, entries.location].some((text) => text.trim());
}

/**
 * One draft per first unit from the wizard, so units listed like one model never show under
 * another; a direct visit's draft holds the unit picked.
 */
export const multiUnitDraftKey = (userId: number, firstSerial: string | null) =>
  `multi-unit-registration:${userId}:${firstSerial ?? 'chosen'}`;
