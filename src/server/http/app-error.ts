/** What an AppError says: a stable code, words for people, and what else the answer carries. */
export interface AppErrorOptions {
  code: string;
  message: string;
  /** The request field at fault, named in the answer. */
  field?: string | undefined;
  details?: Record<string, unknown> | undefined;
  /** Seconds a refused caller should wait (429): sent as Retry-After, never in the body. */
  retryAfter?: number | undefined;
}

/** An error with a stable code that the error plugin maps to an HTTP status in one place. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: string;
  readonly field: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly retryAfter: number | undefined;
  constructor({ code, message, field, details, retryAfter }: AppErrorOptions) {
    super(message);
    this.code = code;
    this.field = field;
    this.details = details;
    this.retryAfter = retryAfter;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
