import { invalid } from '../http/invalid-input';

/** Letters, digits and _ (and Parent.Field): the only names a statement ever gets. */
const FIELD = /^[A-Za-z][A-Za-z0-9_]{0,79}(\.[A-Za-z][A-Za-z0-9_]{0,79}){0,4}$/;

/** A field's API name as given, trimmed; 400 naming `at` when it is not one. */
export function fieldName(name: string, at: string): string {
  const trimmed = name.trim();
  if (!FIELD.test(trimmed)) throw invalid(at, 'not a field name (letters, digits and _)');
  return trimmed;
}
