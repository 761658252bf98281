import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  judge,
  NORMAL,
  reconcileSpells,
  reevaluatePoint,
  walkPoint,
  type AlarmCondition,
  type PointState,
  type Sample,
  type Spell,
} from './alarm-spells';

const MINUTE = 60_000;
const range = (
  min: number,
  max: number,
  { deadband = 0, delayMinutes = 0, delayReadings = 0 } = {},
): AlarmCondition => ({ kind: 'range', min, max, deadband, delayMinutes, delayReadings });
const samplesOf = (values: readonly (number | null)[]) =>
  values.map((value, i) => ({ at: i * 5 * MINUTE, value }));
const always = (condition: AlarmCondition) => () => condition;

describe('issue #23 alarm spells: deadband and delay', () => {
  it('issue #23 flapping: readings hovering at a high end of 80 °F with a 1 °F deadband are one spell', () => {
    const { spells } = walkPoint(
      NORMAL,
      samplesOf([80.6, 79.6, 80.5, 79.7, 80.4, 79.8]),
      always(range(40, 80, { deadband: 1 })),
    );
    expect(spells).toEqual([
      { startedAt: 0, startValue: 80.6, raisedAt: 0, peak: 80.6, endedAt: null, endValue: null },
    ]);
  });

  it('issue #23 flapping: without a deadband the same readings are three spells', () => {
    const { spells } = walkPoint(
      NORMAL,
      samplesOf([80.6, 79.6, 80.5, 79.7, 80.4, 79.8]),
      always(range(40, 80)),
    );
    expect(spells.map((s) => [s.startedAt, s.endedAt])).toEqual([
      [0, 5 * MINUTE],
      [10 * MINUTE, 15 * MINUTE],
      [20 * MINUTE, 25 * MINUTE],
    ]);
  });

  it('issue #23 flapping: humidity 9.6 → 10.1 → 9.8 against a low end of 10 %RH and 2 %RH deadband stays one spell, cleared at 12', () => {
    const { spells } = walkPoint(
      NORMAL,
      samplesOf([9.6, 10.1, 9.8, 11.9, 12]),
      always(range(10, 70, { deadband: 2 })),
    );
    expect(spells).toEqual([
      { startedAt: 0, startValue: 9.6, raisedAt: 0, peak: 9.6, endedAt: 20 * MINUTE, endValue: 12 },
    ]);
  });

  it('issue #23 delay: a breach rises only after lasting 3 readings, and a shorter one leaves no spell', () => {
    const condition = always(range(40, 80, { delayReadings: 3 }));
    expect(walkPoint(NORMAL, samplesOf([90, 91, 60]), condition).spells).toEqual([]);
    const { spells, state } = walkPoint(NORMAL, samplesOf([60, 90, 95, 91]), condition);
    expect(spells).toEqual([
      {
        startedAt: 5 * MINUTE,
        startValue: 90,
        raisedAt: 15 * MINUTE,
        peak: 95,
        endedAt: null,
        endValue: null,
      },
    ]);
    expect(state.kind).toBe('alarm');
  });

  it('issue #23 delay: a breach rises only after lasting 10 minutes', () => {
    const { spells, state } = walkPoint(
      NORMAL,
      samplesOf([90, 91]),
      always(range(40, 80, { delayMinutes: 10 })),
    );
    expect(spells).toEqual([]);
    expect(state).toMatchObject({ kind: 'pending', since: 0, readings: 2, peak: 91 });
  });

  it('issue #23 deadband: a range narrower than twice the deadband still clears in its middle', () => {
    expect(judge(range(40, 41, { deadband: 2 }), 40.5)).toBe('clear');
    expect(judge(range(40, 41, { deadband: 2 }), 40.4)).toBe('hold');
  });

  it('issue #23: a switch (water) has no deadband and a reading with no value decides nothing', () => {
    const water: AlarmCondition = {
      kind: 'switch',
      alarmWhen: 'above-zero',
      delayMinutes: 0,
      delayReadings: 0,
    };
    const { spells } = walkPoint(NORMAL, samplesOf([1, null, 0]), always(water));
    expect(spells).toEqual([
      { startedAt: 0, startValue: 1, raisedAt: 0, peak: 1, endedAt: 10 * MINUTE, endValue: 0 },
    ]);
  });

  it('issue #23 range in force: each reading is judged by the range in force when it was taken', () => {
    const changedAt = 10 * MINUTE;
    const conditionAt = (at: number) => (at < changedAt ? range(40, 100) : range(40, 80));
    const { spells } = walkPoint(NORMAL, samplesOf([95, 95, 95]), conditionAt);
    expect(spells.map((s) => s.startedAt)).toEqual([changedAt]);
  });
});

/**
 * The reference evaluator: every reading there is, sorted, judged run by run — a run of breaches
 * rises at its first reading that has lasted the delay, and the spell ends at the first reading
 * after that back inside by the deadband. Written apart from the engine's state machine.
 */
function referenceSpells(
  readings: readonly Sample[],
  conditionAt: (at: number) => AlarmCondition,
): Spell[] {
  const judged = [...readings]
    .sort((a, b) => a.at - b.at)
    .map((r) => ({ ...r, condition: conditionAt(r.at) }))
    .map((r) => ({ ...r, verdict: judge(r.condition, r.value) }))
    .filter((r) => r.verdict !== 'none');
  const excess = (condition: AlarmCondition, value: number) =>
    condition.kind === 'range' ? Math.max(condition.min - value, value - condition.max) : 0;
  const spells: Spell[] = [];
  let i = 0;
  while (i < judged.length) {
    if (judged[i]!.verdict !== 'breach') {
      i++;
      continue;
    }
    let runEnd = i;
    while (judged[runEnd + 1]?.verdict === 'breach') runEnd++;
    let raised = -1;
    for (let k = i; k <= runEnd && raised < 0; k++) {
      const c = judged[k]!.condition;
      if (c.kind === 'off') continue;
      if (k - i + 1 >= c.delayReadings && judged[k]!.at - judged[i]!.at >= c.delayMinutes * MINUTE)
        raised = k;
    }
    if (raised < 0) {
      i = runEnd + 1;
      continue;
    }
    let end = raised + 1;
    while (end < judged.length && judged[end]!.verdict !== 'clear') end++;
    let peak = judged[i]!.value!;
    for (let k = i + 1; k < end; k++) {
      const r = judged[k]!;
      if (r.verdict === 'breach' && excess(r.condition, r.value!) > excess(r.condition, peak))
        peak = r.value!;
    }
    const clearing = judged[end];
    spells.push({
      startedAt: judged[i]!.at,
      startValue: judged[i]!.value!,
      raisedAt: judged[raised]!.at,
      peak,
      endedAt: clearing?.at ?? null,
      endValue: clearing?.value ?? null,
    });
    i = end + 1;
  }
  return spells;
}

/**
 * The engine's way, in memory: readings arrive in batches in any order and are stored once; a
 * batch wholly newer than what was evaluated continues from the stored state, any other is walked
 * again from an anchor found in a window of stored readings widened until it holds one.
 */
function evaluateInBatches(
  batches: readonly (readonly Sample[])[],
  conditionAt: (at: number) => AlarmCondition,
): { spells: Spell[]; state: PointState } {
  const stored = new Map<number, Sample>();
  let spells: (Spell & { id: number })[] = [];
  let nextId = 1;
  let state: PointState = NORMAL;
  let through: number | null = null;
  const apply = (affected: (Spell & { id: number })[], walked: Spell[]) => {
    const changes = reconcileSpells(affected, walked);
    const gone = new Set(changes.deleted.map((d) => d.id));
    spells = spells
      .filter((s) => !gone.has(s.id))
      .map((s) => {
        const update = changes.updated.find((u) => u.id === s.id);
        return update ? { ...update.spell, id: s.id } : s;
      });
    spells.push(...changes.inserted.map((s) => ({ ...s, id: nextId++ })));
    spells.sort((a, b) => a.startedAt - b.startedAt);
  };
  for (const batch of batches) {
    const fresh = batch.filter((r) => !stored.has(r.at)).sort((a, b) => a.at - b.at);
    for (const r of fresh) stored.set(r.at, r);
    if (fresh.length === 0) continue;
    if (through === null || fresh[0]!.at > through) {
      const walked = walkPoint(state, fresh, conditionAt);
      apply(
        spells.filter((s) => s.endedAt === null),
        walked.spells,
      );
      state = walked.state;
    } else {
      const all = [...stored.values()].sort((a, b) => a.at - b.at);
      for (let windowStart = fresh[0]!.at - 5 * MINUTE; ; windowStart -= 30 * MINUTE) {
        const samples = all.filter((r) => r.at >= windowStart);
        const result = reevaluatePoint({
          samples,
          isComplete: samples.length === all.length,
          earliestNew: fresh[0]!.at,
          stored: spells.filter((s) => s.endedAt === null || s.endedAt >= windowStart),
          conditionAt,
        });
        if (result.kind === 'widen') continue;
        const after = result.after;
        apply(
          spells.filter((s) => after === null || s.startedAt > after),
          result.spells,
        );
        state = result.state;
        break;
      }
    }
    through = Math.max(through ?? -Infinity, fresh.at(-1)!.at);
  }
  return { spells: spells.map(({ id: _id, ...spell }) => spell), state };
}

const VALUES = [null, 35, 39.5, 40, 40.5, 41, 42, 60, 78, 79, 79.5, 80, 80.5, 81, 95];
const condition = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('range' as const),
      min: fc.constantFrom(40, 45),
      max: fc.constantFrom(80, 85),
      deadband: fc.constantFrom(0, 0.5, 1, 2),
      delayMinutes: fc.constantFrom(0, 0, 5, 12),
      delayReadings: fc.constantFrom(0, 0, 2, 3),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'off' as const }) },
);
/** Readings a minute apart or more, each with a value, and the settings' changes among them. */
const scenario = fc
  .record({
    minutes: fc.uniqueArray(fc.integer({ min: 0, max: 240 }), { minLength: 1, maxLength: 60 }),
    values: fc.array(fc.constantFrom(...VALUES), { minLength: 60, maxLength: 60 }),
    first: condition,
    changes: fc.array(fc.record({ minute: fc.integer({ min: 0, max: 240 }), condition }), {
      maxLength: 3,
    }),
    cuts: fc.array(fc.integer({ min: 1, max: 59 }), { maxLength: 8 }),
    order: fc.array(fc.nat(), { minLength: 10, maxLength: 10 }),
    resend: fc.boolean(),
  })
  .map(({ minutes, values, first, changes, cuts, order, resend }) => {
    const readings = minutes.map((m, i) => ({ at: m * MINUTE, value: values[i]! }));
    const sortedChanges = [...changes].sort((a, b) => a.minute - b.minute);
    const conditionAt = (at: number) =>
      sortedChanges.filter((c) => c.minute * MINUTE <= at).at(-1)?.condition ?? first;
    // Batches: the readings cut into chunks (an upload's order: oldest first, or as sent), then
    // the chunks in a shuffled order, so some arrive after newer ones; maybe one resent.
    const bounds = [
      ...new Set([0, ...cuts.filter((c) => c < readings.length), readings.length]),
    ].sort((a, b) => a - b);
    const chunks = bounds.slice(1).map((end, i) => readings.slice(bounds[i], end));
    const shuffled = chunks
      .map((chunk, i) => ({ chunk, key: order[i % order.length]! + i / 100 }))
      .sort((a, b) => a.key - b.key)
      .map((c) => c.chunk);
    if (resend && shuffled.length > 0) shuffled.push(shuffled[0]!);
    return { readings, conditionAt, batches: shuffled };
  });

describe('issue #23 alarm spells: late and out-of-order readings (property)', () => {
  it('issue #23 late readings: batches in any order make the spells the reference makes of the sorted readings, none overlapping', () => {
    fc.assert(
      fc.property(scenario, ({ readings, conditionAt, batches }) => {
        const { spells } = evaluateInBatches(batches, conditionAt);
        expect(spells).toEqual(referenceSpells(readings, conditionAt));
        for (let i = 1; i < spells.length; i++)
          expect(spells[i]!.startedAt).toBeGreaterThan(spells[i - 1]!.endedAt!);
      }),
      { numRuns: 400 },
    );
  });

  it('issue #23 late readings: the state after the batches is the state after the sorted readings', () => {
    fc.assert(
      fc.property(scenario, ({ readings, conditionAt, batches }) => {
        const sorted = [...readings].sort((a, b) => a.at - b.at);
        expect(evaluateInBatches(batches, conditionAt).state).toEqual(
          walkPoint(NORMAL, sorted, conditionAt).state,
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('issue #23 reconcile', () => {
  const spell = (startedAt: number, endedAt: number | null): Spell => ({
    startedAt,
    startValue: 90,
    raisedAt: startedAt,
    peak: 90,
    endedAt,
    endValue: endedAt === null ? null : 60,
  });

  it('issue #23 late readings: a late reading that splits the active alarm leaves the active part its identity', () => {
    const changes = reconcileSpells(
      [{ ...spell(0, null), id: 'live' }],
      [spell(0, 5), spell(10, null)],
    );
    expect(changes).toEqual({
      updated: [{ id: 'live', was: { ...spell(0, null), id: 'live' }, spell: spell(10, null) }],
      kept: [],
      inserted: [spell(0, 5)],
      deleted: [],
    });
  });

  it('issue #23 late readings: a spell a late reading un-raises is deleted', () => {
    const changes = reconcileSpells([{ ...spell(0, 5), id: 1 }], []);
    expect(changes.deleted.map((d) => d.id)).toEqual([1]);
  });
});
