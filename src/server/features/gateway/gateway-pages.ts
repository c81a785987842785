import {
  gatewayLimits,
  gatewayPath,
  type GatewayProvider,
  type GatewayQueryResponse,
  type GatewaySearchResponse,
} from '../../../contract/gateway';
import { AppError } from '../../http/app-error';
import type { Cursors, PagedOperation } from './gateway-cursor';
import type { GatewayCall, QueryPage, SearchPage } from './gateway-provider';

// A provider's page as the gateway answers it: `next`, while records remain, becomes the
// nextRecordsUrl that the same caller GETs or POSTs for the following page.

export interface PageScope {
  cursors: Cursors;
  call: GatewayCall;
  provider: GatewayProvider;
  operation: PagedOperation;
}

function nextRecordsUrl(scope: PageScope, next: unknown): string {
  const { cursors, call, provider, operation } = scope;
  const cursor = cursors.seal({
    provider,
    operation,
    organizationId: call.organizationId,
    userId: call.principal.userId,
    state: next,
  });
  // The cursor carries the query: a very long filter cannot travel in a URL.
  if (cursor.length > gatewayLimits.maxCursorLength)
    throw new AppError({
      code: 'GATEWAY.QUERY_TOO_LONG_TO_PAGE',
      message:
        'This query has more records than one page, and its filter is too long to continue on ' +
        'the next: shorten the filter (fewer or shorter values), or split the query.',
      field: 'filter',
    });
  return `${gatewayPath(provider, operation)}/${cursor}`;
}

const more = (scope: PageScope, next: unknown, done: boolean) =>
  !done && next !== undefined ? { nextRecordsUrl: nextRecordsUrl(scope, next) } : {};

export function queryAnswer(scope: PageScope, page: QueryPage): GatewayQueryResponse {
  const { totalSize, done, records, next } = page;
  return { totalSize, done, ...more(scope, next, done), records };
}

export function searchAnswer(scope: PageScope, page: SearchPage): GatewaySearchResponse {
  const { searchRecords, totalSize, done, next } = page;
  return {
    searchRecords,
    ...(totalSize !== undefined && { totalSize }),
    done,
    ...more(scope, next, done),
  };
}
