import type { Principal } from '../plugins/access-control';

/**
 * Whether the caller reads the whole company's records (every holder's certificates, say) rather
 * than only their own holder's: an administrator's session (with or without a key, which the
 * access check has already narrowed), or an API key alone with `ledger:read`. The one place a
 * read-only role joins them.
 */
export const readsWholeCompany = (principal: Principal): boolean =>
  principal.via === 'api-key'
    ? (principal.apiKey?.scopes.includes('ledger:read') ?? false)
    : principal.role === 'administrator';
