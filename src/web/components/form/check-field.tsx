import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldContext, type FieldIds } from './field-context';
import { FieldDescription } from './field-description';
import { FieldError } from './field-error';
import { useFieldControl } from './use-field-control';

export interface CheckFieldProps {
  /** The form value's name (a boolean). */
  name: string;
  /** The checkbox's id; the description is `<id>-help`, the error `<id>-error`. */
  id: string;
  /** What ticking it means, beside the box. */
  label: string;
  description?: ReactNode;
  disabled?: boolean;
  /** Drawn as an on/off switch (a setting that applies at once when saved), still a checkbox. */
  switch?: boolean;
}

/** The checkbox of a CheckField, wired to the form like FieldControl. */
function CheckControl({ id, disabled }: { id: string; disabled?: boolean | undefined }) {
  return <Form.Check.Input id={id} type="checkbox" disabled={disabled} {...useFieldControl()} />;
}

/**
 * A yes-or-no field of a form: a checkbox with its label beside it, its description and error
 * below, wired to react-hook-form's context by `name` (as FormField is for the other controls).
 */
export function CheckField(props: CheckFieldProps) {
  const ids: FieldIds = {
    name: props.name,
    controlId: props.id,
    descriptionId: props.description ? `${props.id}-help` : undefined,
    errorId: `${props.id}-error`,
  };
  return (
    <FieldContext.Provider value={ids}>
      <Form.Check className="mb-3" type={props.switch ? 'switch' : 'checkbox'}>
        <CheckControl id={props.id} disabled={props.disabled} />
        <Form.Check.Label htmlFor={props.id}>{props.label}</Form.Check.Label>
        {props.description && (
          <FieldDescription className="d-block mt-0">{props.description}</FieldDescription>
        )}
        <FieldError />
      </Form.Check>
    </FieldContext.Provider>
  );
}
