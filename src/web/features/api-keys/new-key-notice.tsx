import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import InputGroup from 'react-bootstrap/InputGroup';
import Form from 'react-bootstrap/Form';

/** The new key, shown this once, with a copy button. */
export function NewKeyNotice(props: { name: string; apiKey: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(props.apiKey);
    setCopied(true);
  };
  return (
    <Alert variant="success" role="status" aria-live="polite" transition={false}>
      <Alert.Heading as="h3" className="h5">
        Key “{props.name}” created
      </Alert.Heading>
      <p className="mb-2">
        Copy it now: <strong>you will not see it again.</strong> Send it as the{' '}
        <code className="text-body">X-API-Key</code> header.
      </p>
      <InputGroup className="mb-2">
        <Form.Control
          readOnly
          value={props.apiKey}
          aria-label="The new key"
          className="font-monospace"
        />
        <Button variant="dark" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </InputGroup>
      <Button variant="outline-dark" size="sm" onClick={props.onDone}>
        Done
      </Button>
    </Alert>
  );
}
