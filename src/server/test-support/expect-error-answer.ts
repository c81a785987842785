import { expect } from 'vitest';
import type { ErrorBody } from '../../contract/common';

/** What a test reads of an injected answer. */
interface Answer {
  statusCode: number;
  body: string;
  json: () => unknown;
}

/** A refusal with this status and exactly this error body. */
export function expectErrorAnswer(res: Answer, status: number, body: ErrorBody) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual(body);
}

/** A refusal with this status and an error body holding at least these fields. */
export function expectErrorAnswerLike(res: Answer, status: number, body: Partial<ErrorBody>) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject(body);
}
