import type { Database } from '../../../db/open-database';
import type { Provider } from '../gateway-provider';
import type { OperationNotices } from '../../../notices/operation-notices';
import { queryRegistry, queryRegistryMore } from '../registry/registry-query';
import { searchRegistry, searchRegistryMore } from '../registry/registry-search';
import { deleteRegistry, insertRegistry, updateRegistry } from '../registry/registry-writes';

/**
 * `registry`: the registry's own ledger in the spec's CRM shape (our PostgreSQL stays the record).
 * A Transfer posted through it sends its holders' notices as the entry form's does.
 */
export function createRegistryProvider(
  database: Database,
  notices: Pick<OperationNotices, 'send'> | null,
): Provider {
  const { db } = database;
  return {
    name: 'registry',
    query: (call, query) => queryRegistry(db, call, query),
    queryMore: (call, next) => queryRegistryMore(db, call, next),
    search: (call, body) => searchRegistry(db, call, body),
    searchMore: (call, next) => searchRegistryMore(db, call, next),
    insert: (call, body) => insertRegistry(database, call, body, notices),
    update: (call, body) => updateRegistry(database, call, body),
    delete: async (_call, body) => deleteRegistry(body),
  };
}
