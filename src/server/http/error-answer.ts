import type { ErrorBody } from '../../contract/common';
import type { LedgerError } from '../../ledger';
import type { AppError } from './app-error';
import { statusForCode } from './error-status';

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
}

/**
 * The one place a refusal becomes an HTTP answer: the status from the code's table entry and the
 * body `{code, message, field?, details?}`. `field` is named as the request named it; a ledger
 * refusal's field is translated by its route before it gets here.
 */
export function errorAnswer(
  err: Pick<AppError | LedgerError, 'code' | 'message' | 'details'> & { field?: string | null },
): ErrorAnswer {
  const body: ErrorBody = { code: err.code, message: err.message };
  if (err.field) body.field = err.field;
  if (err.details) body.details = err.details;
  return { status: statusForCode(err.code), body };
}
