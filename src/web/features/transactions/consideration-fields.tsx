import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import Row from 'react-bootstrap/Row';
import type { RecordTransactionForm } from '../../../contract/ledger';
import { DateInput, FieldControl, NumberInput } from '../../components/form/field-control';
import { FormField } from '../../components/form/form-field';

const FIELDS = [
  'Consideration',
  'ConsiderationCurrency',
  'ApprovalDate',
  'ApprovalReference',
] as const;

/**
 * The operation's consideration (total paid, its currency) and approval (the board's or the
 * written consent's date and reference), optional, in a group that opens on request and
 * whenever one of its fields is in error (decision 122).
 */
export function ConsiderationFields() {
  const { formState, watch } = useFormContext<RecordTransactionForm>();
  const filled = FIELDS.some((name) => Boolean(watch(name)));
  const invalid = FIELDS.some((name) => formState.errors[name] !== undefined);
  const [open, setOpen] = useState(false);
  return (
    <details
      className="consideration-group mb-3 border rounded px-3 pt-2"
      open={open || invalid || filled}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="fw-semibold mb-2">Consideration and approval</summary>
      <Row>
        <FormField
          name="Consideration"
          id="tx-consideration"
          label="Consideration"
          md={6}
          description="The total paid for these shares (optional)."
        >
          <NumberInput />
        </FormField>
        <FormField
          name="ConsiderationCurrency"
          id="tx-currency"
          label="Currency"
          md={6}
          description="ISO 4217 code, such as USD or EUR; USD when left empty."
        >
          <FieldControl maxLength={3} autoComplete="off" className="text-uppercase" />
        </FormField>
      </Row>
      <Row>
        <FormField
          name="ApprovalDate"
          id="tx-approval-date"
          label="Approval date"
          md={6}
          description="The board meeting or written consent that approved it."
        >
          <DateInput />
        </FormField>
        <FormField
          name="ApprovalReference"
          id="tx-approval-reference"
          label="Approval reference"
          md={6}
          description="Such as “Board consent 2024-03”."
        >
          <FieldControl maxLength={200} />
        </FormField>
      </Row>
    </details>
  );
}
