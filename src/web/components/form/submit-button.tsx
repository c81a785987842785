import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';

/** A form's submit: disabled while it is pending, saying so when `pendingLabel` is given. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
