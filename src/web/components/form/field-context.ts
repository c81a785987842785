import { createContext, useContext } from 'react';

/** The ids one field's parts share: its control, its description and its error. */
export interface FieldIds {
  /** The form value's name (react-hook-form's path). */
  name: string;
  controlId: string;
  descriptionId: string | undefined;
  errorId: string;
}

/** Set by FormField for the label, control, description and error inside it. */
export const FieldContext = createContext<FieldIds | null>(null);

export function useFieldIds(): FieldIds {
  const ids = useContext(FieldContext);
  if (!ids) throw new Error('A field part is used outside a FormField');
  return ids;
}
