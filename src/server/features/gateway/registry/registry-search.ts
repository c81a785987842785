import { gatewayLimits, type GatewaySearchBody } from '../../../../contract/gateway';
import type { Db } from '../../../db/database';
import type { QueryPage, SearchPage } from '../gateway-provider';
import { gatewayInvalid } from '../gateway-invalid';
import { fieldName } from '../../../salesforce/field-name';
import type { GatewayQuery } from '../gateway-query';
import {
  queryRegistry,
  queryRegistryMore,
  registryObject,
  type RegistryCaller,
} from './registry-query';

// The registry's search: holders whose name, full name or e-mail holds the term
// (case-insensitive), by name, paged as a query is.

const asSearch = ({ records, next, ...page }: QueryPage): SearchPage => ({
  searchRecords: records,
  ...page,
  ...(next !== undefined && { next }),
});

function searchQuery(body: GatewaySearchBody): GatewayQuery {
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
  return {
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
    limit: body.limit ?? null,
    offset: 0,
    pageSize: body.pageSize ?? gatewayLimits.defaultPageSize,
  };
}

export const searchRegistry = async (db: Db, caller: RegistryCaller, body: GatewaySearchBody) =>
  asSearch(await queryRegistry(db, caller, searchQuery(body)));

export const searchRegistryMore = async (db: Db, caller: RegistryCaller, next: unknown) =>
  asSearch(await queryRegistryMore(db, caller, next));
