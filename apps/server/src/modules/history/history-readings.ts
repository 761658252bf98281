import { sql, type RawBuilder } from 'kysely';
import { PUCK_IGNORED_READING } from '@monitor/domain/alarms/puck-status';
import { NOT_AVAILABLE_SENTINEL } from '@monitor/domain/devices/battery';

/**
 * A puck's temperature or humidity column as the history shows it: null for the 99.90 reading
 * that is ignored and the 255 "not available" sentinel (device-management §4, §9), as
 * `usablePuckReading` reads them. Stored as `real`, so 99.90 is matched within a hair.
 */
export function puckReadingOrNull(column: 'temperature' | 'humidity'): RawBuilder<number | null> {
  const value = sql.ref(column);
  return sql<number | null>`case
    when abs(${value} - ${sql.lit(PUCK_IGNORED_READING)}) < 0.0001 then null
    when ${value} = ${sql.lit(NOT_AVAILABLE_SENTINEL)} then null
    else ${value} end`;
}
