import Card from 'react-bootstrap/Card';

/** One figure with its caption, as on the directory and statement. */
export function SummaryCard({
  title,
  value,
  detail,
}: {
  title: string;
  value: string;
  detail?: string;
}) {
  return (
    <Card className="summary-card h-100 shadow-sm">
      <Card.Body>
        <h2 className="summary-card-title h6 text-uppercase text-body-secondary mb-1">{title}</h2>
        <p className="summary-card-value fs-4 fw-semibold mb-0">{value}</p>
        {detail && <p className="small text-body-secondary mb-0">{detail}</p>}
      </Card.Body>
    </Card>
  );
}
