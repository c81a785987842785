import type { FastifyInstance } from 'fastify';
import { dataPaths } from '../../contract/data-api';
import { ledgerPaths } from '../../contract/constants/ledger';
import { PRINCIPALS_CHANNEL, PrincipalCache } from '../auth/principal-cache';
import type { Database } from '../db/open-database';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * POST routes that change no session's principal: the data query only reads (its body is a
 * question), and a share transaction changes balances, which are no part of who anyone is.
 * Forgetting at every transfer cost each one a session query.
 */
const KEEP_PRINCIPALS = new Set<string>([dataPaths.query, ledgerPaths.transactions]);

/**
 * The session cache of this server: emptied by the database's change notices (from any server or
 * script), and by every write request of this one before its answer leaves, so that whoever
 * signed out, revoked or demoted someone sees the effect with their very next request.
 */
export async function registerSessionCache(
  app: FastifyInstance,
  database: Database,
  maxAgeSeconds: number,
): Promise<PrincipalCache> {
  const cache = new PrincipalCache(maxAgeSeconds * 1000);
  // Off (SESSION_CACHE_SECONDS=0): never listening, it remembers nothing.
  if (maxAgeSeconds === 0) return cache;
  const stop = await database.listen(
    PRINCIPALS_CHANNEL,
    {
      notice: (payload) => cache.notice(payload),
      listening: (on) => {
        cache.setListening(on);
        app.log.info({ listening: on }, on ? 'session cache on' : 'session cache off');
      },
    },
    app.log,
  );
  app.addHook('onClose', async () => stop());
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READS.has(request.method) && !KEEP_PRINCIPALS.has(request.routeOptions.url ?? ''))
      cache.forgetAll();
    done(null, payload);
  });
  return cache;
}
