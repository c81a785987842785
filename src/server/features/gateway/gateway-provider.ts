import type {
  CustomRestBody,
  GatewayDeleteBody,
  GatewayInsertBody,
  GatewayProvider as ProviderName,
  GatewayRecord,
  GatewaySearchBody,
  GatewayUpdateBody,
  GatewayWriteResponse,
} from '../../../contract/gateway';
import type { Principal } from '../../plugins/access-control';
import type { GatewayQuery } from './gateway-query';

/** Who asks and for which organization: every provider acts for the caller's organization only. */
export interface GatewayCall {
  principal: Principal;
  organizationId: string;
  /** The Idempotency-Key header: a ledger write through the gateway needs one, as on its route. */
  idempotencyKey: string | undefined;
  requestId: string;
}

/**
 * One page of an answer. While records remain (`done` false), `next` is what the provider needs
 * to read the following page: the route signs it into the answer's nextRecordsUrl and hands it
 * back to queryMore / searchMore, so it must be plain JSON.
 */
export interface QueryPage {
  totalSize: number;
  done: boolean;
  records: GatewayRecord[];
  next?: unknown;
}
export interface SearchPage {
  searchRecords: GatewayRecord[];
  /** Every match, when the backend counts them. */
  totalSize?: number;
  done: boolean;
  next?: unknown;
}

/**
 * One CRM backend behind POST /api/v1/{provider}/{operation}. Answers are in Salesforce's REST
 * shapes whatever the backend. One file per provider (features/gateway/providers).
 */
export interface Provider {
  name: ProviderName;
  query(call: GatewayCall, query: GatewayQuery): Promise<QueryPage>;
  /** The page after one whose `next` this is (it comes back sealed, as the provider made it). */
  queryMore(call: GatewayCall, next: unknown): Promise<QueryPage>;
  insert(call: GatewayCall, body: GatewayInsertBody): Promise<GatewayWriteResponse>;
  update(call: GatewayCall, body: GatewayUpdateBody): Promise<GatewayWriteResponse>;
  delete(call: GatewayCall, body: GatewayDeleteBody): Promise<GatewayWriteResponse>;
  search(call: GatewayCall, body: GatewaySearchBody): Promise<SearchPage>;
  searchMore(call: GatewayCall, next: unknown): Promise<SearchPage>;
  /** POST /api/v1/salesforce/custom-rest; only providers with an Apex-like REST have it. */
  customRest?(call: GatewayCall, body: CustomRestBody): Promise<unknown>;
}
