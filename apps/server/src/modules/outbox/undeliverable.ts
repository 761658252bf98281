/**
 * A delivery no retry can send (a browser that was removed, or whose push service says its
 * subscription ended): the attempt records it failed for good at once, and the queue does not
 * try again.
 */
export class UndeliverableError extends Error {
  override name = 'UndeliverableError';
}
