import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { CopyField } from '../../components/copy-field';

/** The new key, shown this once, with a copy button. */
export function NewKeyNotice(props: { name: string; apiKey: string; onDone: () => void }) {
  return (
    <Alert variant="success" role="status" aria-live="polite" transition={false}>
      <Alert.Heading as="h3" className="h5">
        Key “{props.name}” created
      </Alert.Heading>
      <p className="mb-2">
        Copy it now: <strong>you will not see it again.</strong> Send it as the{' '}
        <code className="text-body">X-API-Key</code> header.
      </p>
      <CopyField id="new-api-key" label="The new key" hideLabel value={props.apiKey} />
      <Button variant="outline-dark" size="sm" onClick={props.onDone}>
        Done
      </Button>
    </Alert>
  );
}
