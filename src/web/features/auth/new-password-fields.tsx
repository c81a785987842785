import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { AuthField } from './auth-fields';

/** What the new password and its confirmation both take. */
const NEW_PASSWORD = { type: 'password', minLength: 8, autoComplete: 'new-password' } as const;

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
      <AuthField
        id={`${props.idPrefix}-new`}
        label="New password"
        {...NEW_PASSWORD}
        aria-describedby={`${props.idPrefix}-rules`}
        aria-invalid={props.invalid || undefined}
        {...props.password}
      >
        <Form.Text id={`${props.idPrefix}-rules`}>
          8 to 128 characters; very common passwords are refused.
        </Form.Text>
      </AuthField>
      <AuthField
        id={`${props.idPrefix}-confirm`}
        label="Confirm password"
        {...NEW_PASSWORD}
        {...props.confirmation}
      />
    </>
  );
}
