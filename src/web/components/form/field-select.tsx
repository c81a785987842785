import type { ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';
import type { RegisterOptions } from 'react-hook-form';
import { useFieldControl } from './use-field-control';

type SelectProps = Omit<ComponentProps<typeof Form.Select>, 'name' | 'value' | 'onChange'>;

/** The select of the FormField around it; `registerOptions.onChange` runs after the form's. */
export function FieldSelect({
  registerOptions,
  ...props
}: SelectProps & { registerOptions?: RegisterOptions }) {
  return <Form.Select {...props} {...useFieldControl(registerOptions)} />;
}
