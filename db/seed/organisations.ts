// The demo organisations and their people: the operator, ten organisations in every status with
// users in every role and status, and a pending invitation with its (never mailed) token.
import {
  authTokens,
  companies,
  outboxMails,
  userPreferences,
  users,
  type AccessLevel,
  type ContractType,
  type UserStatus,
} from '../schema';
import { sid, type SeedClock, type SeedInsert, type SeedSecrets } from './context';

type CompanySeed = {
  n: number;
  name: string;
  status: 'PENDING' | 'ACTIVATED' | 'DEACTIVATED';
  support: 'A' | 'B' | 'C' | null;
  manager: string | null;
  city: string;
  country: string;
  users: {
    n: number;
    email: string;
    first: string;
    last: string;
    level: AccessLevel;
    status: UserStatus;
    owner?: boolean;
    locale?: 'de' | 'en';
  }[];
  /** Contract chain: type per status; omitted statuses have none. */
  chain?: { expired?: ContractType; active?: ContractType; upcoming?: ContractType };
};

export const COMPANIES: CompanySeed[] = [
  {
    n: 1,
    name: 'Demo Research GmbH',
    status: 'ACTIVATED',
    support: 'A',
    manager: 'Anna Berger',
    city: 'Wien',
    country: 'AT',
    users: [
      {
        n: 2,
        email: 'admin@example.com',
        first: 'Alexandra',
        last: 'Admin',
        level: 'ADMIN',
        status: 'ACTIVATED',
        owner: true,
      },
      {
        n: 3,
        email: 'employee@example.com',
        first: 'Erik',
        last: 'Employee',
        level: 'EMPLOYEE',
        status: 'ACTIVATED',
        locale: 'en',
      },
      { n: 4, email: 'maria.huber@example.com', first: 'Maria', last: 'Huber', level: 'ADMIN', status: 'ACTIVATED' },
      { n: 5, email: 'jonas.weber@example.com', first: 'Jonas', last: 'Weber', level: 'EMPLOYEE', status: 'PENDING' },
      {
        n: 6,
        email: 'lena.fischer@example.com',
        first: 'Lena',
        last: 'Fischer',
        level: 'EMPLOYEE',
        status: 'NOT_ACTIVATED',
      },
      { n: 7, email: 'paul.bauer@example.com', first: 'Paul', last: 'Bauer', level: 'EMPLOYEE', status: 'DEACTIVATED' },
    ],
    chain: { expired: 'PROFESSIONAL', active: 'ENTERPRISE', upcoming: 'ENTERPRISE' },
  },
  {
    n: 2,
    name: 'Nordlicht Marktforschung GmbH',
    status: 'ACTIVATED',
    support: 'B',
    manager: 'Markus Gruber',
    city: 'Hamburg',
    country: 'DE',
    users: [
      {
        n: 10,
        email: 'owner@nordlicht.example.com',
        first: 'Nina',
        last: 'Nordmann',
        level: 'ADMIN',
        status: 'ACTIVATED',
        owner: true,
      },
      {
        n: 11,
        email: 'team@nordlicht.example.com',
        first: 'Tom',
        last: 'Tiedemann',
        level: 'EMPLOYEE',
        status: 'ACTIVATED',
      },
    ],
    chain: { expired: 'TEST', active: 'STARTER', upcoming: 'PROFESSIONAL' },
  },
  {
    n: 3,
    name: 'Alpen Insights AG',
    status: 'ACTIVATED',
    support: 'A',
    manager: 'Sophie Wagner',
    city: 'Zürich',
    country: 'CH',
    users: [
      {
        n: 12,
        email: 'owner@alpen.example.com',
        first: 'Urs',
        last: 'Ammann',
        level: 'ADMIN',
        status: 'ACTIVATED',
        owner: true,
        locale: 'en',
      },
    ],
    chain: { expired: 'ENTERPRISE', active: 'CUSTOM', upcoming: 'CUSTOM' },
  },
  {
    n: 4,
    name: 'Danube Data KG',
    status: 'ACTIVATED',
    support: 'C',
    manager: 'Markus Gruber',
    city: 'Linz',
    country: 'AT',
    users: [
      {
        n: 13,
        email: 'owner@danube.example.com',
        first: 'Doris',
        last: 'Donau',
        level: 'ADMIN',
        status: 'ACTIVATED',
        owner: true,
      },
    ],
    chain: { expired: 'CUSTOM', active: 'TEST', upcoming: 'STARTER' },
  },
  {
    n: 5,
    name: 'Rheinland Research GmbH',
    status: 'ACTIVATED',
    support: 'B',
    manager: 'Anna Berger',
    city: 'Köln',
    country: 'DE',
    users: [
      {
        n: 14,
        email: 'owner@rheinland.example.com',
        first: 'Ralf',
        last: 'Rhein',
        level: 'ADMIN',
        status: 'ACTIVATED',
        owner: true,
      },
    ],
    chain: { expired: 'STARTER', active: 'PROFESSIONAL', upcoming: 'TEST' },
  },
  {
    n: 6,
    name: 'Vienna Panel Services',
    status: 'DEACTIVATED',
    support: 'C',
    manager: 'Sophie Wagner',
    city: 'Wien',
    country: 'AT',
    users: [
      {
        n: 15,
        email: 'owner@viennapanel.example.com',
        first: 'Viktor',
        last: 'Vogel',
        level: 'ADMIN',
        status: 'ACTIVATED',
        owner: true,
      },
    ],
    chain: { expired: 'STARTER' },
  },
  {
    n: 7,
    name: 'Old Town Analytics',
    status: 'DEACTIVATED',
    support: null,
    manager: null,
    city: 'Graz',
    country: 'AT',
    users: [
      {
        n: 16,
        email: 'owner@oldtown.example.com',
        first: 'Olga',
        last: 'Ott',
        level: 'ADMIN',
        status: 'DEACTIVATED',
        owner: true,
      },
    ],
  },
  {
    n: 8,
    name: 'Quantum Surveys',
    status: 'PENDING',
    support: null,
    manager: null,
    city: 'München',
    country: 'DE',
    users: [
      {
        n: 17,
        email: 'owner@quantum.example.com',
        first: 'Quirin',
        last: 'Quast',
        level: 'ADMIN',
        status: 'NOT_ACTIVATED',
        owner: true,
      },
    ],
  },
  {
    n: 9,
    name: 'Blue Fox Research',
    status: 'PENDING',
    support: null,
    manager: null,
    city: 'Berlin',
    country: 'DE',
    users: [
      {
        n: 18,
        email: 'owner@bluefox.example.com',
        first: 'Bianca',
        last: 'Fuchs',
        level: 'ADMIN',
        status: 'ACTIVATED',
        owner: true,
        locale: 'en',
      },
    ],
  },
  {
    n: 10,
    name: 'Lakeside Studies Ltd',
    status: 'PENDING',
    support: null,
    manager: null,
    city: 'Bregenz',
    country: 'AT',
    users: [
      {
        n: 19,
        email: 'owner@lakeside.example.com',
        first: 'Lukas',
        last: 'See',
        level: 'ADMIN',
        status: 'ACTIVATED',
        owner: true,
      },
    ],
  },
];

/** Writes the operator, the organisations with their users and preferences, and the pending invitation. */
export async function seedOrganisations(
  insert: SeedInsert,
  { nowIso, ago }: SeedClock,
  secrets: SeedSecrets,
  passwordHash: string,
): Promise<void> {
  const userRow = (
    u:
      | CompanySeed['users'][number]
      | {
          n: number;
          email: string;
          first: string;
          last: string;
          level: AccessLevel;
          status: UserStatus;
          locale?: 'de' | 'en';
        },
    companyId: string | null,
    createdDaysAgo: number,
  ) => ({
    id: sid('b', u.n),
    companyId,
    email: u.email,
    firstName: u.first,
    lastName: u.last,
    passwordHash: u.status === 'PENDING' ? null : passwordHash,
    accessLevel: u.level,
    status: u.status,
    locale: u.locale ?? 'de',
    hasAcceptedTerms: true,
    hasConfirmedEmail: u.status === 'ACTIVATED' || u.status === 'DEACTIVATED',
    // Demo accounts have seen the get-started modal; the employee still gets it, to show it.
    watchGetStarted: u.email !== 'employee@example.com',
    nextNpsDate: ago(-30),
    createdAt: ago(createdDaysAgo),
    updatedAt: nowIso,
  });

  await insert(users, [
    userRow(
      {
        n: 1,
        email: 'superadmin@example.com',
        first: 'Sarah',
        last: 'Operator',
        level: 'SUPER_ADMIN',
        status: 'ACTIVATED',
      },
      null,
      800,
    ),
  ]);

  for (const c of COMPANIES) {
    const companyId = sid('c', c.n);
    const owner = c.users.find((u) => u.owner)!;
    await insert(companies, [
      {
        id: companyId,
        name: c.name,
        legalName: c.status === 'PENDING' ? null : c.name,
        vatNumber: c.status === 'PENDING' ? null : `ATU${String(10_000_000 + c.n * 7919).slice(0, 8)}`,
        accountManager: c.manager,
        supportLevel: c.support,
        status: c.status,
        ownerId: sid('b', owner.n),
        street: `Hauptstraße ${c.n}`,
        postalCode: String(1000 + c.n * 10),
        city: c.city,
        country: c.country,
        packageId: c.status === 'PENDING' ? null : sid('a', 2),
        numberOfEmployees: c.users.length,
        activatedAt: c.status === 'PENDING' ? null : ago(500 - c.n),
        deactivatedAt: c.status === 'DEACTIVATED' ? ago(20) : null,
        createdAt: c.status === 'PENDING' ? ago(c.n - 7) : ago(520 - c.n),
        updatedAt: nowIso,
        comment: c.n === 1 ? 'Key account; renewal talks in Q1.' : null,
      },
    ]);
    await insert(
      users,
      c.users.map((u, i) => userRow(u, companyId, 500 - i * 30)),
    );
    await insert(
      userPreferences,
      c.users.map((u) => ({ id: sid('d', u.n), userId: sid('b', u.n) })),
    );
  }

  // A pending invitation (user 5) with a live, never-mailed token.
  await insert(authTokens, [
    {
      id: sid('e', 1),
      tokenHash: secrets.hashToken('demo-invitation-token'),
      userId: sid('b', 5),
      purpose: 'INVITATION',
      createdAt: ago(1),
      expiresAt: ago(-2),
    },
  ]);
  await insert(outboxMails, [
    {
      id: sid('f', 1),
      to: 'jonas.weber@example.com',
      locale: 'de',
      template: 'invitation',
      subject: 'Sie wurden zu Demo Research GmbH eingeladen',
      text: '(seeded)',
      html: '<p>(seeded)</p>',
      status: 'SENT',
      attempts: 1,
      createdAt: ago(1),
      sentAt: ago(1),
    },
  ]);
}
