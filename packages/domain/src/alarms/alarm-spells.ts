/**
 * Alarm spells of one alarm point (issue #23, decision 059): readings are walked in timestamp
 * order, each judged by the settings in force when it was taken.
 * - A reading outside the range is a breach. The alarm rises once a breach has lasted the delay:
 *   at least `delayReadings` readings and `delayMinutes` minutes.
 * - A raised alarm clears only on a reading back inside the range by the deadband (hysteresis),
 *   so a reading hovering at a limit is one spell, not a flapping one.
 * - A reading with no value, or taken while the point was off, decides nothing.
 *
 * Late readings (a unit sends what it kept while it could not report) are walked again from the
 * last reading before them whose state is known for certain (`reevaluatePoint`), and the result
 * replaces the stored spells after it (`reconcileSpells`), so the spells never depend on the order
 * in which readings arrived. Times are epoch milliseconds.
 */

/** How a point judges a reading at one time. */
export type AlarmCondition =
  | {
      kind: 'range';
      min: number;
      max: number;
      /** Back inside by this much clears; capped at half the range, so the middle always clears. */
      deadband: number;
      delayMinutes: number;
      delayReadings: number;
    }
  | {
      /** Power, water, motion: power is in alarm at 0, water and motion above 0. */
      kind: 'switch';
      alarmWhen: 'zero' | 'above-zero';
      delayMinutes: number;
      delayReadings: number;
    }
  /** The point was turned off, or had no range: its readings decide nothing. */
  | { kind: 'off' };

export type Sample = { at: number; value: number | null };

export type Spell = {
  /** The first reading of the breach, and its value. */
  startedAt: number;
  startValue: number;
  /** The reading at which the breach had lasted the delay. */
  raisedAt: number;
  /** The reading furthest outside the range. */
  peak: number;
  /** The reading that cleared it, and its value; null while open. */
  endedAt: number | null;
  endValue: number | null;
};

export type PointState =
  | { kind: 'normal' }
  /** A breach that has not yet lasted its delay. */
  | { kind: 'pending'; since: number; sinceValue: number; readings: number; peak: number }
  | { kind: 'alarm'; spell: Spell };

export const NORMAL: PointState = { kind: 'normal' };

const MINUTE_MS = 60_000;

type Verdict = 'breach' | 'hold' | 'clear' | 'none';

/** A reading's verdict: outside the range, inside but within the deadband, back inside, or nothing. */
export function judge(condition: AlarmCondition, value: number | null): Verdict {
  if (value === null || !Number.isFinite(value) || condition.kind === 'off') return 'none';
  if (condition.kind === 'switch')
    return (condition.alarmWhen === 'zero' ? value === 0 : value > 0) ? 'breach' : 'clear';
  const { min, max } = condition;
  if (value < min || value > max) return 'breach';
  const deadband = Math.min(condition.deadband, (max - min) / 2);
  return value >= min + deadband && value <= max - deadband ? 'clear' : 'hold';
}

/** How far outside the range a value lies, for the peak (a switch's alarm value is its own peak). */
function excess(condition: AlarmCondition, value: number): number {
  if (condition.kind !== 'range') return 0;
  return Math.max(condition.min - value, value - condition.max);
}

function hasLastedDelay(condition: AlarmCondition, since: number, at: number, readings: number) {
  if (condition.kind === 'off') return false;
  return readings >= condition.delayReadings && at - since >= condition.delayMinutes * MINUTE_MS;
}

/** One reading's step: the state after it, and the spell it raised or ended, if any. */
export function stepPoint(
  state: PointState,
  sample: Sample,
  condition: AlarmCondition,
): { state: PointState; raised?: Spell; ended?: Spell } {
  const verdict = judge(condition, sample.value);
  if (verdict === 'none') return { state };
  const value = sample.value as number;
  if (state.kind === 'alarm') {
    const { spell } = state;
    if (verdict === 'clear')
      return { state: NORMAL, ended: { ...spell, endedAt: sample.at, endValue: value } };
    if (verdict === 'hold' || excess(condition, value) <= excess(condition, spell.peak))
      return { state };
    return { state: { kind: 'alarm', spell: { ...spell, peak: value } } };
  }
  if (verdict !== 'breach') return { state: NORMAL };
  const pending =
    state.kind === 'pending'
      ? {
          ...state,
          readings: state.readings + 1,
          peak: excess(condition, value) > excess(condition, state.peak) ? value : state.peak,
        }
      : {
          kind: 'pending' as const,
          since: sample.at,
          sinceValue: value,
          readings: 1,
          peak: value,
        };
  if (!hasLastedDelay(condition, pending.since, sample.at, pending.readings))
    return { state: pending };
  const spell: Spell = {
    startedAt: pending.since,
    startValue: pending.sinceValue,
    raisedAt: sample.at,
    peak: pending.peak,
    endedAt: null,
    endValue: null,
  };
  return { state: { kind: 'alarm', spell }, raised: spell };
}

/**
 * Walks readings in timestamp order from a state; answers the state after them and every spell
 * the walk touched (one open at the start included), in time order.
 */
export function walkPoint(
  initial: PointState,
  samples: readonly Sample[],
  conditionAt: (at: number) => AlarmCondition,
): { state: PointState; spells: Spell[] } {
  let state = initial;
  const spells: Spell[] = state.kind === 'alarm' ? [state.spell] : [];
  for (const sample of samples) {
    const step = stepPoint(state, sample, conditionAt(sample.at));
    state = step.state;
    if (step.raised) spells.push(step.raised);
    // The open spell is the last one: its peak grew, or it ended.
    else if (step.ended) spells[spells.length - 1] = step.ended;
    else if (state.kind === 'alarm') spells[spells.length - 1] = state.spell;
  }
  return { state, spells };
}

/** Whether a stored spell was in force just after `at` (from its first reading to the one that cleared it). */
const covers = (spell: Spell, at: number) =>
  spell.startedAt <= at && (spell.endedAt === null || at < spell.endedAt);

/**
 * The index of the last reading before `before` after which the point's state is known to be
 * normal: a reading judged back inside (or within the deadband) that no stored spell covers. Null
 * when the samples hold none (load earlier ones, unless they are all there is).
 */
export function findAnchor(
  samples: readonly Sample[],
  before: number,
  stored: readonly Spell[],
  conditionAt: (at: number) => AlarmCondition,
): number | null {
  for (let i = samples.length - 1; i >= 0; i--) {
    const sample = samples[i]!;
    if (sample.at >= before) continue;
    const verdict = judge(conditionAt(sample.at), sample.value);
    if ((verdict === 'clear' || verdict === 'hold') && !stored.some((s) => covers(s, sample.at)))
      return i;
  }
  return null;
}

export type Reevaluation =
  /** The samples reach back to no reading whose state is known: load from earlier. */
  | { kind: 'widen' }
  | {
      kind: 'walked';
      /** Stored spells starting after this time are replaced by `spells` (null: all of them). */
      after: number | null;
      spells: Spell[];
      state: PointState;
    };

/**
 * Walks one point again after readings arrived at or before what was already evaluated (the
 * earliest at `earliestNew`). `samples` are the point's stored readings in time order, the new
 * ones among them, from some time on; `isComplete` says no earlier reading exists; `stored` are
 * the point's stored spells that end after the first sample or are open.
 */
export function reevaluatePoint({
  samples,
  isComplete,
  earliestNew,
  stored,
  conditionAt,
}: {
  samples: readonly Sample[];
  isComplete: boolean;
  earliestNew: number;
  stored: readonly Spell[];
  conditionAt: (at: number) => AlarmCondition;
}): Reevaluation {
  const anchor = findAnchor(samples, earliestNew, stored, conditionAt);
  if (anchor === null && !isComplete) return { kind: 'widen' };
  const walked = walkPoint(NORMAL, samples.slice(anchor === null ? 0 : anchor + 1), conditionAt);
  return {
    kind: 'walked',
    after: anchor === null ? null : samples[anchor]!.at,
    spells: walked.spells,
    state: walked.state,
  };
}

export type SpellChanges<Id> = {
  /** A stored spell that now reads differently (its id, acknowledgement and messages kept). */
  updated: { id: Id; was: Spell; spell: Spell }[];
  /** A stored spell the walk made again unchanged. */
  kept: { id: Id; spell: Spell }[];
  inserted: Spell[];
  /** Stored spells no walked spell overlaps any more (a late reading ended the breach before its delay). */
  deleted: { id: Id; was: Spell }[];
};

const overlaps = (a: Spell, b: Spell) =>
  a.startedAt < (b.endedAt ?? Infinity) && b.startedAt < (a.endedAt ?? Infinity);

const sameSpell = (a: Spell, b: Spell) =>
  a.startedAt === b.startedAt &&
  a.raisedAt === b.raisedAt &&
  a.endedAt === b.endedAt &&
  a.peak === b.peak &&
  a.startValue === b.startValue &&
  a.endValue === b.endValue;

/**
 * What turns the stored spells of a re-walked stretch into the walked ones. A walked spell keeps
 * the identity of a stored one it overlaps, the open one first (an alarm that is still active keeps
 * its acknowledgement and messages when a late reading splits it), then in time order.
 */
export function reconcileSpells<Id>(
  stored: readonly (Spell & { id: Id })[],
  walked: readonly Spell[],
): SpellChanges<Id> {
  const matchOf = new Map<Spell, Spell & { id: Id }>();
  const taken = new Set<Id>();
  const storedOpen = stored.find((s) => s.endedAt === null);
  const walkedOpen = walked.find((s) => s.endedAt === null);
  if (storedOpen && walkedOpen && overlaps(storedOpen, walkedOpen)) {
    matchOf.set(walkedOpen, storedOpen);
    taken.add(storedOpen.id);
  }
  for (const spell of walked) {
    if (matchOf.has(spell)) continue;
    const match = stored.find((s) => !taken.has(s.id) && overlaps(s, spell));
    if (!match) continue;
    matchOf.set(spell, match);
    taken.add(match.id);
  }
  const changes: SpellChanges<Id> = { updated: [], kept: [], inserted: [], deleted: [] };
  for (const spell of walked) {
    const match = matchOf.get(spell);
    if (!match) changes.inserted.push(spell);
    else if (sameSpell(match, spell)) changes.kept.push({ id: match.id, spell });
    else changes.updated.push({ id: match.id, was: match, spell });
  }
  for (const spell of stored)
    if (!taken.has(spell.id)) changes.deleted.push({ id: spell.id, was: spell });
  return changes;
}
