import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  saveProfileForm,
  type ProfileResponse,
  type SaveProfileForm,
} from '../../../contract/ledger';
import { ApiError } from '../../lib/api-client';
import { formResolver } from '../../components/form/form-resolver';
import { INFORMATION_NOT_SAVED, INFORMATION_SAVED } from '../../lib/save-messages';
import { useSaveProfile } from './api/use-save-profile';

// The spec's third message (section 8), word for word: the server could not be reached.
export const PROFILE_SAVE_ERROR = 'An error occurred while saving. Please try again.';

type Fields = SaveProfileForm;

/** The labels the fields' messages name (contract/issue-words.ts). */
const LABELS = {
  FullName: 'Name',
  State: 'State',
  City: 'City',
  Address: 'Address',
  ZipCode: 'Zip Code',
  Phone: 'Phone',
  CellPhone: 'Cell Phone',
  Notes: 'Notes',
} satisfies Record<keyof Fields, string>;

/**
 * Notes are the holder's (the spec's field): who reads them, said to whoever edits them (`own`:
 * the signed-in user's own profile).
 */
const NOTES_HELP = {
  administrator: "The shareholder's own notes: they see them on their profile and can change them.",
  holder: 'Your notes. Administrators of your company can read them too.',
};

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

/**
 * The spec's profile edit: Name, State, City, Address, Zip Code, Phone, Cell Phone, Notes, Save;
 * with Cancel (back to the saved values) and Back (where the user came from).
 */
export function ProfileForm({ profile, own }: { profile: ProfileResponse; own: boolean }) {
  const form = useForm<Fields>({
    resolver: formResolver(saveProfileForm, LABELS),
    defaultValues: fromProfile(profile),
  });
  const { errors } = form.formState;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const save = useSaveProfile();
  const navigate = useNavigate();

  useEffect(() => {
    if (outcome) messageRef.current?.focus();
  }, [outcome]);

  const onValid = async (fields: Fields) => {
    setOutcome(null);
    try {
      const ok = await save.mutateAsync({ ShareholderId: profile.id, ...fields });
      setOutcome(ok ? { kind: 'saved' } : { kind: 'not-saved' });
      if (ok) form.reset(fields);
    } catch (e) {
      // The server answered and refused (4xx/5xx): "not saved"; no answer at all: "error".
      if (e instanceof ApiError && e.status > 0)
        setOutcome({ kind: 'not-saved', detail: e.message, field: e.field });
      else setOutcome({ kind: 'error' });
    }
  };
  // A refused field is the news now: an earlier banner would say the opposite.
  const onInvalid = () => setOutcome(null);
  const cancel = () => {
    form.reset(fromProfile(profile));
    setOutcome(null);
  };
  const back = () => {
    // Where the user came from, or the holder's statement when the page was opened directly.
    if (window.history.state && (window.history.state as { idx?: number }).idx) void navigate(-1);
    else void navigate(`/view?SH_UID=${encodeURIComponent(profile.id)}`);
  };

  const fieldError = (name: keyof Fields) =>
    errors[name]?.message ??
    (outcome?.kind === 'not-saved' && outcome.field === name ? outcome.detail : undefined);

  const text = (
    name: keyof Fields,
    label: string,
    extra: { autoComplete?: string; type?: string; readOnly?: boolean; maxLength?: number } = {},
  ) => (
    <Form.Group className="mb-3" controlId={`profile-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={extra.type ?? 'text'}
        {...form.register(name)}
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
    <Form
      noValidate
      onSubmit={(e) => void form.handleSubmit(onValid, onInvalid)(e)}
      aria-labelledby="page-title"
    >
      <div ref={messageRef} tabIndex={-1} className="mb-3 message-anchor">
        {outcome?.kind === 'saved' && <Alert variant="success">{INFORMATION_SAVED}</Alert>}
        {outcome?.kind === 'not-saved' && (
          <Alert variant="danger">
            <p className="mb-0">{INFORMATION_NOT_SAVED}</p>
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
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={10}
              autoComplete="postal-code"
              {...form.register('ZipCode')}
              isInvalid={Boolean(fieldError('ZipCode'))}
              aria-invalid={fieldError('ZipCode') ? true : undefined}
              aria-describedby={
                fieldError('ZipCode')
                  ? 'profile-ZipCode-help profile-ZipCode-error'
                  : 'profile-ZipCode-help'
              }
            />
            <Form.Text id="profile-ZipCode-help">Digits only.</Form.Text>
            <Form.Control.Feedback type="invalid" role="alert" id="profile-ZipCode-error">
              {fieldError('ZipCode')}
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
        <Form.Text id="profile-Notes-help" className="d-block mt-0 mb-1">
          {NOTES_HELP[own ? 'holder' : 'administrator']}
        </Form.Text>
        <Form.Control
          as="textarea"
          className="notes-textarea"
          {...form.register('Notes')}
          maxLength={4000}
          isInvalid={Boolean(fieldError('Notes'))}
          aria-invalid={fieldError('Notes') ? true : undefined}
          aria-describedby="profile-Notes-help"
        />
        <Form.Control.Feedback type="invalid">{fieldError('Notes')}</Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button
          type="button"
          variant="outline-secondary"
          onClick={cancel}
          disabled={!form.formState.isDirty}
        >
          Cancel
        </Button>
        <Button type="button" variant="link" onClick={back}>
          Back
        </Button>
      </div>
    </Form>
  );
}
