import type { GatewaySearchBody, GatewaySearchResponse } from '../../../../contract/gateway';
import { gatewayLimits } from '../../../../contract/gateway';
import type { Db } from '../../../db/database';
import { fieldName, gatewayInvalid } from '../gateway-query';
import { queryRegistry, registryObject, type RegistryCaller } from './registry-query';

/** Holders whose name, full name or e-mail holds the term (case-insensitive), by name. */
export async function searchRegistry(
  db: Db,
  caller: RegistryCaller,
  body: GatewaySearchBody,
): Promise<GatewaySearchResponse> {
  if (body.objectName !== undefined && registryObject(body.objectName).name !== 'Shareholder__c')
    throw gatewayInvalid('objectName', 'the registry searches Shareholder__c');
  const fields =
    body.fields === undefined
      ? ['Id', 'Name', 'Full_Name__c', 'Email__c', 'Balance__c']
      : (typeof body.fields === 'string' ? body.fields.split(',') : body.fields).map((f, i) =>
          fieldName(f, `fields.${i}`),
        );
  const like = (field: string) => ({
    kind: 'condition' as const,
    field,
    operator: 'LIKE' as const,
    value: body.searchTerm,
    at: 'searchTerm',
  });
  const found = await queryRegistry(db, caller, {
    objectName: 'Shareholder__c',
    fields,
    where: [
      {
        kind: 'or',
        branches: [[like('Name')], [like('Full_Name__c')], [like('Email__c')]],
        at: 'searchTerm',
      },
    ],
    orderBy: [{ field: 'Name', descending: false }],
    limit: body.limit ?? gatewayLimits.defaultLimit,
    offset: 0,
  });
  return { searchRecords: found.records };
}
