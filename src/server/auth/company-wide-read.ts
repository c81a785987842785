import { seesWholeCompany, type Principal } from '../plugins/access-control';

/**
 * Whether the caller reads the whole company's records (every holder's certificates, say) rather
 * than only their own holder's: an administrator's session (with or without a key, which the
 * access check has already narrowed), a read-only holder's, or an API key alone with `ledger:read`.
 */
export const readsWholeCompany = (principal: Principal): boolean =>
  principal.via === 'api-key'
    ? (principal.apiKey?.scopes.includes('ledger:read') ?? false)
    : seesWholeCompany(principal);
