import Alert from 'react-bootstrap/Alert';
import { useLocation } from 'react-router';

/** Where the route guard sent a holder instead of a page they may not open, this says why. */
export function RefusalNotice() {
  const state = useLocation().state as { refusedFrom?: string } | null;
  if (!state?.refusedFrom) return null;
  const page = state.refusedFrom.split('?')[0];
  const what =
    page === '/view' || page === '/profile'
      ? "another shareholder's details"
      : 'that page, which is for administrators';
  return (
    <Alert variant="info" className="no-print" role="status">
      You were brought to your own statement: your account cannot open {what}.
    </Alert>
  );
}
