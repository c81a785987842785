/** An error with a stable code that the error plugin maps to an HTTP status in one place. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly details?: Record<string, unknown>,
    /** Seconds a refused caller should wait (429): sent as Retry-After, never in the body. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
