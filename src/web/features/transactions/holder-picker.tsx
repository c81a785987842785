import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { DirectoryRow } from '../../../contract/ledger';
import { ErrorPanel } from '../../components/error-panel';
import { formatShares } from '../../lib/format';
import { useHolderOptions } from './api/use-holder-options';

const SEARCH_DEBOUNCE_MS = 250;

export interface PickedHolder {
  id: string;
  name: string;
}

export interface HolderPickerProps {
  label: string;
  value: PickedHolder | null;
  onChange: (holder: PickedHolder | null) => void;
  error?: string | undefined;
  excludeId?: string | undefined;
  name: string;
  /** A line under the choice saying what this holder's part is. */
  hint?: string | undefined;
}

/**
 * A searchable holder choice built from two labelled native controls (a search box that narrows
 * a select), so it works with keyboard and screen readers without a custom combobox. The page
 * shows the loading bar until the first list arrives (transaction-page.tsx); a search that fails
 * says so here, with a Retry.
 */
/** The select's empty choice: loading, failed, or how many holders it lists. */
function placeholderText(options: ReturnType<typeof useHolderOptions>, shown: number): string {
  if (options.isPending) return 'Loading shareholders…';
  if (options.isError) return 'Could not load shareholders';
  const more =
    options.data && options.data.total > options.data.rows.length
      ? ` of ${options.data.total}, search to narrow`
      : '';
  return `Choose a shareholder (${shown}${more})`;
}

export function HolderPicker({
  label,
  value,
  onChange,
  error,
  excludeId,
  name,
  hint,
}: HolderPickerProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const selectId = useId();
  const errorId = useId();
  const hintId = useId();
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const options = useHolderOptions(search);
  const rows: DirectoryRow[] = (options.data?.rows ?? []).filter((r) => r.id !== excludeId);
  const showSelected = value !== null && !rows.some((r) => r.id === value.id);

  return (
    <fieldset className="holder-picker mb-3">
      <legend className="form-label fs-6 mb-1">{label}</legend>
      <div className="row g-2">
        <div className="col-sm-5">
          <HolderSearch label={label} text={text} onText={setText} />
        </div>
        <div className="col-sm-7">
          <label htmlFor={selectId} className="visually-hidden">
            {label}
          </label>
          <Form.Select
            id={selectId}
            name={name}
            value={value?.id ?? ''}
            isInvalid={Boolean(error)}
            aria-invalid={error ? true : undefined}
            aria-describedby={
              [error ? errorId : '', hint ? hintId : ''].join(' ').trim() || undefined
            }
            onChange={(e) => {
              const picked = rows.find((r) => r.id === e.target.value);
              onChange(picked ? { id: picked.id, name: picked.name } : null);
            }}
          >
            <option value="">{placeholderText(options, rows.length)}</option>
            {showSelected && <option value={value.id}>{value.name}</option>}
            {rows.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} ({formatShares(r.balance)} shares)
              </option>
            ))}
          </Form.Select>
          {hint && (
            <div id={hintId} className="form-text">
              {hint}
            </div>
          )}
          {error && (
            <div id={errorId} className="invalid-feedback d-block">
              {error}
            </div>
          )}
        </div>
      </div>
      {options.isError && !options.isFetching && (
        <div className="mt-2">
          <ErrorPanel
            what="the shareholders"
            error={options.error}
            onRetry={() => void options.refetch()}
          />
        </div>
      )}
    </fieldset>
  );
}

/** The search box that narrows the holder list (its label is read, not shown). */
function HolderSearch(props: { label: string; text: string; onText: (text: string) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Search {props.label}
      </label>
      <Form.Control
        id={id}
        type="search"
        placeholder="Search by name"
        autoComplete="off"
        value={props.text}
        onChange={(e) => props.onText(e.target.value)}
      />
    </>
  );
}
