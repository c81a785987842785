import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { PreviewResponse } from '../../../contract/corrections';
import type { RecordTransactionForm } from '../../../contract/ledger';
import { SubmitButton } from '../../components/form/submit-button';
import { formatConsideration } from '../../lib/consideration';
import { formatDate, formatShares } from '../../lib/format';

export interface Review {
  body: RecordTransactionForm;
  preview: PreviewResponse;
}

/**
 * Manage Shares' review step (issue 25): what will be recorded, the certificates it uses and
 * creates, each holder's balances before and after; Back to change it, Record to post it. The
 * heading takes the focus when it appears.
 */
export function TransactionReview(props: {
  review: Review;
  pending: boolean;
  onBack: () => void;
  onRecord: () => void;
}) {
  const { body, preview } = props.review;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="tx-review-title" className="transaction-review">
      <h2 id="tx-review-title" ref={heading} tabIndex={-1} className="h4">
        Review the transaction
      </h2>
      <p>
        {preview.type} of {formatShares(body.Shares)} shares on {formatDate(preview.date)}
        {body.Consideration !== undefined &&
          `, for ${formatConsideration(body.Consideration, body.ConsiderationCurrency)} in all`}
        {body.ApprovalDate && `, approved ${formatDate(body.ApprovalDate)}`}
        {body.ApprovalReference && ` (${body.ApprovalReference})`}. Nothing is recorded until you
        choose Record.
      </p>
      <ReviewTables preview={preview} />
      <form
        className="d-flex flex-wrap gap-2"
        aria-label="Record or go back"
        onSubmit={(e) => {
          e.preventDefault();
          props.onRecord();
        }}
      >
        <Button variant="outline-secondary" onClick={props.onBack} disabled={props.pending}>
          Back
        </Button>
        <SubmitButton pending={props.pending} pendingLabel="Recording…">
          Record
        </SubmitButton>
      </form>
    </section>
  );
}

/** The certificates used and created, and each holder's balances before and after. */
function ReviewTables({ preview }: { preview: PreviewResponse }) {
  return (
    <>
      <h3 className="h6">Certificates</h3>
      {/* One labelled card per certificate on a phone (styles.css .stacked-table). */}
      <Table size="sm" className="mb-3 stacked-table">
        <caption className="visually-hidden">
          Certificates this transaction uses and creates
        </caption>
        <thead>
          <tr>
            <th scope="col">Certificate</th>
            <th scope="col">Holder</th>
            <th scope="col" className="text-end">
              Shares
            </th>
            <th scope="col" className="text-end">
              Before
            </th>
            <th scope="col" className="text-end">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.certificates.map((c, i) => (
            <tr key={`${c.id ?? 'new'}-${i}`}>
              <th scope="row">
                {c.certificate ?? 'New certificate'}{' '}
                <span className="text-body-secondary small">{c.classType}</span>
              </th>
              <td data-label="Holder">{c.holderName}</td>
              <td data-label="Shares" className="text-end">
                {formatShares(c.shares)}
              </td>
              <td data-label="Before" className="text-end">
                {formatShares(c.before)}
              </td>
              <td data-label="After" className="text-end">
                {formatShares(c.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h3 className="h6">Balances</h3>
      <Table responsive size="sm" className="mb-3">
        <caption className="visually-hidden">Each holder&apos;s shares before and after</caption>
        <thead>
          <tr>
            <th scope="col">Holder</th>
            <th scope="col" className="text-end">
              Before
            </th>
            <th scope="col" className="text-end">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.holders.map((h) => (
            <tr key={h.id}>
              <th scope="row">{h.name}</th>
              <td className="text-end">{formatShares(h.before.total)}</td>
              <td className="text-end">{formatShares(h.after.total)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
