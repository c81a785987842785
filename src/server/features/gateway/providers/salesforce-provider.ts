import { gatewayLimits, type GatewaySearchBody } from '../../../../contract/gateway';
import { AppError } from '../../../http/app-error';
import type { Provider, QueryPage, SearchPage } from '../gateway-provider';
import { fieldName } from '../../../salesforce/field-name';
import { spellRegistryFields, spellRegistryQuery } from '../registry/registry-spelling';
import type { SalesforceClient, SfQueryPage } from '../../../salesforce/salesforce-client';
import { buildSoql } from '../salesforce/soql';
import { buildSosl, SOSL_MAX } from '../salesforce/sosl';

// `salesforce`: the connected org (one per installation, SALESFORCE_*). The call's organization
// decides who may call (the access policy), not which Salesforce org answers, so it is not sent.
// A query's pages are Salesforce's own (its nextRecordsUrl travels inside ours); a search's
// pages are SOSL's LIMIT and OFFSET, which Salesforce allows on one object only. The registry's
// three objects are queried with the registry's spelling of their fields (registry-spelling.ts).

const written = (id: string) => ({ id, success: true, errors: [] });

function searchFields(body: GatewaySearchBody): string[] | undefined {
  if (body.fields === undefined) return undefined;
  const names = typeof body.fields === 'string' ? body.fields.split(',') : body.fields;
  const checked = names.map((f, i) => fieldName(f, `fields.${i}`));
  return spellRegistryFields(body.objectName, checked);
}

function pageOf({ totalSize, done, nextRecordsUrl, records }: SfQueryPage): QueryPage {
  if (done) return { totalSize, done, records };
  if (!nextRecordsUrl)
    throw new AppError({
      code: 'GATEWAY.UPSTREAM_ERROR',
      message: 'Salesforce sent no usable nextRecordsUrl.',
    });
  return { totalSize, done, records, next: { nextRecordsUrl } };
}

/** Where a search page starts. */
interface SearchAt {
  term: string;
  objectName?: string;
  fields?: string[];
  limit: number | null;
  pageSize: number;
  offset: number;
}

async function searchPage(client: SalesforceClient, at: SearchAt): Promise<SearchPage> {
  if (at.offset > 0 && !at.objectName)
    throw new AppError({
      code: 'GATEWAY.NOT_SUPPORTED',
      message:
        'Salesforce pages a search of one object only: name objectName to read past the first page.',
      field: 'objectName',
    });
  const size = Math.min(at.pageSize, (at.limit ?? Infinity) - at.offset);
  // One record more than the page, where SOSL allows it, tells whether another page follows.
  const ask = Math.min(size + 1, SOSL_MAX.limit);
  const { objectName, fields, offset } = at;
  const sosl = buildSosl(at.term, {
    limit: ask,
    offset,
    ...(objectName !== undefined && { objectName }),
    ...(fields && { fields }),
  });
  const found = (await client.search(sosl)).searchRecords;
  const searchRecords = found.slice(0, size);
  const more = found.length > size || (ask === size && found.length === size);
  const done = !more || offset + size >= (at.limit ?? Infinity);
  if (done) return { searchRecords, done };
  return { searchRecords, done, next: { ...at, offset: offset + searchRecords.length } };
}

export function createSalesforceProvider(client: SalesforceClient): Provider {
  return {
    name: 'salesforce',
    query: async (_call, query) =>
      pageOf(
        await client.queryPage(buildSoql(spellRegistryQuery(query)), {
          batchSize: query.pageSize,
        }),
      ),
    queryMore: async (_call, next) =>
      pageOf(await client.queryMore((next as { nextRecordsUrl: string }).nextRecordsUrl)),
    insert: async (_call, body) => {
      const created = await client.create(body.objectName, body.data);
      return written(created.id);
    },
    update: async (_call, body) => {
      await client.update(body.objectName, body.id, body.data);
      return written(body.id);
    },
    delete: async (_call, body) => {
      await client.destroy(body.objectName, body.id);
      return written(body.id);
    },
    search: async (_call, body) => {
      const fields = searchFields(body);
      return searchPage(client, {
        term: body.searchTerm,
        ...(body.objectName !== undefined && { objectName: body.objectName }),
        ...(fields && { fields }),
        limit: body.limit ?? null,
        pageSize: body.pageSize ?? gatewayLimits.defaultPageSize,
        offset: 0,
      });
    },
    searchMore: (_call, next) => searchPage(client, next as SearchAt),
    customRest: (_call, body) => client.apexRest(body.method, body.endpoint, body.data),
  };
}
