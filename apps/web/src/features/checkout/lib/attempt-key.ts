/**
 * The Idempotency-Key of an order attempt (decision 044, 046). One key per attempt: sending the
 * same attempt again — a double click, a retry after the answer was lost — reuses it, so the
 * server answers the same order and charges once. A different cart or buyer is a new attempt, and
 * so is any try after the server answered a refusal (nothing was ordered under that key).
 */
export function createAttemptKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { key: string; fingerprint: string } | null = null;
  return {
    /** The key for an attempt described by `fingerprint` (what is ordered, for whom). */
    keyFor(fingerprint: string): string {
      if (current?.fingerprint !== fingerprint) current = { key: newKey(), fingerprint };
      return current.key;
    },
    /** After a refusal or a placed order: the next attempt gets a new key. */
    finish(): void {
      current = null;
    },
  };
}

export type AttemptKeys = ReturnType<typeof createAttemptKeys>;
