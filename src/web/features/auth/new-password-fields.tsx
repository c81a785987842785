import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * New password and its confirmation, with the rules said next to the field. No maxLength: the
 * browser counts UTF-16 units and would cut a password of emoji short of 128 characters; the
 * rules are checked in code points (contract/auth.ts) and again on the server.
 */
export function NewPasswordFields(props: {
  idPrefix: string;
  /** register('password') and register('confirmation') of the page's form. */
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  invalid: boolean;
}) {
  return (
    <>
      <Form.Group className="mb-3" controlId={`${props.idPrefix}-new`}>
        <Form.Label>New password</Form.Label>
        <Form.Control
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
          aria-describedby={`${props.idPrefix}-rules`}
          aria-invalid={props.invalid || undefined}
          {...props.password}
        />
        <Form.Text id={`${props.idPrefix}-rules`}>
          8 to 128 characters; very common passwords are refused.
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${props.idPrefix}-confirm`}>
        <Form.Label>Confirm password</Form.Label>
        <Form.Control
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
          {...props.confirmation}
        />
      </Form.Group>
    </>
  );
}
