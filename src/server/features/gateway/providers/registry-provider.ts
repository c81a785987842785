import type { Database } from '../../../db/database';
import type { Provider } from '../gateway-provider';
import { queryRegistry } from '../registry/registry-query';
import { searchRegistry } from '../registry/registry-search';
import { deleteRegistry, insertRegistry, updateRegistry } from '../registry/registry-writes';

/** `registry`: the registry's own ledger in the spec's CRM shape (our PostgreSQL stays the record). */
export function createRegistryProvider(database: Database): Provider {
  const { db } = database;
  return {
    name: 'registry',
    query: (call, query) => queryRegistry(db, call, query),
    search: (call, body) => searchRegistry(db, call, body),
    insert: (call, body) => insertRegistry(database, call, body),
    update: (call, body) => updateRegistry(database, call, body),
    delete: async (_call, body) => deleteRegistry(body),
  };
}
