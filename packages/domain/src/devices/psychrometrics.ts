import {
  celsius,
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  type Celsius,
  type Fahrenheit,
  type TempPref,
} from '../shared/temperature';

/**
 * Where Stull's fit holds (Stull 2011, J. Appl. Meteor. Climatol. 50, 2267–2269): air
 * temperature -20 to 50 °C and relative humidity 5 to 99 %, less well when both cold and dry.
 */
export const STULL_VALID_RANGE = {
  temperatureC: { min: -20, max: 50 },
  relativeHumidity: { min: 5, max: 99 },
} as const;

function isUsableHumidity(relativeHumidity: number): boolean {
  return Number.isFinite(relativeHumidity) && relativeHumidity > 0 && relativeHumidity <= 100;
}

/** True when Stull's formula is within its stated accuracy for these inputs. */
export function isWithinStullRange(temperature: Celsius, relativeHumidity: number): boolean {
  const { temperatureC: t, relativeHumidity: rh } = STULL_VALID_RANGE;
  return (
    temperature >= t.min &&
    temperature <= t.max &&
    relativeHumidity >= rh.min &&
    relativeHumidity <= rh.max
  );
}

/**
 * Wet-bulb temperature by Stull's (2011) empirical formula, in °C from °C and %RH. It is answered
 * outside the fit's range too, but never above the air temperature, which a wet bulb cannot be;
 * null when the inputs are not numbers or the humidity is not in (0, 100].
 */
export function computeWetBulbCelsius(
  temperature: Celsius,
  relativeHumidity: number,
): Celsius | null {
  if (!Number.isFinite(temperature) || !isUsableHumidity(relativeHumidity)) return null;
  const t = temperature;
  const rh = relativeHumidity;
  const tw =
    t * Math.atan(0.151977 * Math.sqrt(rh + 8.313659)) +
    Math.atan(t + rh) -
    Math.atan(rh - 1.676331) +
    0.00391838 * rh ** 1.5 * Math.atan(0.023101 * rh) -
    4.686035;
  return celsius(Math.min(tw, t));
}

/** Wet-bulb temperature from a reading in °F and %RH, computed in °C (device-management §9). */
export function computeWetBulb(temperature: Fahrenheit, relativeHumidity: number): Celsius | null {
  return computeWetBulbCelsius(fahrenheitToCelsius(temperature), relativeHumidity);
}

/** The wet bulb in the user's unit, unrounded: F unless the preference is C (device-management §9). */
export function wetBulbInUnit(
  temperature: Fahrenheit,
  relativeHumidity: number,
  unit: TempPref,
): number | null {
  const wetBulb = computeWetBulb(temperature, relativeHumidity);
  if (wetBulb === null) return null;
  return unit === 'C' ? wetBulb : celsiusToFahrenheit(wetBulb);
}

/**
 * Magnus coefficients of Alduchov and Eskridge (1996, J. Appl. Meteor. 35, 601–609), good to
 * about 0.4 % in vapour pressure from -40 to 50 °C.
 */
export const MAGNUS = { b: 17.625, c: 243.04 } as const;

/**
 * Dew point by the Magnus formula, in °C from °C and %RH: γ = ln(RH/100) + bT/(c+T),
 * Td = cγ/(b−γ), never above the air temperature. Null when the inputs are not numbers, the
 * humidity is not in (0, 100] or the temperature is at or below the formula's pole (-c).
 */
export function computeDewPointCelsius(
  temperature: Celsius,
  relativeHumidity: number,
): Celsius | null {
  if (!Number.isFinite(temperature) || !isUsableHumidity(relativeHumidity)) return null;
  const { b, c } = MAGNUS;
  // Below -c the formula has a pole; such air (colder than -243 °C) is not a reading.
  if (temperature <= -c) return null;
  const gamma = Math.log(relativeHumidity / 100) + (b * temperature) / (c + temperature);
  const dewPoint = (c * gamma) / (b - gamma);
  return Number.isFinite(dewPoint) ? celsius(Math.min(dewPoint, temperature)) : null;
}

/** Dew point from a reading in °F and %RH, in °C. */
export function computeDewPoint(temperature: Fahrenheit, relativeHumidity: number): Celsius | null {
  return computeDewPointCelsius(fahrenheitToCelsius(temperature), relativeHumidity);
}

/** The dew point in the user's unit, unrounded. */
export function dewPointInUnit(
  temperature: Fahrenheit,
  relativeHumidity: number,
  unit: TempPref,
): number | null {
  const dewPoint = computeDewPoint(temperature, relativeHumidity);
  if (dewPoint === null) return null;
  return unit === 'C' ? dewPoint : celsiusToFahrenheit(dewPoint);
}
