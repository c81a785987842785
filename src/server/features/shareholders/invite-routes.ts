import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, ledgerPaths, profileResponse } from '../../../contract/ledger';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { inviteShareholder, type InviteDeps } from './invite-shareholder';

const inviteSchema = {
  operationId: 'inviteShareholder',
  tags: ['shareholders'],
  summary: 'Invite a shareholder to the portal (administrator)',
  description:
    'Mails the holder a link to choose a password (single use, valid 30 minutes); sending it ' +
    'again sends a new link. Refused for a holder with no e-mail (409 SHAREHOLDER.NO_EMAIL) or ' +
    'an inactive one (409 SHAREHOLDER.INACTIVE). Answers the profile, whose portal says invited.',
  params: idParams,
  response: {
    200: profileResponse,
    ...errorResponses('SHAREHOLDER.NOT_FOUND', 'SHAREHOLDER.NO_EMAIL', 'SHAREHOLDER.INACTIVE'),
  },
};

/** Invitations to the shareholder portal (issue 25). */
export const inviteRoutes: FastifyPluginAsyncZod<InviteDeps> = async (app, deps) => {
  app.post(ledgerPaths.inviteShareholder, { schema: inviteSchema }, async (request) =>
    inviteShareholder(deps, companyCallerOf(request), {
      holderId: request.params.id,
      requestId: request.id,
    }),
  );
};
