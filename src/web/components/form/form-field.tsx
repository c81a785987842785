import type { ReactNode } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { FieldContext, type FieldIds } from './field-context';
import { FieldDescription } from './field-description';
import { FieldError } from './field-error';
import { FieldLabel } from './field-label';

export interface FormFieldProps {
  /** The form value's name. */
  name: string;
  /** The control's id; the description is `<id>-help`, the error `<id>-error` unless named. */
  id: string;
  label: string;
  description?: ReactNode;
  /** The description between the label and the control (a long one), else below the control. */
  descriptionAbove?: boolean;
  errorId?: string;
  /** The error announced as it appears. */
  errorRole?: 'alert';
  /** Its width in a Row, in Bootstrap's 12 columns from md up. */
  md?: number;
  children: ReactNode;
}

/**
 * One field of a form: label, control (the children: FieldControl, NumberInput, DateInput,
 * FieldSelect), description and error, wired to the form's react-hook-form context by `name`.
 */
export function FormField(props: FormFieldProps) {
  const ids: FieldIds = {
    name: props.name,
    controlId: props.id,
    descriptionId: props.description ? `${props.id}-help` : undefined,
    errorId: props.errorId ?? `${props.id}-error`,
  };
  const description = props.description && (
    <FieldDescription className={props.descriptionAbove ? 'd-block mt-0 mb-1' : undefined}>
      {props.description}
    </FieldDescription>
  );
  return (
    <FieldContext.Provider value={ids}>
      <Form.Group
        {...(props.md ? { as: Col, md: props.md } : {})}
        className="mb-3"
        controlId={props.id}
      >
        <FieldLabel>{props.label}</FieldLabel>
        {props.descriptionAbove && description}
        {props.children}
        {!props.descriptionAbove && description}
        <FieldError role={props.errorRole} />
      </Form.Group>
    </FieldContext.Provider>
  );
}
