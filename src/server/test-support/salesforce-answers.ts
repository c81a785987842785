// The local Salesforce-compatible server's answers: a status and body, and the refusals thrown
// from deep in a handler, in Salesforce's error shape ([{message, errorCode}]).

type Row = Record<string, unknown>;

const errorBody = (errorCode: string, message: string) => [{ message, errorCode }];

export class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}
export const fail = (status: number, errorCode: string, message: string) =>
  new HttpAnswer(status, errorBody(errorCode, message));

/** A refusal thrown from deep in a handler; it becomes its answer. */
export class Refusal extends Error {
  constructor(readonly answer: HttpAnswer) {
    super('refused');
  }
}
export const refuse = (status: number, errorCode: string, message: string) =>
  new Refusal(fail(status, errorCode, message));

export function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    throw refuse(400, 'JSON_PARSER_ERROR', 'The request body is not valid JSON');
  }
}

export function jsonBody(text: string): Row {
  const parsed = parseJson(text || '{}');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw refuse(400, 'JSON_PARSER_ERROR', 'Expected a JSON object of field values');
  return parsed as Row;
}
