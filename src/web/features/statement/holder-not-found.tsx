import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';

/** An unknown or malformed holder id: said plainly, with a way on, and nothing to print. */
export function HolderNotFound() {
  return (
    <Alert variant="warning" className="d-flex flex-column gap-2">
      <Alert.Heading as="h2" className="h5 mb-0">
        Shareholder not found
      </Alert.Heading>
      <p className="mb-0">
        No shareholder matches this address. The link may be incomplete or out of date.
      </p>
      <div>
        <Link to="/" className="alert-link">
          Go to the home page
        </Link>
      </div>
    </Alert>
  );
}
