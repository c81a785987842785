import type { GatewayWriteResponse } from '../../../contract/gateway';
import type { Db } from '../../db/database';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
  requireIdempotencyKey,
} from '../../ledger-store/idempotency';
import type { Provider } from './gateway-provider';

/**
 * The provider with each insert made once per Idempotency-Key (the route requires one): a retry
 * with the same key and body answers the record the first request created, the same key with
 * another body is refused. A refusal or failure frees the key (nothing was created, or nothing is
 * known to have been). The registry's insert is the Transfer, which keeps its own keys.
 */
export function withIdempotentInsert(provider: Provider, db: Db): Provider {
  return {
    ...provider,
    insert: async (call, body) => {
      const key = requireIdempotencyKey(call.idempotencyKey);
      const scope = `gateway:${provider.name}:${call.principal.userId}`;
      const claim = await claimIdempotencyKey(db, { scope, key, hash: requestHash(body) });
      if (claim.kind === 'replay') return claim.answer.body as GatewayWriteResponse;
      try {
        const answer = await provider.insert(call, body);
        await completeIdempotencyKey(db, { scope, key, answer: { status: 200, body: answer } });
        return answer;
      } catch (err) {
        await releaseIdempotencyKey(db, { scope, key });
        throw err;
      }
    },
  };
}
