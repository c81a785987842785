import type { NewShareholder } from '../../../contract/shareholders';

/** The labels the fields' messages name (contract/issue-words.ts). */
export const NEW_SHAREHOLDER_LABELS = {
  Name: 'Name',
  Email: 'E-mail',
  HolderType: 'Holder type',
  Address: 'Address',
  City: 'City',
  State: 'State or region',
  ZipCode: 'Zip Code',
  Country: 'Country',
  Phone: 'Phone',
  CellPhone: 'Cell Phone',
  Notes: 'Notes',
} satisfies Record<keyof NewShareholder, string>;

export const isNewShareholderField = (name: string | undefined): name is keyof NewShareholder =>
  name !== undefined && Object.hasOwn(NEW_SHAREHOLDER_LABELS, name);

/** An empty form: an individual, every other field blank. */
export const emptyNewShareholder = (): NewShareholder => ({
  Name: '',
  Email: '',
  HolderType: 'individual',
  Address: '',
  City: '',
  State: '',
  ZipCode: '',
  Country: '',
  Phone: '',
  CellPhone: '',
  Notes: '',
});
