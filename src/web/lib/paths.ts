import { webRoutes } from '../../contract/web-routes';

/** A holder's balance and statement: /view?SH_UID=. */
export const statementPath = (holderId: string) =>
  `${webRoutes.view}?SH_UID=${encodeURIComponent(holderId)}`;

/** A holder's contact details: /profile?SH_UID=. */
export const profilePath = (holderId: string) =>
  `${webRoutes.profile}?SH_UID=${encodeURIComponent(holderId)}`;

/** A certificate's page: /certificates/:id. */
export const certificatePath = (id: string) =>
  `${webRoutes.certificates}/${encodeURIComponent(id)}`;
