import Alert from 'react-bootstrap/Alert';

/** A sign-in or password page's message: a success is a status, a problem an alert. */
export function AuthMessage({
  text,
  ok = false,
}: {
  text: string | null | undefined;
  ok?: boolean;
}) {
  if (!text) return null;
  return (
    <Alert variant={ok ? 'success' : 'danger'} role={ok ? 'status' : 'alert'}>
      {text}
    </Alert>
  );
}
