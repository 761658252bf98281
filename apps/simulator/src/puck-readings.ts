import { NOT_AVAILABLE_SENTINEL } from '@monitor/domain/devices/battery';
import { PUCK_IGNORED_READING } from '@monitor/domain/alarms/puck-status';
import { puckSensors, type LogicLevel } from '@monitor/domain/devices/pucks';
import { activeEventsAt, DAY_MS, type ScriptedEvent } from './events';
import type { PeripheralReading } from './protocol';
import { hashText, randomAt, randomBetween } from './random';

/**
 * Where a puck sits decides its climate. All three sit inside the default puck ranges
 * (40–80 °F, 10–70 %RH, device-management §9), so a puck alarms only when an event says so,
 * not on every reading of a demo whose owner has not set ranges yet.
 */
export type PuckPlacement = 'room' | 'basement' | 'crawlspace';

export type PuckProfile = {
  id: string;
  logicLevel: LogicLevel | null;
  seed: number;
  placement: PuckPlacement;
  /** When the battery was new (count 254, the top of the 0–254 scale; 255 means not available). */
  batteryStartMs: number;
  /** Counts lost per day; about 0.75 takes a fresh battery to the floor in ten months. */
  batteryDrainPerDay: number;
  /** Scales how often random leaks happen; 0 switches them off. */
  eventRate: number;
  scriptedEvents: ScriptedEvent[];
};

const FULL_BATTERY = NOT_AVAILABLE_SENTINEL - 1;
/** A worn battery levels off here, still "ok" (above 20), so the demo does not fill with battery alarms. */
export const BATTERY_FLOOR = 30;

type Climate = { temperature: number; humidity: number; dailySwing: number };

const CLIMATES: Readonly<Record<PuckPlacement, Climate>> = {
  room: { temperature: 68, humidity: 40, dailySwing: 3 },
  basement: { temperature: 58, humidity: 55, dailySwing: 1.5 },
  crawlspace: { temperature: 52, humidity: 60, dailySwing: 4 },
};

/**
 * Batteries went in on a fixed date (less up to 60 days by serial), not at the simulator's
 * start, so a restart does not hand a puck a fresher battery than it last reported.
 */
const BATTERY_INSTALLED_MS = Date.UTC(2026, 5, 1);

/** A puck profile for a serial and logic level, varied by the serial so pucks differ. */
export function createPuckProfile(
  id: string,
  logicLevel: LogicLevel | null,
  batteryStartMs?: number,
): PuckProfile {
  const seed = hashText(id);
  const placements: PuckPlacement[] = ['room', 'basement', 'crawlspace'];
  return {
    id,
    logicLevel,
    seed,
    placement: placements[seed % placements.length] ?? 'room',
    batteryStartMs:
      batteryStartMs ??
      BATTERY_INSTALLED_MS - Math.floor(randomAt(seed, 'installed', 0) * 60) * DAY_MS,
    batteryDrainPerDay: randomBetween(seed, 'drain', 0, 0.6, 0.9),
    eventRate: 1,
    scriptedEvents: [],
  };
}

/** The battery count at a time: 254 when new, falling steadily to the floor, never rising. */
export function puckBatteryLevel(profile: PuckProfile, timeMs: number): number {
  const days = Math.max(0, timeMs - profile.batteryStartMs) / DAY_MS;
  return Math.max(BATTERY_FLOOR, Math.floor(FULL_BATTERY - days * profile.batteryDrainPerDay));
}

/** Rounds to one decimal, stepping off 99.90, which the server would ignore (device-management §4, §9). */
function toReadingValue(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return Math.abs(rounded - PUCK_IGNORED_READING) < 1e-9 ? 99.8 : rounded;
}

/**
 * A puck's readings at a time, with only the sensors its logic level enables
 * (device-management §4 "Puck logic level"); the battery count is always sent.
 */
export function generatePuckReading(profile: PuckProfile, timeMs: number): PeripheralReading {
  const { sensors } = puckSensors(profile.logicLevel);
  const climate = CLIMATES[profile.placement];
  const minute = Math.floor(timeMs / 60_000);
  const reading: PeripheralReading = { Id: profile.id };
  if (sensors.includes('temperature')) {
    // A daily swing whose warmest hour differs per puck, as rooms warm at different times.
    const phase = randomAt(profile.seed, 'puck-phase', 0) * 2 * Math.PI;
    const cycle = Math.sin((2 * Math.PI * timeMs) / DAY_MS + phase);
    const noise = randomBetween(profile.seed, 'puck-temp', minute, -0.4, 0.4);
    reading.Temperature = toReadingValue(climate.temperature + climate.dailySwing * cycle + noise);
  }
  if (sensors.includes('humidity')) {
    const noise = randomBetween(profile.seed, 'puck-humidity', minute, -3, 3);
    reading.Humidity = toReadingValue(Math.min(95, Math.max(5, climate.humidity + noise)));
  }
  if (sensors.includes('water')) {
    const events = activeEventsAt(
      {
        seed: profile.seed,
        kinds: ['waterLeak'],
        rate: profile.eventRate,
        scripted: profile.scriptedEvents,
      },
      timeMs,
    );
    reading.Water = events.some((event) => event.kind === 'waterLeak') ? 1 : 0;
  }
  reading.BatteryLevel = puckBatteryLevel(profile, timeMs);
  return reading;
}
