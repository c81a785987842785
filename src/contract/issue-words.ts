import type { z } from 'zod';

// The one map from a schema's validation issues to words a person reads next to a field, shared
// by every form (web/lib/form-resolver.ts). Messages the schemas write themselves ("Zip Code
// accepts digits only.") win over it; it words what zod would otherwise say in its own terms
// ("Too small: expected string to have >=1 characters").

/** A form's field names and the labels the person sees: { FullName: 'Name' }. */
export type FieldLabels = Readonly<Record<string, string>>;

type Issue = z.core.$ZodRawIssue;

const s = (n: number | bigint, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function tooSmall(label: string, issue: Issue & { code: 'too_small' }): string {
  const min = Number(issue.minimum);
  if (issue.origin === 'array' || issue.origin === 'set')
    return min <= 1 ? `Choose at least one for ${label}.` : `Choose at least ${min} for ${label}.`;
  if (issue.origin === 'string')
    return min <= 1
      ? `${label} is required.`
      : `${label} needs at least ${s(min, 'character', 'characters')}.`;
  return `${label} must be at least ${min}.`;
}

function tooBig(label: string, issue: Issue & { code: 'too_big' }): string {
  const max = Number(issue.maximum);
  if (issue.origin === 'string') {
    const length = typeof issue.input === 'string' ? issue.input.length : undefined;
    const has = length === undefined ? '' : `; it has ${length}`;
    return `${label} can be at most ${s(max, 'character', 'characters')} long${has}.`;
  }
  if (issue.origin === 'array' || issue.origin === 'set')
    return `Choose at most ${max} for ${label}.`;
  return `${label} must be at most ${max}.`;
}

const FORMATS: Record<string, (label: string) => string> = {
  email: () => 'Enter an e-mail address such as name@example.com.',
  uuid: (label) => `Choose the ${label}.`,
  date: (label) => `${label}: enter a date such as 2026-01-31.`,
};

/** The sentence for one issue of the field labelled `label`. */
export function issueWords(issue: Issue, label: string): string {
  switch (issue.code) {
    case 'too_small':
      return tooSmall(label, issue);
    case 'too_big':
      return tooBig(label, issue);
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? `${label} is required.`
        : `${label} is not a valid value.`;
    case 'invalid_format':
      return (FORMATS[issue.format] ?? ((l: string) => `${l} is not in the expected form.`))(label);
    case 'invalid_value':
      return `Choose one of the ${label} options.`;
    case 'unrecognized_keys':
      return `${issue.keys.join(', ')}: not a field of this form.`;
    default:
      return `${label} is not valid.`;
  }
}

/** A zod error map that words each issue with its field's label (the field name if unlabelled). */
export const issueWordsFor =
  (labels: FieldLabels): z.core.$ZodErrorMap =>
  (issue) => {
    const name = String(issue.path?.[0] ?? '');
    return issueWords(issue, labels[name] ?? name);
  };

/**
 * A message a schema wrote as a fragment for the API's "field: message" answers ("must be a date
 * between 1900-01-01 and 9999-12-31") as a sentence about the field labelled `label`.
 */
export function asSentence(message: string, label: string): string {
  if (!/^[a-z]/.test(message)) return message;
  return `${label} ${message}${/[.!?]$/.test(message) ? '' : '.'}`;
}
