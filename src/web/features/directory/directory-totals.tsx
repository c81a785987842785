import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { DirectoryResponse } from '../../../contract/ledger';
import { SummaryCard } from '../../components/summary-card';
import { formatCount, formatShares } from '../../lib/format';

/** Holders listed with no shares on the date: not holders of record, so said apart. */
function withoutSharesText(count: number): string | undefined {
  if (count === 0) return undefined;
  return `${formatCount(count)} more listed with no shares`;
}

/** The four summary cards above the table. */
export function DirectoryTotals({ totals }: { totals: DirectoryResponse['totals'] }) {
  return (
    <Row xs={1} sm={2} lg={4} className="g-3 mb-4" as="section" aria-label="Totals">
      <Col>
        <SummaryCard
          title="Total Shareholders"
          value={formatCount(totals.shareholders)}
          detail={withoutSharesText(totals.withoutShares)}
        />
      </Col>
      <Col>
        <SummaryCard title="Total Shares" value={formatShares(totals.totalShares)} />
      </Col>
      <Col>
        <SummaryCard title="Common Shares" value={formatShares(totals.common)} />
      </Col>
      <Col>
        <SummaryCard title="Preferred Shares" value={formatShares(totals.preferred)} />
      </Col>
    </Row>
  );
}
