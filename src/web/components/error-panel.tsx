import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';

/** What failed, why (the server's message), and a way to try again: never a blank page. */
export function ErrorPanel({
  what,
  error,
  onRetry,
}: {
  /** e.g. "the shareholder directory" */
  what: string;
  error: unknown;
  onRetry?: () => void;
}) {
  const reason = error instanceof Error ? error.message : 'Unknown error.';
  return (
    <Alert variant="danger" role="alert" className="d-flex flex-column gap-2">
      <Alert.Heading as="h2" className="h5 mb-0">
        Could not load {what}
      </Alert.Heading>
      <p className="mb-0">{reason}</p>
      {onRetry && (
        <div>
          <Button variant="danger" onClick={onRetry}>
            Retry
          </Button>
        </div>
      )}
    </Alert>
  );
}
