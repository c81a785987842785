import {
  recordTransactionBody,
  saveProfileBody,
  type RecordTransactionResponse,
} from '../../../../contract/ledger';
import {
  gatewayMessages,
  type GatewayDeleteBody,
  type GatewayInsertBody,
  type GatewayUpdateBody,
  type GatewayWriteResponse,
} from '../../../../contract/gateway';
import type { ErrorBody } from '../../../../contract/common';
import type { Database } from '../../../db/open-database';
import { AppError } from '../../../http/app-error';
import { requireIdempotencyKey } from '../../../ledger-store/idempotency';
import { findVisibleHolder } from '../../../ledger-store/visible-holder';
import { parseOrThrow } from '../../../http/invalid-input';
import { saveProfile } from '../../shareholders/save-profile';
import { recordTransaction } from '../../transactions/record-transaction';
import type { GatewayCall } from '../gateway-provider';
import type { OperationNotices } from '../../../notices/operation-notices';
import { gatewayInvalid } from '../gateway-invalid';
import { registryObject } from './registry-query';

// The registry's writes through the gateway are the ledger's own actions: inserting a
// Share_Transaction__c is the Transfer action, updating a Shareholder__c is the profile Save.
// Nothing else is written: certificates and transactions come only from operations, and the
// ledger is append-only.

/**
 * A key with the gateway and ledger:write scopes stands for an administrator of the caller's
 * organization (an API key has no role of its own): the access policy has already let it in.
 */
const asAdministrator = (call: GatewayCall) => ({
  ...call.principal,
  role: 'administrator' as const,
});

const refused = (code: string, message: string) =>
  new AppError({ code, message, field: 'objectName' });

/** A refusal the Transfer stored (and replays) becomes the same coded error, its field under data. */
function rethrow(body: ErrorBody): never {
  const field = body.field ? `data.${body.field}` : undefined;
  throw new AppError({ code: body.code, message: body.message, field, details: body.details });
}

export async function insertRegistry(
  database: Database,
  call: GatewayCall,
  body: GatewayInsertBody,
  notices: Pick<OperationNotices, 'send'> | null,
): Promise<GatewayWriteResponse & { operation: RecordTransactionResponse }> {
  const def = registryObject(body.objectName);
  if (def.name !== 'Share_Transaction__c')
    throw refused(
      'GATEWAY.NOT_SUPPORTED',
      def.name === 'Share__c'
        ? 'Certificates are issued by transactions: insert a Share_Transaction__c.'
        : 'Shareholders are added by an administrator on the New shareholder page ' +
            '(/shareholders/new) or with POST /api/v1/shareholders, not through the gateway.',
    );
  const transfer = parseOrThrow(recordTransactionBody, body.data, 'data');
  const answer = await recordTransaction(database, {
    principal: asAdministrator(call),
    body: transfer,
    idempotencyKey: requireIdempotencyKey(call.idempotencyKey),
    requestId: call.requestId,
    notices,
  });
  if (answer.status !== 201) rethrow(answer.body as ErrorBody);
  const operation = answer.body as RecordTransactionResponse;
  return { id: operation.operationId, success: true, errors: [], operation };
}

/** The profile fields by their backend names; the ledger keeps every other field. */
const PROFILE_FIELDS = {
  Full_Name__c: 'FullName',
  Name: 'FullName',
  State__c: 'State',
  City__c: 'City',
  Address__c: 'Address',
  Zip_Code__c: 'ZipCode',
  Phone_Number__c: 'Phone',
  Cellphone_Number__c: 'CellPhone',
  Notes__c: 'Notes',
} as const;

export async function updateRegistry(
  database: Database,
  call: GatewayCall,
  body: GatewayUpdateBody,
): Promise<GatewayWriteResponse> {
  const def = registryObject(body.objectName);
  if (def.name !== 'Shareholder__c')
    throw refused('GATEWAY.APPEND_ONLY', gatewayMessages.appendOnly);
  const holderId = parseOrThrow(saveProfileBody.shape.ShareholderId, body.id, 'id');
  const principal = asAdministrator(call);
  const current = await findVisibleHolder(database.db, principal, holderId);
  const profile: Record<string, unknown> = {
    ShareholderId: holderId,
    FullName: current.full_name || current.name,
    State: current.state,
    City: current.city,
    Address: current.address,
    ZipCode: current.zip_code,
    Phone: current.phone_number,
    CellPhone: current.cellphone_number,
    Notes: current.notes,
  };
  for (const [field, value] of Object.entries(body.data)) {
    const name = Object.keys(PROFILE_FIELDS).find((f) => f.toLowerCase() === field.toLowerCase());
    if (!name)
      throw gatewayInvalid(
        `data.${field.slice(0, 64)}`,
        'only the profile can be changed here (Full_Name__c, State__c, City__c, Address__c, ' +
          'Zip_Code__c, Phone_Number__c, Cellphone_Number__c, Notes__c); shares change by transactions',
      );
    profile[PROFILE_FIELDS[name as keyof typeof PROFILE_FIELDS]] = value;
  }
  const save = parseOrThrow(saveProfileBody, profile, 'data');
  await saveProfile(database.db, { holderId, body: save, principal, requestId: call.requestId });
  return { id: holderId, success: true, errors: [] };
}

export function deleteRegistry(body: GatewayDeleteBody): never {
  const def = registryObject(body.objectName);
  throw refused(
    'GATEWAY.APPEND_ONLY',
    def.name === 'Shareholder__c'
      ? 'The register keeps every holder it has had; a holder is never deleted.'
      : gatewayMessages.appendOnly,
  );
}
