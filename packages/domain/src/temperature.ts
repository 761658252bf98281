/** The user's temperature unit preference; F is the default (accounts-devices-billing §9). */
export type TempPref = 'F' | 'C';

export const DEFAULT_TEMP_PREF: TempPref = 'F';

/** Reads a stored preference, falling back to F for anything unknown (accounts-devices-billing §9). */
export function parseTempPref(value: string | null | undefined): TempPref {
  return value === 'C' ? 'C' : DEFAULT_TEMP_PREF;
}
