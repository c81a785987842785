import type { ComponentProps, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { FieldLabel } from '../../components/form/field-label';

type InputProps = ComponentProps<typeof Form.Control>;

/**
 * A required input of the sign-in and password pages with its label; `children` go below it.
 * These pages say one problem at a time above the form (AuthMessage), not under a field.
 */
export function AuthField({
  id,
  label,
  children,
  ...input
}: { id: string; label: string; children?: ReactNode } & InputProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <FieldLabel>{label}</FieldLabel>
      <Form.Control required {...input} />
      {children}
    </Form.Group>
  );
}

/** The account's e-mail; `invalid` tells assistive technology when it is the problem. */
export function EmailField({ invalid, ...input }: { id: string; invalid?: boolean } & InputProps) {
  return <AuthField label="E-mail" type="email" aria-invalid={invalid || undefined} {...input} />;
}

/** The password the account has now (sign-in, Change Password). */
export function CurrentPasswordField(props: { id: string; label: string } & InputProps) {
  return <AuthField type="password" autoComplete="current-password" {...props} />;
}
