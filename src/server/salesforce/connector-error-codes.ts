import type { ErrorCode } from '../http/error-status';

/** A provider not configured here, and what a connected backend answers (salesforce-client.ts). */
export const connectorErrorCodes: ErrorCode[] = [
  'GATEWAY.PROVIDER_NOT_CONFIGURED',
  'GATEWAY.NOT_FOUND',
  'GATEWAY.REJECTED',
  'GATEWAY.UPSTREAM_ERROR',
  'GATEWAY.UPSTREAM_AUTH',
  'GATEWAY.UPSTREAM_UNAVAILABLE',
  'GATEWAY.UPSTREAM_TIMEOUT',
];
