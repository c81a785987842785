import Alert from 'react-bootstrap/Alert';
import { formatCount } from '../../lib/format';
import { useAuditChain } from './api/use-audit';

/**
 * "Chain verified through entry N" when the company's hash chain holds to its end; otherwise a
 * warning naming the first entry that does not hold and why (decision 118).
 */
export function ChainStatus() {
  const chain = useAuditChain();
  if (chain.isPending)
    return (
      <p className="text-body-secondary" role="status">
        Verifying the audit chain…
      </p>
    );
  if (chain.isError)
    return (
      <Alert variant="warning">
        The audit chain could not be verified just now: {chain.error.message}
      </Alert>
    );
  const { entries, verifiedThrough, broken } = chain.data;
  if (broken === null)
    return (
      <Alert variant="success" className="py-2" role="status">
        <span aria-hidden="true">✓ </span>
        {entries === 0
          ? 'The audit chain is empty: nothing recorded yet.'
          : `Chain verified through entry ${formatCount(verifiedThrough)}: every entry is as it was recorded.`}
      </Alert>
    );
  return (
    <Alert variant="danger" role="alert">
      <Alert.Heading as="h2" className="h5">
        The audit chain does not hold
        {broken.entry === null ? '' : ` at entry ${formatCount(broken.entry)}`}
      </Alert.Heading>
      <p className="mb-0">
        Entry {broken.entry === null ? '(unchained)' : formatCount(broken.entry)}: {broken.problem}.{' '}
        {verifiedThrough > 0
          ? `The chain is verified through entry ${formatCount(verifiedThrough)} only.`
          : 'No entry could be verified.'}
      </p>
    </Alert>
  );
}
