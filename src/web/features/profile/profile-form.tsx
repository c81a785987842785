import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { ProfileResponse, SaveProfileBody } from '../../../contract/ledger';
import { ApiError } from '../../lib/api-client';
import { useSaveProfile } from './use-save-profile';

// The spec's three messages (section 8), word for word.
export const PROFILE_SAVED = 'Your information was successfully updated.';
export const PROFILE_NOT_SAVED = 'The information was not saved. Please contact support.';
export const PROFILE_SAVE_ERROR = 'An error occurred while saving. Please try again.';
export const ZIP_DIGITS_ONLY = 'Zip Code accepts digits only.';

type Fields = Omit<SaveProfileBody, 'ShareholderId'>;

const fromProfile = (p: ProfileResponse): Fields => ({
  FullName: p.fullName || p.name,
  State: p.state,
  City: p.city,
  Address: p.address,
  ZipCode: p.zipCode,
  Phone: p.phoneNumber,
  CellPhone: p.cellphoneNumber,
  Notes: p.notes,
});

type Outcome = { kind: 'saved' | 'not-saved' | 'error'; detail?: string; field?: string };

/** The spec's profile edit: Name, State, City, Address, Zip Code, Phone, Cell Phone, Notes, Save. */
export function ProfileForm({ profile }: { profile: ProfileResponse }) {
  const [fields, setFields] = useState<Fields>(() => fromProfile(profile));
  const [zipError, setZipError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const zipRef = useRef<HTMLInputElement>(null);
  const save = useSaveProfile();

  useEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  const set = (name: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!/^\d*$/.test(fields.ZipCode.trim())) {
      setZipError(ZIP_DIGITS_ONLY);
      setOutcome(null);
      zipRef.current?.focus();
      return;
    }
    setZipError(null);
    setOutcome(null);
    try {
      const ok = await save.mutateAsync({ ShareholderId: profile.id, ...fields });
      setOutcome(ok ? { kind: 'saved' } : { kind: 'not-saved' });
    } catch (e) {
      // The server answered and refused (4xx/5xx): "not saved"; no answer at all: "error".
      if (e instanceof ApiError && e.status > 0)
        setOutcome({ kind: 'not-saved', detail: e.message, field: e.field });
      else setOutcome({ kind: 'error' });
    }
  };

  const fieldError = (name: keyof Fields) =>
    outcome?.kind === 'not-saved' && outcome.field === name ? outcome.detail : undefined;

  const text = (
    name: keyof Fields,
    label: string,
    extra: { autoComplete?: string; type?: string; readOnly?: boolean; maxLength?: number } = {},
  ) => (
    <Form.Group className="mb-3" controlId={`profile-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={extra.type ?? 'text'}
        value={fields[name]}
        onChange={set(name)}
        autoComplete={extra.autoComplete}
        readOnly={extra.readOnly}
        maxLength={extra.maxLength}
        plaintext={extra.readOnly}
        isInvalid={Boolean(fieldError(name))}
        aria-invalid={fieldError(name) ? true : undefined}
        aria-describedby={extra.readOnly ? `profile-${name}-help` : undefined}
      />
      {extra.readOnly && (
        <Form.Text id={`profile-${name}-help`}>
          Only an administrator can change the name.
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid">{fieldError(name)}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="page-title">
      <div ref={messageRef} tabIndex={-1} className="mb-3 message-anchor">
        {outcome?.kind === 'saved' && <Alert variant="success">{PROFILE_SAVED}</Alert>}
        {outcome?.kind === 'not-saved' && (
          <Alert variant="danger">
            <p className="mb-0">{PROFILE_NOT_SAVED}</p>
            {outcome.detail && !outcome.field && (
              <p className="small mt-1 mb-0">{outcome.detail}</p>
            )}
          </Alert>
        )}
        {outcome?.kind === 'error' && <Alert variant="danger">{PROFILE_SAVE_ERROR}</Alert>}
      </div>
      {text('FullName', 'Name', {
        autoComplete: 'name',
        readOnly: !profile.canEditName,
        maxLength: 200,
      })}
      <Row>
        <Col md={6}>
          {text('State', 'State', { autoComplete: 'address-level1', maxLength: 100 })}
        </Col>
        <Col md={6}>{text('City', 'City', { autoComplete: 'address-level2', maxLength: 100 })}</Col>
      </Row>
      {text('Address', 'Address', { autoComplete: 'street-address', maxLength: 300 })}
      <Row>
        <Col md={4}>
          <Form.Group className="mb-3" controlId="profile-ZipCode">
            <Form.Label>Zip Code</Form.Label>
            <Form.Control
              ref={zipRef}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={10}
              autoComplete="postal-code"
              value={fields.ZipCode}
              onChange={(e) => {
                setFields((f) => ({ ...f, ZipCode: e.target.value }));
                if (zipError && /^\d*$/.test(e.target.value.trim())) setZipError(null);
              }}
              isInvalid={Boolean(zipError ?? fieldError('ZipCode'))}
              aria-invalid={zipError || fieldError('ZipCode') ? true : undefined}
              aria-describedby={
                zipError || fieldError('ZipCode')
                  ? 'profile-ZipCode-help profile-ZipCode-error'
                  : 'profile-ZipCode-help'
              }
            />
            <Form.Text id="profile-ZipCode-help">Digits only.</Form.Text>
            <Form.Control.Feedback type="invalid" role="alert" id="profile-ZipCode-error">
              {zipError ?? fieldError('ZipCode')}
            </Form.Control.Feedback>
          </Form.Group>
        </Col>
        <Col md={4}>
          {text('Phone', 'Phone', { type: 'tel', autoComplete: 'tel', maxLength: 40 })}
        </Col>
        <Col md={4}>{text('CellPhone', 'Cell Phone', { type: 'tel', maxLength: 40 })}</Col>
      </Row>
      <Form.Group className="mb-3" controlId="profile-Notes">
        <Form.Label>Notes</Form.Label>
        <Form.Control
          as="textarea"
          className="notes-textarea"
          value={fields.Notes}
          onChange={set('Notes')}
          maxLength={4000}
        />
      </Form.Group>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </Form>
  );
}
