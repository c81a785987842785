import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** A field's label, tied to its control by the FormField's id. */
export function FieldLabel({ children }: { children: ReactNode }) {
  return <Form.Label>{children}</Form.Label>;
}
