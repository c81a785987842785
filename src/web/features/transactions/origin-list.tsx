import Form from 'react-bootstrap/Form';
import type { CertificateRow } from '../../../contract/ledger';
import { formatShares } from '../../lib/format';
import type { operationTypes } from '../../../contract/constants/ledger';

type OperationType = (typeof operationTypes)[number];

const className = (c: CertificateRow) => (c.classType === 'common' ? 'Common' : 'Preferred');

/** The origin choice: checkboxes numbered in the order chosen. */
export function OriginList(props: {
  choices: CertificateRow[];
  type: OperationType;
  chosen: string[];
  invalid: boolean;
  onToggle: (id: string, checked: boolean) => void;
}) {
  if (props.choices.length === 0)
    return (
      <p className="small">
        {props.type === 'Convert to Preferred'
          ? 'This shareholder holds no common certificate with shares.'
          : 'This shareholder holds no certificate with shares.'}
      </p>
    );
  return (
    <div className="origin-list">
      {props.choices.map((c) => {
        const position = props.chosen.indexOf(c.id);
        return (
          <Form.Check
            key={c.id}
            id={`tx-origin-${c.id}`}
            type="checkbox"
            checked={position >= 0}
            isInvalid={props.invalid}
            onChange={(e) => props.onToggle(c.id, e.target.checked)}
            label={
              <>
                {c.certificate} · {className(c)} · {formatShares(c.balance)} shares
                {position >= 0 && (
                  <span className="badge text-bg-secondary ms-2">
                    {position + 1}
                    <span className="visually-hidden"> in order</span>
                  </span>
                )}
              </>
            }
          />
        );
      })}
    </div>
  );
}
