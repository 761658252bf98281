import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors';

/** The steps of a device registration, in the order of accounts-devices-billing §4. */
export type RegistrationStep =
  | 'terms-accepted'
  | 'device-saved'
  | 'modem-activated'
  | 'subscription-created'
  | 'alarms-saved'
  | 'registration-complete';

/** A step that failed, with the refusal the caller is given for it. */
export class RegistrationStepFailed extends Error {
  constructor(
    readonly step: RegistrationStep,
    readonly answer: AppError,
    readonly undoError: string | null,
    options?: { cause?: unknown },
  ) {
    super(`registration failed at ${step}: ${answer.message}`, options);
    this.name = 'RegistrationStepFailed';
  }
}

export type SagaLog = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/**
 * Runs steps in order, remembering how to undo each one done; when a step fails, undoes the done
 * ones in reverse (the failing step's own partial work included, registered through `undoLater`
 * before its outside calls), then throws `RegistrationStepFailed` with the answer `failure` picks
 * for the step. An undo that fails is logged and the others still run (decision 037).
 */
export function createSaga({
  log,
  failure,
  onStep,
}: {
  log: SagaLog;
  /** The answer for a failure at `step`: an AppError is passed on as it is, anything else mapped. */
  failure: (step: RegistrationStep, error: unknown) => AppError;
  onStep: (step: RegistrationStep) => Promise<void>;
}) {
  const undos: { step: RegistrationStep; undo: () => Promise<void> }[] = [];
  return {
    undoLater(step: RegistrationStep, undo: () => Promise<void>) {
      undos.push({ step, undo });
    },
    async run<T>(step: RegistrationStep, action: () => Promise<T>): Promise<T> {
      try {
        const result = await action();
        await onStep(step);
        return result;
      } catch (error) {
        const undoErrors: string[] = [];
        for (const { step: done, undo } of undos.splice(0).reverse()) {
          try {
            await undo();
          } catch (undoError) {
            log.error({ err: undoError, step: done }, 'a registration step could not be undone');
            undoErrors.push(
              `${done}: ${undoError instanceof Error ? undoError.message : String(undoError)}`,
            );
          }
        }
        const answer = error instanceof AppError ? error : failure(step, error);
        if (!(error instanceof AppError) || answer.statusCode >= 500)
          log.warn({ err: error, step }, 'device registration failed and was undone');
        throw new RegistrationStepFailed(step, answer, undoErrors.join('; ') || null, {
          cause: error,
        });
      }
    },
  };
}
