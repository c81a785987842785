import type { ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';
import type { RegisterOptions } from 'react-hook-form';
import { useFieldControl } from './use-field-control';

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'name' | 'value' | 'onChange'>;

/** The text input (or textarea, `as="textarea"`) of the FormField around it. */
export function FieldControl({
  registerOptions,
  ...props
}: ControlProps & { registerOptions?: RegisterOptions }) {
  return <Form.Control {...props} {...useFieldControl(registerOptions)} />;
}

/** A number typed as people write it ("1,000", "$1.50"): the contract's schema reads it. */
export function NumberInput(props: ControlProps) {
  return <FieldControl inputMode="decimal" autoComplete="off" {...props} type="text" />;
}

/** A calendar date (YYYY-MM-DD, the API's form), with the browser's date picker. */
export function DateInput(props: ControlProps) {
  return <FieldControl {...props} type="date" />;
}
