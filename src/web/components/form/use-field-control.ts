import { useFormContext, useFormState, type RegisterOptions } from 'react-hook-form';
import { useFieldIds } from './field-context';

/** The message react-hook-form holds for the field in context (the resolver's or the server's). */
export function useFieldError(): string | undefined {
  const { name } = useFieldIds();
  const { control, getFieldState } = useFormContext();
  const state = useFormState({ control, name });
  const message = getFieldState(name, state).error?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * What a control of the field in context takes: its registration, its invalid state, and what
 * describes it (its description, and its error while there is one).
 */
export function useFieldControl(options?: RegisterOptions) {
  const { name, descriptionId, errorId } = useFieldIds();
  const { register } = useFormContext();
  const invalid = useFieldError() !== undefined;
  const describedBy = [descriptionId, invalid ? errorId : undefined].filter(Boolean).join(' ');
  return {
    ...register(name, options),
    isInvalid: invalid,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}
