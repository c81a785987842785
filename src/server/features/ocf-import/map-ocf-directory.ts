import type { ClassType } from '../../../ledger';
import type { OcfReportItem } from '../../../contract/ocf-import';
import { exactAmount } from './ocf-amount';
import type { OcfItem } from './ocf-package';

// Pure: OCF stakeholders become holders, stock classes our two classes (common and preferred),
// legend templates the company's certificate legend. What has no place is reported by id.

export interface PlannedHolder {
  ocfId: string;
  name: string;
  email: string | null;
  holderType: 'individual' | 'entity';
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  cellphone: string;
  notes: string;
}

export interface PlannedClass {
  ocfId: string;
  classType: ClassType;
  name: string;
  prefix: string;
  authorized: string | null;
}

export interface Directory {
  holders: PlannedHolder[];
  classes: PlannedClass[];
  legend: { ids: string[]; text: string } | null;
  notExpressible: OcfReportItem[];
  invalid: OcfReportItem[];
}

interface Contact {
  emails?: Array<{ email_address?: string }>;
  phone_numbers?: Array<{ phone_type?: string; phone_number?: string }>;
}
interface Address {
  address_type?: string;
  street_suite?: string;
  city?: string;
  country_subdivision?: string;
  country?: string;
  postal_code?: string;
}

const POSTAL_CODE = /^([A-Za-z0-9]([A-Za-z0-9 -]*[A-Za-z0-9])?)?$/;

export function holderOf(item: OcfItem): PlannedHolder {
  const name = (item.name as { legal_name: string }).legal_name.trim();
  const contact = (item.contact_info ?? item.primary_contact ?? {}) as Contact;
  const addresses = (item.addresses ?? []) as Address[];
  const address = addresses.find((a) => a.address_type === 'LEGAL') ?? addresses[0] ?? {};
  const phones = contact.phone_numbers ?? [];
  const postal = (address.postal_code ?? '').trim();
  return {
    ocfId: item.id,
    name,
    email: contact.emails?.[0]?.email_address?.trim() || null,
    holderType: item.stakeholder_type === 'INSTITUTION' ? 'entity' : 'individual',
    address: address.street_suite ?? '',
    city: address.city ?? '',
    state: address.country_subdivision ?? '',
    zip: postal.length <= 12 && POSTAL_CODE.test(postal) ? postal : '',
    country: address.country ?? '',
    phone: phones.find((p) => p.phone_type !== 'MOBILE')?.phone_number ?? '',
    cellphone: phones.find((p) => p.phone_type === 'MOBILE')?.phone_number ?? '',
    notes: ((item.comments ?? []) as string[]).join('\n'),
  };
}

function classOf(item: OcfItem, taken: Set<ClassType>, d: Directory) {
  const report = (list: OcfReportItem[], reason: string) =>
    list.push({ id: item.id, objectType: item.object_type, file: item.file, reason });
  const classType: ClassType = item.class_type === 'PREFERRED' ? 'preferred' : 'common';
  if (taken.has(classType))
    return report(
      d.notExpressible,
      `the registry keeps one ${classType} class; another ${classType} class came first`,
    );
  // A number, or UNLIMITED / NOT_APPLICABLE: the registry keeps no limit then.
  const given = item.initial_shares_authorized;
  const initial = typeof given === 'string' && /^\d/.test(given) ? given : null;
  const authorized = initial === null ? null : exactAmount(initial);
  if (initial !== null && authorized === null)
    return report(d.invalid, `initial_shares_authorized ${initial} has more than 2 decimals`);
  taken.add(classType);
  d.classes.push({
    ocfId: item.id,
    classType,
    name: String(item.name),
    prefix:
      typeof item.default_id_prefix === 'string'
        ? item.default_id_prefix
        : classType === 'common'
          ? 'CS-'
          : 'PS-',
    authorized,
  });
}

/** The holders, classes and legend of a package's items. */
export function mapDirectory(items: readonly OcfItem[]): Directory {
  const d: Directory = { holders: [], classes: [], legend: null, notExpressible: [], invalid: [] };
  const taken = new Set<ClassType>();
  const legends: OcfItem[] = [];
  for (const item of items) {
    if (item.object_type === 'STAKEHOLDER') d.holders.push(holderOf(item));
    else if (item.object_type === 'STOCK_CLASS') classOf(item, taken, d);
    else if (item.object_type === 'STOCK_LEGEND_TEMPLATE') legends.push(item);
  }
  if (legends.length > 0)
    d.legend = {
      ids: legends.map((l) => l.id),
      text: legends.map((l) => String(l.text).trim()).join('\n\n'),
    };
  return d;
}
