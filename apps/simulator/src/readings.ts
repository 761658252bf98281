import { isNistDevice, isProDevice, type DeviceType } from '@monitor/domain/devices/device-types';
import {
  activeEventsAt,
  coolingFailureRise,
  excursionDrop,
  type EventKind,
  type RandomEventKind,
  type ScriptedEvent,
} from './events';
import type { DeviceReport } from './protocol';
import { createPuckProfile, generatePuckReading, type PuckProfile } from './puck-readings';
import { hashText, randomBetween, smoothNoiseAt } from './random';

/** How a virtual unit's place behaves: its climate, its sensors, its events and its pucks. */
export type UnitProfile = {
  seed: number;
  deviceType: DeviceType;
  /** The mean indoor temperature (°F) and half the daily swing around it. */
  baseTemperature: number;
  temperatureAmplitude: number;
  baseHumidity: number;
  /** The centre of the modem's signal quality, which drifts around it within 10–31. */
  signalCenter: number;
  /** Hours from UTC of the place, so the warmest hour falls mid-afternoon local time. */
  utcOffsetHours: number;
  hasWater: boolean;
  hasMotion: boolean;
  /** Scales how often random events happen; 0 switches them off (tests, quiet demos). */
  eventRate: number;
  scriptedEvents: ScriptedEvent[];
  pucks: PuckProfile[];
};

export type UnitDescription = {
  imei: string;
  deviceType: DeviceType;
  pucks: { id: string; logicLevel: PuckProfile['logicLevel'] }[];
};

const HOUR_MS = 3_600_000;
/** The warmest hour of the day, local time. */
const WARMEST_HOUR = 15;
export const SIGNAL_MIN = 10;
export const SIGNAL_MAX = 31;
/** Relative humidity kept per °F of warming, the moisture in the air unchanged (Magnus formula, near 70 °F). */
const RELATIVE_HUMIDITY_PER_DEGREE = 0.965;
/** The noise added on top of the daily cycle, ± °F. */
export const TEMPERATURE_NOISE = 0.6;

/**
 * A profile for a unit, varied by its IMEI so that every unit's graph looks different. The
 * sensors follow the model: PRO units have water and motion, basic units water, NIST neither
 * (a simulator choice; the spec lists the alarm types, not the hardware).
 */
export function createUnitProfile(unit: UnitDescription, batteryStartMs?: number): UnitProfile {
  const seed = hashText(unit.imei);
  const isNist = isNistDevice(unit.deviceType);
  const isPro = isProDevice(unit.deviceType, 'general');
  return {
    seed,
    deviceType: unit.deviceType,
    baseTemperature: randomBetween(seed, 'base-temp', 0, 62, 74),
    temperatureAmplitude: randomBetween(seed, 'amplitude', 0, 2, 6),
    baseHumidity: randomBetween(seed, 'base-humidity', 0, 35, 50),
    signalCenter: randomBetween(seed, 'signal', 0, 16, 26),
    utcOffsetHours: -5,
    hasWater: !isNist,
    hasMotion: isPro,
    eventRate: 1,
    scriptedEvents: [],
    pucks: unit.pucks.map((puck) => createPuckProfile(puck.id, puck.logicLevel, batteryStartMs)),
  };
}

function eventKinds(profile: UnitProfile): RandomEventKind[] {
  const kinds: RandomEventKind[] = ['powerCut', 'temperatureExcursion'];
  if (profile.hasWater) kinds.push('waterLeak');
  if (profile.hasMotion) kinds.push('motion');
  return kinds;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The unit's temperature at a time: a daily sinusoid, noise, and any excursion's drop. */
function temperatureAt(profile: UnitProfile, timeMs: number, events: ScriptedEvent[]): number {
  const localHour = (timeMs / HOUR_MS + profile.utcOffsetHours) % 24;
  const phase = (2 * Math.PI * (localHour - WARMEST_HOUR + 6)) / 24;
  const cycle = profile.temperatureAmplitude * Math.sin(phase);
  const minute = Math.floor(timeMs / 60_000);
  const noise = randomBetween(profile.seed, 'temp-noise', minute, -1, 1) * TEMPERATURE_NOISE;
  const drop = events
    .filter((event) => event.kind === 'temperatureExcursion')
    .reduce((total, event) => total + excursionDrop(event, timeMs), 0);
  const rise = events
    .filter((event) => event.kind === 'coolingFailure')
    .reduce((total, event) => total + coolingFailureRise(event, timeMs), 0);
  return profile.baseTemperature + cycle + noise - drop + rise;
}

/**
 * The unit's reading at a time, a pure function of the profile and the time (device protocol
 * `Reports[]`; device-management §3 LastRead). Humidity moves against temperature, as relative
 * humidity does when air warms; the timestamp is whole seconds, since duplicates are judged on it.
 */
export function generateReport(profile: UnitProfile, timeMs: number): DeviceReport {
  const events = activeEventsAt(
    {
      seed: profile.seed,
      kinds: eventKinds(profile),
      rate: profile.eventRate,
      scripted: profile.scriptedEvents,
    },
    timeMs,
  );
  const isHappening = (kind: EventKind) => events.some((event) => event.kind === kind);
  const minute = Math.floor(timeMs / 60_000);
  const temperature = temperatureAt(profile, timeMs, events);
  const humidityNoise = randomBetween(profile.seed, 'humidity-noise', minute, -2, 2);
  // About 3.5% less relative humidity per °F warmer at the same moisture: ±1.5 points around the
  // mean, and a room 40 °F hotter (a cooling failure) dry but not at 0%.
  const humidity =
    profile.baseHumidity * RELATIVE_HUMIDITY_PER_DEGREE ** (temperature - profile.baseTemperature);
  const drift = smoothNoiseAt(profile.seed, 'signal-drift', timeMs, 6 * HOUR_MS);
  const jitter = randomBetween(profile.seed, 'signal-jitter', minute, -1, 1);
  const signal = Math.round(profile.signalCenter + 6 * drift + jitter);
  const report: DeviceReport = {
    ReportTimestamp: new Date(Math.floor(timeMs / 1000) * 1000).toISOString(),
    Temperature: round1(temperature),
    Humidity: round1(Math.min(100, Math.max(0, humidity + humidityNoise))),
    Power: isHappening('powerCut') ? 0 : 1,
    SignalStrength: Math.min(SIGNAL_MAX, Math.max(SIGNAL_MIN, signal)),
  };
  if (profile.hasWater) report.Water = isHappening('waterLeak') ? 1 : 0;
  if (profile.hasMotion) report.Motion = isHappening('motion') ? 1 : 0;
  if (profile.pucks.length > 0) {
    report.Peripherals = profile.pucks.map((puck) => generatePuckReading(puck, timeMs));
  }
  return report;
}
