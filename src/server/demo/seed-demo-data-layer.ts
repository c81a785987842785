import type { Db } from '../db/database';
import {
  dataAccount,
  dataContact,
  dataLead,
  dataOrder,
  dataPet,
  dataProduct,
  dataProductLine,
  dataTenant,
  dataVisit,
} from '../db/data-schema';

// The demo's generic data layer (/api/v1/mysql): two tenants of the demo company, a veterinary
// clinic and a pet-supply shop, with a few records of each entity in several states, and
// orders spread over the last months so the dashboard shows something.

interface DemoTenant {
  key: string;
  name: string;
  businessType: string;
  status: 'active' | 'trial';
  tier: string;
  accounts: Array<[name: string, type: 'customer' | 'prospect', industry: string, revenue: string]>;
  contacts: Array<[first: string, last: string, email: string]>;
  lines: string[];
  products: Array<[name: string, sku: string, price: string, stock: number, min: number]>;
  pets: Array<[name: string, species: string, breed: string]>;
}

const TENANTS: DemoTenant[] = [
  {
    key: 'happy-paws',
    name: 'Happy Paws Veterinary',
    businessType: 'veterinary',
    status: 'active',
    tier: 'professional',
    accounts: [
      ['Riverside Kennel Club', 'customer', 'Animal care', '250000.00'],
      ['Green Valley Farm', 'prospect', 'Agriculture', '1200000.00'],
    ],
    contacts: [
      ['Maya', 'Lopez', 'maya.lopez@example.test'],
      ['Tom', 'Becker', 'tom.becker@example.test'],
      ['Priya', 'Nair', 'priya.nair@example.test'],
    ],
    lines: ['Medication', 'Nutrition'],
    products: [
      ['Flea & tick chews', 'HP-FT-01', '34.99', 40, 10],
      ['Joint supplement', 'HP-JS-02', '27.50', 3, 5],
      ['Renal diet 4 kg', 'HP-RD-03', '58.00', 12, 4],
    ],
    pets: [
      ['Biscuit', 'dog', 'Beagle'],
      ['Miso', 'cat', 'Siamese'],
    ],
  },
  {
    key: 'northwind-pets',
    name: 'Northwind Pet Supplies',
    businessType: 'retail',
    status: 'trial',
    tier: 'starter',
    accounts: [
      ['Harbor Grooming', 'customer', 'Grooming', '180000.00'],
      ['City Animal Shelter', 'prospect', 'Non-profit', '90000.00'],
    ],
    contacts: [
      ['Leo', 'Fischer', 'leo.fischer@example.test'],
      ['Ana', 'Costa', 'ana.costa@example.test'],
      ['Sam', 'Okafor', 'sam.okafor@example.test'],
    ],
    lines: ['Toys', 'Bedding'],
    products: [
      ['Rope tug toy', 'NW-TOY-01', '9.99', 120, 20],
      ['Orthopedic bed L', 'NW-BED-02', '89.00', 2, 3],
      ['Cat tunnel', 'NW-TOY-03', '24.50', 15, 5],
    ],
    pets: [
      ['Pepper', 'dog', 'Border Collie'],
      ['Olive', 'rabbit', 'Holland Lop'],
    ],
  },
];

/** YYYY-MM-DD of `days` before `today`. */
const daysBefore = (today: Date, days: number) =>
  new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);

async function seedTenant(db: Db, organizationId: string, d: DemoTenant) {
  const [tenant] = await db
    .insert(dataTenant)
    .values({
      organizationId,
      tenantKey: d.key,
      name: d.name,
      businessType: d.businessType,
      status: d.status,
      subscriptionTier: d.tier,
    })
    .returning({ id: dataTenant.id });
  const own = { organizationId, tenantId: tenant!.id };
  const accounts = await db
    .insert(dataAccount)
    .values(
      d.accounts.map(([name, accountType, industry, annualRevenue], i) => ({
        ...own,
        name,
        accountType,
        industry,
        annualRevenue,
        employeeCount: 12 + i * 30,
      })),
    )
    .returning({ id: dataAccount.id });
  const contacts = await db
    .insert(dataContact)
    .values(
      d.contacts.map(([firstName, lastName, email], i) => ({
        ...own,
        accountId: accounts[i % accounts.length]!.id,
        firstName,
        lastName,
        email,
        phone: `555-01${i}${i}`,
        preferredContactMethod: i === 1 ? 'phone' : 'email',
        status: i === 2 ? 'do_not_contact' : 'active',
      })),
    )
    .returning({ id: dataContact.id });
  return { own, accounts, contacts };
}

async function seedSales(
  db: Db,
  d: DemoTenant,
  base: Awaited<ReturnType<typeof seedTenant>>,
  today: Date,
) {
  const { own, accounts, contacts } = base;
  await db.insert(dataLead).values(
    (['new', 'qualified', 'negotiation', 'closed_won'] as const).map((status, i) => ({
      ...own,
      status,
      contactId: contacts[i % contacts.length]!.id,
      accountId: accounts[i % accounts.length]!.id,
      source: ['website', 'referral', 'trade show', 'email'][i],
      value: String(1500 * (i + 1)),
      assignedTo: 'Dana Admin',
      expectedCloseDate: daysBefore(today, -30 * (i + 1)),
    })),
  );
  const lines = await db
    .insert(dataProductLine)
    .values(d.lines.map((name) => ({ ...own, name })))
    .returning({ id: dataProductLine.id });
  await db.insert(dataProduct).values(
    d.products.map(([name, sku, price, currentStock, minStockLevel], i) => ({
      ...own,
      productLineId: lines[i % lines.length]!.id,
      name,
      sku,
      price,
      cost: (Number(price) / 2).toFixed(2),
      currentStock,
      minStockLevel,
    })),
  );
  const statuses = ['delivered', 'shipped', 'confirmed', 'pending', 'cancelled'] as const;
  await db.insert(dataOrder).values(
    statuses.map((status, i) => ({
      ...own,
      accountId: accounts[i % accounts.length]!.id,
      contactId: contacts[i % contacts.length]!.id,
      orderNumber: `${d.key.slice(0, 2).toUpperCase()}-${1001 + i}`,
      status,
      paymentStatus: i < 2 ? 'paid' : 'pending',
      totalAmount: (120 + i * 45.5).toFixed(2),
      orderDate: daysBefore(today, 25 * (statuses.length - i)),
      shipDate: i < 2 ? daysBefore(today, 25 * (statuses.length - i) - 2) : null,
      deliveryDate: i === 0 ? daysBefore(today, 25 * statuses.length - 5) : null,
    })),
  );
}

async function seedClinic(
  db: Db,
  d: DemoTenant,
  base: Awaited<ReturnType<typeof seedTenant>>,
  today: Date,
) {
  const { own, contacts } = base;
  const pets = await db
    .insert(dataPet)
    .values(
      d.pets.map(([name, species, breed], i) => ({
        ...own,
        ownerContactId: contacts[i]!.id,
        name,
        species,
        breed,
        birthDate: daysBefore(today, 365 * (i + 2)),
        weight: i === 0 ? '11.40' : '4.20',
        medicalNotes: `[${today.toISOString()}] Annual check-up: healthy.`,
      })),
    )
    .returning({ id: dataPet.id });
  await db.insert(dataVisit).values(
    (['completed', 'scheduled', 'no_show'] as const).map((status, i) => ({
      ...own,
      contactId: contacts[i % pets.length]!.id,
      petId: pets[i % pets.length]!.id,
      visitType: ['check-up', 'vaccination', 'dental'][i],
      visitDate: daysBefore(today, 10 - i * 10),
      status,
      chiefComplaint: i === 0 ? 'Itching' : null,
      diagnosis: i === 0 ? 'Mild dermatitis' : null,
      treatment: i === 0 ? 'Medicated shampoo' : null,
      totalCost: i === 0 ? '85.00' : null,
    })),
  );
}

/** The demo tenants and their records, for the demo organization (an empty database only). */
export async function seedDemoDataLayer(
  db: Db,
  organizationId: string,
  today: Date = new Date(),
): Promise<{ tenants: number }> {
  for (const d of TENANTS) {
    const base = await seedTenant(db, organizationId, d);
    await seedSales(db, d, base, today);
    await seedClinic(db, d, base, today);
  }
  return { tenants: TENANTS.length };
}
