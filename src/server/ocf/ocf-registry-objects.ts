import { formatAmount, parseSignedAmount } from '../../ledger';
import type {
  OcfSourceClass,
  OcfSourceCompany,
  OcfSourceHolder,
  OcfSourceLine,
} from './ocf-export-source';
import { OCF_LEGEND_ID, ocfIssuerId } from './ocf-ids';

// The issuer, stakeholders, stock classes and the legend template of the OCF export (decision
// 126; the mapping is described in ocf-export-mapping.ts). Pure: rows in, OCF objects out.

export type OcfObject = { object_type: string; id: string; comments?: string[] } & Record<
  string,
  unknown
>;

/** Exact OCF Numeric text of one of our decimal strings: "12.50" (never a float). */
export const ocfNumeric = (decimal: string): string => formatAmount(parseSignedAmount(decimal));

const COUNTRY = /^[A-Z]{2}$/;
const SUBDIVISION = /^[A-Z0-9]{1,3}$/;
// ajv-formats' "email" (full mode), so that every e-mail written validates.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
// OCF's Phone: ITU E.123 international notation, "+1 612 234 2345".
const PHONE = /^\+\d{1,3}\s\d{2,3}\s\d{2,3}\s\d{4}(\s(ext.|extension)\s\d+)?$/;

interface Place {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/**
 * An OCF Address when the country is an ISO 3166-1 alpha-2 code (OCF requires one); the state
 * goes in as the subdivision code when it is one. What does not fit is returned as a comment.
 */
function ocfAddress(type: 'LEGAL' | 'CONTACT', place: Place): { address?: object; lost?: string } {
  const parts = [place.address, place.city, place.state, place.zipCode].map((p) => p.trim());
  const country = place.country.trim().toUpperCase();
  if (parts.every((p) => p === '')) return {};
  const [street, city, state, postal] = parts as [string, string, string, string];
  const subdivision = state.toUpperCase();
  if (!COUNTRY.test(country) || (state !== '' && !SUBDIVISION.test(subdivision))) {
    return { lost: `Address: ${[...parts, place.country.trim()].filter(Boolean).join(', ')}` };
  }
  return {
    address: {
      address_type: type,
      ...(street && { street_suite: street }),
      ...(city && { city }),
      ...(state && { country_subdivision: subdivision }),
      country,
      ...(postal && { postal_code: postal }),
    },
  };
}

/** The day the company was formed, as well as we know it: its record's day or its first line's. */
function formationDate(company: OcfSourceCompany, firstLedgerDate: string | null): string {
  return firstLedgerDate !== null && firstLedgerDate < company.createdOn
    ? firstLedgerDate
    : company.createdOn;
}

export function ocfIssuer(company: OcfSourceCompany, firstLedgerDate: string | null): OcfObject {
  const country = company.country.trim().toUpperCase();
  const { address, lost } = ocfAddress('LEGAL', company);
  const comments = [
    ...(COUNTRY.test(country) ? [] : [`Country: ${company.country} (written as US)`]),
    ...(lost ? [lost] : []),
  ];
  return {
    object_type: 'ISSUER',
    id: ocfIssuerId(company.id),
    legal_name: company.legalName,
    formation_date: formationDate(company, firstLedgerDate),
    country_of_formation: COUNTRY.test(country) ? country : 'US',
    ...(address && { address }),
    comments,
  };
}

/** Contact details OCF can hold: valid e-mails and E.123 phone numbers; the rest as comments. */
function contact(holder: OcfSourceHolder): { info?: object; lost: string[] } {
  const email = holder.email?.trim() ?? '';
  const emails = EMAIL.test(email) ? [{ email_type: 'PERSONAL', email_address: email }] : [];
  const phones = [
    { phone_type: 'HOME', phone_number: holder.phoneNumber.trim() },
    { phone_type: 'MOBILE', phone_number: holder.cellphoneNumber.trim() },
  ].filter((p) => p.phone_number !== '');
  const phoneNumbers = phones.filter((p) => PHONE.test(p.phone_number));
  const lost = [
    ...(email !== '' && emails.length === 0 ? [`E-mail: ${email}`] : []),
    ...phones.filter((p) => !PHONE.test(p.phone_number)).map((p) => `Phone: ${p.phone_number}`),
  ];
  if (emails.length === 0 && phoneNumbers.length === 0) return { lost };
  return {
    info: {
      ...(phoneNumbers.length > 0 && { phone_numbers: phoneNumbers }),
      ...(emails.length > 0 && { emails }),
    },
    lost,
  };
}

export function ocfStakeholder(holder: OcfSourceHolder): OcfObject {
  const institution = holder.holderType === 'entity';
  const legalName = holder.fullName.trim() || holder.name;
  const { info, lost } = contact(holder);
  const { address, lost: lostAddress } = ocfAddress('CONTACT', holder);
  const comments = [
    ...(holder.name !== legalName ? [`Name: ${holder.name}`] : []),
    ...(holder.active ? [] : ['Inactive in the registry']),
    ...lost,
    ...(lostAddress ? [lostAddress] : []),
  ];
  return {
    object_type: 'STAKEHOLDER',
    id: holder.id,
    name: { legal_name: legalName },
    stakeholder_type: institution ? 'INSTITUTION' : 'INDIVIDUAL',
    ...(holder.active && { current_status: 'ACTIVE' }),
    // contact_info for both kinds: OCF's primary_contact needs a contact person's name.
    ...(info && { contact_info: info }),
    ...(address && { addresses: [address] }),
    comments,
  };
}

/**
 * The stakeholders: every holder a transaction of the package names, and every other active
 * holder who is not an administrator or a read-only member (the directory's people), in the
 * order given.
 */
export function ocfStakeholders(
  holders: readonly OcfSourceHolder[],
  lines: readonly OcfSourceLine[],
): OcfObject[] {
  const named = new Set(lines.map((l) => l.holderId));
  return holders
    .filter((h) => named.has(h.id) || (h.active && !h.isAdmin && !h.readOnly))
    .map(ocfStakeholder);
}

/** Common ranks 1, preferred 2 (seniority); one vote per share, which the registry does not record. */
export function ocfStockClass(cls: OcfSourceClass): OcfObject {
  return {
    object_type: 'STOCK_CLASS',
    id: cls.id,
    name: cls.name,
    class_type: cls.classType === 'preferred' ? 'PREFERRED' : 'COMMON',
    default_id_prefix: cls.prefix,
    initial_shares_authorized:
      cls.authorizedShares === null ? 'UNLIMITED' : ocfNumeric(cls.authorizedShares),
    votes_per_share: '1',
    seniority: cls.classType === 'preferred' ? '2' : '1',
    comments: ['Shares authorized: the limit set in the registry at export, not the initial one'],
  };
}

/** The certificate legend as the one template, when the company set one. */
export function ocfLegendTemplates(company: OcfSourceCompany): OcfObject[] {
  if (company.certificateLegend.trim() === '') return [];
  return [
    {
      object_type: 'STOCK_LEGEND_TEMPLATE',
      id: OCF_LEGEND_ID,
      name: 'Certificate legend',
      text: company.certificateLegend,
    },
  ];
}
