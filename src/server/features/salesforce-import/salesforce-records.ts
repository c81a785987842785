import { z } from 'zod';
import { shareholderTextFieldsAs } from '../../salesforce/shareholder-text-fields';

// The three objects the importer reads, as Salesforce answers them (spec section 3's backend
// names). Salesforce sends numbers as JSON numbers and leaves empty fields null.

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const number = z.number().finite().nullish();

export const sfShareholder = z.looseObject({
  Id: z.string().min(1),
  Name: z.string().nullish(),
  Full_Name__c: text,
  Email__c: z.string().nullish(),
  ...shareholderTextFieldsAs(text),
  Is_Admin__c: z.boolean().nullish(),
  Active__c: z.boolean().nullish(),
  Balance__c: number,
});
export const sfShare = z.looseObject({
  Id: z.string().min(1),
  Shareholder__c: z.string().nullish(),
  Balance__c: number,
  Certificate_Number__c: z.union([z.number(), z.string()]).nullish(),
  Effective_Date__c: z.string().nullish(),
});
export const sfTransaction = z.looseObject({
  Id: z.string().min(1),
  Share__c: z.string().nullish(),
  Preferred__c: z.boolean().nullish(),
  Origin__c: z.string().nullish(),
  Shares__c: number,
  Type__c: z.string().nullish(),
  Date__c: z.string().nullish(),
  Notes__c: text,
  Cost__c: number,
  Transaction_Order__c: number,
});
export type SfShareholder = z.output<typeof sfShareholder>;
export type SfShare = z.output<typeof sfShare>;
export type SfTransaction = z.output<typeof sfTransaction>;

export interface SalesforceLedger {
  shareholders: SfShareholder[];
  shares: SfShare[];
  transactions: SfTransaction[];
}

export const sfFields = {
  Shareholder__c: Object.keys(sfShareholder.shape),
  Share__c: Object.keys(sfShare.shape),
  Share_Transaction__c: Object.keys(sfTransaction.shape),
} as const;
