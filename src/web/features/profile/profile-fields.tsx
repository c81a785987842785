import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { CheckField } from '../../components/form/check-field';
import { FieldControl } from '../../components/form/field-control';
import { FormField } from '../../components/form/form-field';
import { holderMessages } from '../../../contract/shareholders';
import { NOTES_HELP, NOTICES_WORDS } from './profile-values';

/** A field of the profile: its control's id is profile-<name>. */
const field = (name: string, label: string) => ({ name, label, id: `profile-${name}` });

/**
 * The spec's profile fields: Name and E-mail (read-only unless `canEditName`), State, City,
 * Address, Country, Zip Code, Phone, Cell Phone, Notes (`own`: the signed-in user's own
 * profile), and the e-mail notices after each change to the holder's shares (issue 25).
 */
export function ProfileFields({
  canEditName,
  own,
  hasEmail,
}: {
  canEditName: boolean;
  own: boolean;
  hasEmail: boolean;
}) {
  const notices = NOTICES_WORDS[own ? 'holder' : 'administrator'];
  return (
    <>
      <FormField
        {...field('FullName', 'Name')}
        description={canEditName ? undefined : 'Only an administrator can change the name.'}
      >
        <FieldControl
          type="text"
          autoComplete="name"
          maxLength={200}
          readOnly={!canEditName}
          plaintext={!canEditName}
        />
      </FormField>
      <FormField
        {...field('Email', 'E-mail')}
        description={
          canEditName
            ? 'The address they sign in with; unique in the company.'
            : 'Only an administrator can change the e-mail address.'
        }
      >
        <FieldControl
          type="email"
          autoComplete="off"
          maxLength={320}
          readOnly={!canEditName}
          plaintext={!canEditName}
        />
      </FormField>
      <Row>
        <Col md={6}>
          <FormField {...field('State', 'State')}>
            <FieldControl type="text" autoComplete="address-level1" maxLength={100} />
          </FormField>
        </Col>
        <Col md={6}>
          <FormField {...field('City', 'City')}>
            <FieldControl type="text" autoComplete="address-level2" maxLength={100} />
          </FormField>
        </Col>
      </Row>
      <FormField {...field('Address', 'Address')}>
        <FieldControl type="text" autoComplete="street-address" maxLength={300} />
      </FormField>
      <FormField {...field('Country', 'Country')}>
        <FieldControl type="text" autoComplete="country-name" maxLength={100} />
      </FormField>
      <PhoneRow />
      <FormField
        {...field('Notes', 'Notes')}
        description={NOTES_HELP[own ? 'holder' : 'administrator']}
        descriptionAbove
      >
        <FieldControl as="textarea" className="notes-textarea" maxLength={4000} />
      </FormField>
      <CheckField
        {...field('Notices', notices.label)}
        description={hasEmail ? notices.help : notices.noEmail}
      />
    </>
  );
}

/** Zip Code, Phone and Cell Phone on one row. */
function PhoneRow() {
  return (
    <Row>
      <Col md={4}>
        <FormField
          {...field('ZipCode', 'Zip Code')}
          description={holderMessages.postalCodeHelp}
          errorRole="alert"
        >
          <FieldControl type="text" maxLength={12} autoComplete="postal-code" />
        </FormField>
      </Col>
      <Col md={4}>
        <FormField {...field('Phone', 'Phone')}>
          <FieldControl type="tel" autoComplete="tel" maxLength={40} />
        </FormField>
      </Col>
      <Col md={4}>
        <FormField {...field('CellPhone', 'Cell Phone')}>
          <FieldControl type="tel" maxLength={40} />
        </FormField>
      </Col>
    </Row>
  );
}
