import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { asOfInputRefusal, asOfProblem } from '../lib/as-of-date';

/**
 * A report's as-of date, up to the company's today (`max`); `onChange` gets null for today, the
 * default, which the address leaves out. A later date typed in is refused here, with a message,
 * and the report stays as it was.
 */
export function AsOfDateInput(props: {
  value: string;
  today: string;
  onChange: (asOf: string | null) => void;
}) {
  const [refused, setRefused] = useState<{ value: string; message: string } | null>(null);
  const messageId = useId();
  // The message floats under the input (a tooltip) so the form's row keeps its alignment; on a
  // phone it takes its place in the flow (styles.css), so that it covers nothing.
  return (
    <div className="as-of-date position-relative">
      <Form.Control
        type="date"
        max={props.today}
        value={refused?.value ?? props.value}
        isInvalid={refused !== null}
        aria-invalid={refused !== null || undefined}
        aria-describedby={refused ? messageId : undefined}
        onChange={(e) => {
          const value = e.target.value;
          const message =
            value === '' ? null : asOfInputRefusal(asOfProblem(value, props.today), props.today);
          setRefused(message === null ? null : { value, message });
          if (message === null)
            props.onChange(value === '' || value === props.today ? null : value);
        }}
      />
      <Form.Control.Feedback type="invalid" tooltip id={messageId}>
        {refused?.message}
      </Form.Control.Feedback>
    </div>
  );
}

/** Why the as-of date in the address was not used (useAsOfParam's notice), when it was not. */
export function AsOfNotice({ notice }: { notice: string | null }) {
  if (notice === null) return null;
  return (
    <Alert variant="warning" className="no-print">
      {notice}
    </Alert>
  );
}
