import { useFieldError } from './use-field-control';
import { useFieldIds } from './field-context';

/**
 * The field's message in words (contract/issue-words.ts through formResolver, or the server's),
 * under its control; nothing while the field is fine. `role="alert"` where it must be announced.
 */
export function FieldError({ role }: { role?: 'alert' }) {
  const { errorId } = useFieldIds();
  const message = useFieldError();
  if (message === undefined) return null;
  return <ErrorText id={errorId} role={role} message={message} />;
}

/** An error line under a group of controls (checkboxes, a picker): shown even without a control. */
export function ErrorText({
  id,
  message,
  role,
  block = false,
}: {
  id: string;
  message: string | undefined;
  role?: 'alert' | undefined;
  block?: boolean;
}) {
  if (!message) return null;
  return (
    <div id={id} role={role} className={block ? 'invalid-feedback d-block' : 'invalid-feedback'}>
      {message}
    </div>
  );
}
