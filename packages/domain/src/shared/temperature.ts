/** The user's temperature unit preferences; F is the default (accounts-devices-billing §9). */
export const TEMP_PREFS = ['F', 'C'] as const;

export type TempPref = (typeof TEMP_PREFS)[number];

export const DEFAULT_TEMP_PREF: TempPref = 'F';

/** Reads a stored preference, falling back to F for anything unknown (accounts-devices-billing §9). */
export function parseTempPref(value: string | null | undefined): TempPref {
  return value === 'C' ? 'C' : DEFAULT_TEMP_PREF;
}

declare const temperatureUnit: unique symbol;

/**
 * A temperature in degrees Fahrenheit: the unit every temperature is stored in
 * (device-management §5 "Celsius values are converted to F for storage").
 */
export type Fahrenheit = number & { readonly [temperatureUnit]: 'F' };

/** A temperature in degrees Celsius: only ever shown or entered, never stored. */
export type Celsius = number & { readonly [temperatureUnit]: 'C' };

/** Marks a number as degrees Fahrenheit. */
export function fahrenheit(value: number): Fahrenheit {
  return value as Fahrenheit;
}

/** Marks a number as degrees Celsius. */
export function celsius(value: number): Celsius {
  return value as Celsius;
}

/** Exact °F → °C, no rounding. */
export function fahrenheitToCelsius(value: Fahrenheit): Celsius {
  return celsius(((value - 32) * 5) / 9);
}

/** Exact °C → °F, no rounding. */
export function celsiusToFahrenheit(value: Celsius): Fahrenheit {
  return fahrenheit((value * 9) / 5 + 32);
}

/**
 * Rounds half away from zero, so -2.5 and 2.5 mirror each other, and never answers -0. The tiny
 * nudge stops binary fractions such as 1.005 from rounding down.
 */
export function roundTo(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * factor + 1e-9) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/**
 * Stored temperatures keep one decimal of °F. A whole or one-decimal °C value then comes back
 * unchanged (1 °C = 1.8 °F, and 0.05 °F is under 0.03 °C); see SPEC-NOTES.md.
 */
export const STORED_TEMPERATURE_DECIMALS = 1;

/** A temperature typed or chosen in the user's unit, as it is stored: °F (device-management §5). */
export function toStoredFahrenheit(value: number, unit: TempPref): Fahrenheit {
  const inFahrenheit = unit === 'C' ? celsiusToFahrenheit(celsius(value)) : value;
  return fahrenheit(roundTo(inFahrenheit, STORED_TEMPERATURE_DECIMALS));
}

/**
 * A stored °F value in the user's unit, rounded for display; readings are shown as whole
 * numbers (device-management §9 "Last-read displays are rounded to integers").
 */
export function fromStoredFahrenheit(stored: Fahrenheit, unit: TempPref, decimals = 0): number {
  const value = unit === 'C' ? fahrenheitToCelsius(stored) : stored;
  return roundTo(value, decimals);
}

/** A stored °F value as text in the user's unit, e.g. "72°F" or "22°C". */
export function formatTemperature(stored: Fahrenheit, unit: TempPref, decimals = 0): string {
  return `${fromStoredFahrenheit(stored, unit, decimals).toFixed(decimals)}°${unit}`;
}

/**
 * Decimals a stored temperature is shown with where the user edits or reads a range: one, so
 * 40 °F reads 4.4 °C, not 4 °C (which would save back as 39.2 °F).
 */
export const ENTRY_TEMPERATURE_DECIMALS = 1;

/** A stored range end as the user edits it: in their unit, to one decimal. */
export function toEnteredTemperature(stored: Fahrenheit, unit: TempPref): number {
  return fromStoredFahrenheit(stored, unit, ENTRY_TEMPERATURE_DECIMALS);
}

/**
 * An edited range end as it is stored. An entry that is still what was shown for the stored
 * value keeps the stored value: 40 °F shows as 4.4 °C, and 4.4 °C is 39.9 °F, so converting it
 * back would move a range saved without a change. Any other entry is converted (one decimal of
 * °F, which every one-decimal °C entry survives).
 */
export function toStoredFromEntry(
  entered: number,
  unit: TempPref,
  stored: Fahrenheit | null = null,
): Fahrenheit {
  if (stored !== null && toEnteredTemperature(stored, unit) === entered) return stored;
  return toStoredFahrenheit(entered, unit);
}
