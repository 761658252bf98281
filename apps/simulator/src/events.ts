import { randomAt, randomBetween } from './random';

/**
 * Occasional events that make the demo's alarms fire: a power cut, a water leak, a temperature
 * excursion such as a furnace failure, and short bursts of motion. Random events are a pure
 * function of the seed and the day, so a back-fill and the live loop agree on them.
 */

/** Kinds that also happen at random; a cooling failure happens only when someone starts one. */
export type RandomEventKind = 'powerCut' | 'waterLeak' | 'temperatureExcursion' | 'motion';
export type EventKind = RandomEventKind | 'coolingFailure';

export type ScriptedEvent = {
  kind: EventKind;
  startMs: number;
  durationMs: number;
  /**
   * For a temperature excursion: how many °F the temperature falls at its worst; for a cooling
   * failure: how many °F it rises.
   */
  depth?: number;
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

type EventShape = { perDay: number; minMs: number; maxMs: number };

/** How often each kind happens and how long it lasts; rare enough that most days are quiet. */
const EVENT_SHAPES: Readonly<Record<RandomEventKind, EventShape>> = {
  powerCut: { perDay: 1 / 45, minMs: 15 * MINUTE_MS, maxMs: 3 * HOUR_MS },
  waterLeak: { perDay: 1 / 60, minMs: 30 * MINUTE_MS, maxMs: 4 * HOUR_MS },
  temperatureExcursion: { perDay: 1 / 40, minMs: 4 * HOUR_MS, maxMs: 10 * HOUR_MS },
  motion: { perDay: 1 / 5, minMs: 5 * MINUTE_MS, maxMs: 20 * MINUTE_MS },
};

/** The random events of one day (UTC day number) of the given kinds; `rate` scales how often. */
export function randomEventsOfDay(
  seed: number,
  kinds: readonly RandomEventKind[],
  rate: number,
  day: number,
): ScriptedEvent[] {
  const events: ScriptedEvent[] = [];
  for (const kind of kinds) {
    const shape = EVENT_SHAPES[kind];
    if (randomAt(seed, `${kind}:happens`, day) >= shape.perDay * rate) continue;
    events.push({
      kind,
      startMs: day * DAY_MS + Math.floor(randomAt(seed, `${kind}:start`, day) * DAY_MS),
      durationMs: Math.floor(randomBetween(seed, `${kind}:length`, day, shape.minMs, shape.maxMs)),
      depth:
        kind === 'temperatureExcursion' ? randomBetween(seed, 'depth', day, 15, 30) : undefined,
    });
  }
  return events;
}

/** Events running at a time: scripted ones and random ones that began today or yesterday. */
export function activeEventsAt(
  options: {
    seed: number;
    kinds: readonly RandomEventKind[];
    rate: number;
    scripted: ScriptedEvent[];
  },
  timeMs: number,
): ScriptedEvent[] {
  const day = Math.floor(timeMs / DAY_MS);
  // Every event is shorter than a day, so one that began before yesterday has ended.
  const candidates = [
    ...options.scripted,
    ...(options.rate > 0
      ? [
          ...randomEventsOfDay(options.seed, options.kinds, options.rate, day - 1),
          ...randomEventsOfDay(options.seed, options.kinds, options.rate, day),
        ]
      : []),
  ];
  return candidates.filter(
    (event) => event.startMs <= timeMs && timeMs < event.startMs + event.durationMs,
  );
}

/**
 * How far an excursion has pulled the temperature down: a slow fall over the first 70% of the
 * event (the building cooling after the furnace stops), then a recovery once it is repaired.
 */
export function excursionDrop(event: ScriptedEvent, timeMs: number): number {
  const depth = event.depth ?? 20;
  const progress = (timeMs - event.startMs) / event.durationMs;
  if (progress < 0 || progress >= 1) return 0;
  return progress < 0.7 ? depth * (progress / 0.7) : depth * (1 - (progress - 0.7) / 0.3);
}

/** How far a cooling failure has pushed the temperature up: at once, as a closed room full of running equipment heats fast. */
export function coolingFailureRise(event: ScriptedEvent, timeMs: number): number {
  const isRunning = event.startMs <= timeMs && timeMs < event.startMs + event.durationMs;
  return isRunning ? (event.depth ?? DEFAULT_COOLING_FAILURE_RISE) : 0;
}

/** Enough to take any demo unit (62–74 °F) above the default 85 °F limit. */
export const DEFAULT_COOLING_FAILURE_RISE = 40;
