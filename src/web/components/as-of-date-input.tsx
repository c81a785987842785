import Form from 'react-bootstrap/Form';

/** A report's as-of date; `onChange` gets null for today, the default, which the address leaves out. */
export function AsOfDateInput(props: {
  value: string;
  today: string;
  onChange: (asOf: string | null) => void;
}) {
  return (
    <Form.Control
      type="date"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value === props.today ? null : e.target.value)}
    />
  );
}
