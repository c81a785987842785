import type {
  CustomRestBody,
  GatewayDeleteBody,
  GatewayInsertBody,
  GatewayProvider as ProviderName,
  GatewayQueryResponse,
  GatewaySearchBody,
  GatewaySearchResponse,
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
 * One CRM backend behind POST /api/v1/{provider}/{operation}. Answers are in Salesforce's REST
 * shapes whatever the backend. One file per provider (features/gateway/providers).
 */
export interface Provider {
  name: ProviderName;
  query(call: GatewayCall, query: GatewayQuery): Promise<GatewayQueryResponse>;
  insert(call: GatewayCall, body: GatewayInsertBody): Promise<GatewayWriteResponse>;
  update(call: GatewayCall, body: GatewayUpdateBody): Promise<GatewayWriteResponse>;
  delete(call: GatewayCall, body: GatewayDeleteBody): Promise<GatewayWriteResponse>;
  search(call: GatewayCall, body: GatewaySearchBody): Promise<GatewaySearchResponse>;
  /** POST /api/v1/salesforce/custom-rest; only providers with an Apex-like REST have it. */
  customRest?(call: GatewayCall, body: CustomRestBody): Promise<unknown>;
}
