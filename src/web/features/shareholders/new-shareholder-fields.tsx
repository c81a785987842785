import Row from 'react-bootstrap/Row';
import { FieldControl } from '../../components/form/field-control';
import { FieldSelect } from '../../components/form/field-select';
import { FormField } from '../../components/form/form-field';
import { holderMessages } from '../../../contract/shareholders';
import { NEW_SHAREHOLDER_LABELS as L } from './new-shareholder-values';

/** A field of the form: its control's id is new-holder-<name>. */
const field = (name: keyof typeof L) => ({ name, label: L[name], id: `new-holder-${name}` });

/** Who the holder is: name, person or entity, and the e-mail they would sign in with. */
export function IdentityFields() {
  return (
    <>
      <FormField
        {...field('Name')}
        description="As it should appear on certificates and statements."
      >
        <FieldControl type="text" autoComplete="off" maxLength={200} />
      </FormField>
      <Row>
        <FormField {...field('HolderType')} md={4}>
          <FieldSelect>
            <option value="individual">Individual</option>
            <option value="entity">Entity (fund, company, trust)</option>
          </FieldSelect>
        </FormField>
        <FormField
          {...field('Email')}
          md={8}
          description="Optional. The address they would sign in with; unique in the company."
        >
          <FieldControl type="email" autoComplete="off" maxLength={320} />
        </FormField>
      </Row>
    </>
  );
}

/** Where to reach them: an address anywhere in the world, phones and notes. */
export function ContactFields() {
  return (
    <>
      <FormField {...field('Address')}>
        <FieldControl type="text" autoComplete="off" maxLength={300} />
      </FormField>
      <Row>
        <FormField {...field('City')} md={6}>
          <FieldControl type="text" autoComplete="off" maxLength={100} />
        </FormField>
        <FormField {...field('State')} md={6}>
          <FieldControl type="text" autoComplete="off" maxLength={100} />
        </FormField>
      </Row>
      <Row>
        <FormField
          {...field('ZipCode')}
          md={4}
          description={holderMessages.postalCodeHelp}
          errorRole="alert"
        >
          <FieldControl type="text" autoComplete="off" maxLength={12} />
        </FormField>
        <FormField {...field('Country')} md={8}>
          <FieldControl type="text" autoComplete="off" maxLength={100} />
        </FormField>
      </Row>
      <Row>
        <FormField {...field('Phone')} md={6}>
          <FieldControl type="tel" autoComplete="off" maxLength={40} />
        </FormField>
        <FormField {...field('CellPhone')} md={6}>
          <FieldControl type="tel" autoComplete="off" maxLength={40} />
        </FormField>
      </Row>
      <FormField {...field('Notes')} description="The holder sees these on their profile.">
        <FieldControl as="textarea" rows={3} maxLength={4000} />
      </FormField>
    </>
  );
}
