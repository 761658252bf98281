/**
 * Deterministic randomness keyed by (seed, stream, index) rather than a stateful generator, so
 * a reading at a given time is the same however many readings came before it: a re-run or a
 * back-fill produces the same values for the same timestamps, and the server dedupes them.
 */

/** A 32-bit hash of a text, used to turn an IMEI or puck serial into a seed (FNV-1a). */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A uniform number in [0, 1) for a seed, a named stream and an index (a murmur3-style mix). */
export function randomAt(seed: number, stream: string, index: number): number {
  let h = (seed ^ hashText(stream)) >>> 0;
  h = Math.imul(h ^ Math.floor(index), 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** A uniform number in [min, max) for a seed, stream and index. */
export function randomBetween(
  seed: number,
  stream: string,
  index: number,
  min: number,
  max: number,
): number {
  return min + randomAt(seed, stream, index) * (max - min);
}

/**
 * Smooth noise in [-1, 1]: random knots every `periodMs`, joined by a cosine curve, so a value
 * such as signal strength drifts slowly instead of jumping at every reading.
 */
export function smoothNoiseAt(seed: number, stream: string, timeMs: number, periodMs: number) {
  const position = timeMs / periodMs;
  const knot = Math.floor(position);
  const fraction = position - knot;
  const from = randomAt(seed, stream, knot) * 2 - 1;
  const to = randomAt(seed, stream, knot + 1) * 2 - 1;
  const blend = (1 - Math.cos(fraction * Math.PI)) / 2;
  return from + (to - from) * blend;
}
