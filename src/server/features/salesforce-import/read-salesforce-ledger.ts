import { z } from 'zod';
import { gatewayLimits } from '../../../contract/gateway';
import { AppError } from '../../http/app-error';
import { parseOrThrow } from '../../http/invalid-input';
import type { SalesforceClient } from '../../salesforce/salesforce-client';
import {
  sfFields,
  sfShare,
  sfShareholder,
  sfTransaction,
  type SalesforceLedger,
} from './salesforce-records';

/** Every record of one object, all pages; refused past the gateway's limit rather than cut short. */
async function readAll<S extends z.ZodType>(
  client: SalesforceClient,
  objectName: keyof typeof sfFields,
  schema: S,
): Promise<Array<z.output<S>>> {
  const soql = `SELECT ${sfFields[objectName].join(', ')} FROM ${objectName} ORDER BY Id`;
  const answer = await client.query(soql, { maxRecords: gatewayLimits.maxFollowedRecords });
  if (!answer.done)
    throw new AppError({
      code: 'GATEWAY.NOT_SUPPORTED',
      message: `${objectName} holds more than ${gatewayLimits.maxFollowedRecords} records: import in parts.`,
    });
  return answer.records.map((r, i) => parseOrThrow(schema, r, `${objectName}.${i}`));
}

/** The connected org's shareholders, certificates and transactions (spec section 3). */
export async function readSalesforceLedger(client: SalesforceClient): Promise<SalesforceLedger> {
  return {
    shareholders: await readAll(client, 'Shareholder__c', sfShareholder),
    shares: await readAll(client, 'Share__c', sfShare),
    transactions: await readAll(client, 'Share_Transaction__c', sfTransaction),
  };
}
