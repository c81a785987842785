import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

type Outcome = 'copied' | 'refused';

/**
 * A value to copy: read-only, selected on focus, with a Copy button. "Copied" belongs to the
 * value that was copied (a new value on the same screen starts at "Copy"), and a browser that
 * refuses the clipboard is said so, with what to do instead.
 */
export function CopyField(props: {
  id: string;
  /** What it is, as a label: "The new key", "Organization id". */
  label: string;
  value: string;
  hideLabel?: boolean;
  /** Help under the field (id `${id}-help`). */
  help?: string;
}) {
  const [last, setLast] = useState<{ value: string; outcome: Outcome } | null>(null);
  const outcome = last?.value === props.value ? last.outcome : null;
  const copy = async () => {
    const value = props.value;
    try {
      await navigator.clipboard.writeText(value);
      setLast({ value, outcome: 'copied' });
    } catch {
      setLast({ value, outcome: 'refused' });
    }
  };
  const what = props.label.replace(/^The /, '').toLowerCase();
  return (
    <Form.Group controlId={props.id} className="mb-2">
      <Form.Label className={props.hideLabel ? 'visually-hidden' : 'mb-1'}>
        {props.label}
      </Form.Label>
      <InputGroup>
        <Form.Control
          readOnly
          value={props.value}
          className="font-monospace"
          aria-describedby={props.help ? `${props.id}-help` : undefined}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="dark" onClick={() => void copy()}>
          {outcome === 'copied' ? 'Copied' : 'Copy'}
          <span className="visually-hidden"> the {what}</span>
        </Button>
      </InputGroup>
      <span role="status" className="visually-hidden">
        {outcome === 'copied' ? `The ${what} is copied.` : ''}
      </span>
      {outcome === 'refused' && (
        <div role="alert" className="small text-danger mt-1">
          The browser did not allow copying: select the {what} and copy it yourself (Ctrl+C, or ⌘+C
          on a Mac).
        </div>
      )}
      {props.help && (
        <Form.Text id={`${props.id}-help`} className="d-block">
          {props.help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
