import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useFieldIds } from './field-context';

/** What a field is for, said next to it; its control is described by it. */
export function FieldDescription({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  const { descriptionId } = useFieldIds();
  return (
    <Form.Text id={descriptionId} className={className}>
      {children}
    </Form.Text>
  );
}
