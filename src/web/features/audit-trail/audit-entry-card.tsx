import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import type { AuditEntry } from './api/use-audit';
import { jsonDiff } from './json-diff';
import { statementPath } from '../../lib/paths';

/** "2026-11-27T08:50:01.123456Z" → "Nov 27, 2026, 08:50:01 UTC". */
function momentText(iso: string): string {
  const time = /T(\d{2}:\d{2}:\d{2})/.exec(iso)?.[1];
  return time ? `${formatDate(iso)}, ${time} UTC` : iso;
}

/** "ledger.Transfer" → "Transfer (ledger)"; "api_key.created" → "created (api key)". */
function actionText(action: string): string {
  const [area, ...rest] = action.split('.');
  const what = rest.join('.');
  return what ? `${what.replace(/_/g, ' ')} (${(area ?? '').replace(/_/g, ' ')})` : action;
}

/** Who: their name and e-mail when known, else the recorded id. */
function actorText(e: AuditEntry): string {
  if (e.actorName && e.actorEmail) return `${e.actorName} <${e.actorEmail}>`;
  return e.actorName ?? e.actorEmail ?? (e.actorUserId ? `user ${e.actorUserId}` : 'the system');
}

/** Up to this many changed values are shown at once; more wait behind their summary. */
const SHOWN_AT_ONCE = 8;

/** Before and after, as the values that changed. */
function EntryDiff({ entry }: { entry: AuditEntry }) {
  const { lines, unchanged } = jsonDiff(entry.before, entry.after);
  if (lines.length === 0)
    return <p className="small text-body-secondary mb-0">No values changed.</p>;
  return (
    <details open={lines.length <= SHOWN_AT_ONCE} className="audit-changes">
      <summary className="small fw-semibold">
        What changed ({lines.length} value{lines.length === 1 ? '' : 's'})
      </summary>
      <Table size="sm" className="mb-1 stacked-table audit-diff">
        <caption className="visually-hidden">What changed in entry {entry.id}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.path}>
              <td data-label="Field" className="font-monospace small">
                {line.path}
              </td>
              <td data-label="Before">
                {line.before ?? <span className="text-body-secondary">(none)</span>}
              </td>
              <td data-label="After">
                {line.after ?? <span className="text-body-secondary">(none)</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {unchanged > 0 && (
        <p className="small text-body-secondary mb-0">
          {unchanged} unchanged value{unchanged === 1 ? '' : 's'} not shown.
        </p>
      )}
    </details>
  );
}

/** One audit entry: who, what, when, why, and what changed. */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const holder = entry.entityType === 'shareholder' ? entry.entityId : null;
  return (
    <Card as="article" className="mb-3 audit-entry" aria-labelledby={`audit-${entry.id}`}>
      <Card.Body>
        <h2 id={`audit-${entry.id}`} className="h6 mb-1">
          {actionText(entry.action)}
        </h2>
        <dl className="audit-facts small mb-2">
          <dt>When</dt>
          <dd>{momentText(entry.createdAt)}</dd>
          <dt>Who</dt>
          <dd>{actorText(entry)}</dd>
          <dt>What</dt>
          <dd>
            {entry.entityType.replace(/_/g, ' ')}{' '}
            {holder ? (
              <Link to={statementPath(holder)}>{holder.slice(0, 8)}</Link>
            ) : (
              <span title={entry.entityId}>{entry.entityId.slice(0, 8)}</span>
            )}
          </dd>
          <dt>Why</dt>
          <dd>{entry.reason ?? <span className="text-body-secondary">(no reason given)</span>}</dd>
        </dl>
        <EntryDiff entry={entry} />
      </Card.Body>
    </Card>
  );
}
