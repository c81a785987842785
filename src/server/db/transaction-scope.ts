import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './database';

/**
 * A handle on `db` whose `transaction()` remembers the transaction it opened, and `current()`,
 * which answers that transaction while its work runs (else `db`). For hooks that a library calls
 * inside its own transaction: on PGlite (one connection) a query outside it would wait for it
 * forever.
 */
export function transactionScope(db: Db): { db: Db; current: () => Db } {
  const open = new AsyncLocalStorage<Db>();
  const scoped = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction')
        return (fn: (tx: Db) => Promise<unknown>, config?: unknown) =>
          target.transaction(
            (tx) => open.run(tx as unknown as Db, () => fn(tx as unknown as Db)),
            config as never,
          );
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { db: scoped, current: () => open.getStore() ?? db };
}
