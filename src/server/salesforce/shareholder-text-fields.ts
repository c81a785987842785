// The Shareholder__c fields that hold a holder's address, phones and notes as text (spec section
// 3): the registry's own object and the Salesforce object the importer reads both have them.
const shareholderTextFields = [
  'State__c',
  'City__c',
  'Address__c',
  'Zip_Code__c',
  'Phone_Number__c',
  'Cellphone_Number__c',
  'Notes__c',
] as const;

/** Each of those fields, in that order, with the one definition given. */
export const shareholderTextFieldsAs = <Definition>(definition: Definition) =>
  Object.fromEntries(shareholderTextFields.map((field) => [field, definition])) as Record<
    (typeof shareholderTextFields)[number],
    Definition
  >;
