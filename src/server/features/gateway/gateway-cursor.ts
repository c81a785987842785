import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { gatewayLimits, type GatewayProvider } from '../../../contract/gateway';
import { AppError } from '../../http/app-error';

// A gateway answer's nextRecordsUrl ends in a cursor: what the provider needs to read the next
// page, with who may read it and until when, deflated and sealed with AES-256-GCM. Sealed, not
// only signed: the position holds the last record's sort keys (an e-mail, a name) and the query
// its filter values, and URLs end up in logs. Nothing is kept on the server, so any server of
// the installation continues any cursor; a cursor cannot be read, forged, moved to another
// caller, organization, provider or operation, or kept past its time.

/** Bumped when a provider's state changes shape: an older cursor is then refused, not misread. */
const VERSION = 1;

export type PagedOperation = 'query' | 'search';

export interface CursorScope {
  provider: GatewayProvider;
  operation: PagedOperation;
  organizationId: string;
  userId: string;
}

interface Payload extends CursorScope {
  v: number;
  expiresAt: number;
  state: unknown;
}

export interface Cursors {
  /** The cursor of the next page: the provider's `state`, for this caller only. */
  seal(scope: CursorScope & { state: unknown }): string;
  /** The state a cursor carries, or the 4xx that says why it cannot be followed. */
  open(cursor: string, expected: CursorScope): unknown;
}

const invalid = (why: string) =>
  new AppError({
    code: 'GATEWAY.CURSOR_INVALID',
    message: `This nextRecordsUrl cannot be followed: ${why}.`,
    field: 'cursor',
  });

const notYours = () =>
  new AppError({
    code: 'GATEWAY.CURSOR_NOT_YOURS',
    message: 'This nextRecordsUrl belongs to another caller or organization: run your own query.',
  });

const IV = 12;
const TAG = 16;

function seal(key: Buffer, payload: Payload): string {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([
    cipher.update(deflateRawSync(JSON.stringify(payload))),
    cipher.final(),
  ]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The payload, or 400 when the cursor was not sealed by this installation as it stands. */
function unseal(key: Buffer, cursor: string): Payload {
  const bytes = Buffer.from(cursor, 'base64url');
  try {
    if (bytes.length <= IV + TAG || bytes.toString('base64url') !== cursor) throw new Error();
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV));
    decipher.setAuthTag(bytes.subarray(IV, IV + TAG));
    const text = Buffer.concat([decipher.update(bytes.subarray(IV + TAG)), decipher.final()]);
    return JSON.parse(inflateRawSync(text).toString('utf8')) as Payload;
  } catch {
    throw invalid('it is not a cursor of this registry, or it was changed');
  }
}

/**
 * Cursors sealed with a key derived from the session secret (every server of the installation
 * shares it); without one, a key of this process, so cursors end with it.
 */
export function createCursors(
  secret: string | undefined,
  opts: { now?: () => number; ttlMs?: number } = {},
): Cursors {
  const key = secret
    ? createHmac('sha256', secret).update('gateway-cursor').digest()
    : randomBytes(32);
  const now = opts.now ?? Date.now;
  const ttlMs = opts.ttlMs ?? gatewayLimits.cursorMinutes * 60_000;
  return {
    seal: ({ state, ...scope }) =>
      seal(key, { v: VERSION, ...scope, expiresAt: now() + ttlMs, state }),
    open(cursor, expected) {
      const payload = unseal(key, cursor);
      if (payload.v !== VERSION)
        throw invalid('it was made by an earlier version; run the query again');
      if (payload.provider !== expected.provider || payload.operation !== expected.operation)
        throw invalid(`it continues a ${payload.provider} ${payload.operation}, not this one`);
      if (payload.organizationId !== expected.organizationId || payload.userId !== expected.userId)
        throw notYours();
      if (payload.expiresAt <= now())
        throw new AppError({
          code: 'GATEWAY.CURSOR_EXPIRED',
          message:
            `This nextRecordsUrl has expired (they last ${gatewayLimits.cursorMinutes} minutes): ` +
            'run the query again.',
          field: 'cursor',
        });
      return payload.state;
    },
  };
}
