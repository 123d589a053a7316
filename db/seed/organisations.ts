import { count } from 'drizzle-orm';
import { addDays, oneYearEnd, viennaDate } from './domain/calendar';
import type { Db } from './client';
import {
  authTokens,
  companies,
  contracts,
  creditPlans,
  creditTransactions,
  datafileCharges,
  datafileContributors,
  datafiles,
  jobs,
  notifications,
  outboxMails,
  packages,
  userPreferences,
  users,
  type AccessLevel,
  type ContractType,
  type CreditPlanCategory,
  type CreditPlanRole,
  type UserStatus,
} from './schema';

/** What the seed needs from the app (db/ imports nothing from api/): password hashing and API keys. */
export type SeedSecrets = {
  hashPassword: (password: string) => Promise<string>;
  newMagicKey: () => { magicKeyHash: string; magicKeySealed: string };
  /** Hash of a mail-link token, so the seeded pending invitation has a (never mailed) token. */
  hashToken: (token: string) => string;
};

export const DEMO_PASSWORD = 'Demo-1234';
export const DEMO_COMPANY_ID = '00000000-0000-4000-8000-000000000c01';

/** Fixed ids keep the demo data deterministic and the seed idempotent. */
const sid = (kind: string, n: number) => `00000000-0000-4000-8000-${kind}${String(n).padStart(12 - kind.length, '0')}`;

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

const COMPANIES: CompanySeed[] = [
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

const PACKAGES = [
  { n: 1, name: 'Starter', type: 'STARTER', credits: 10_000, price: 12 },
  { n: 2, name: 'Professional', type: 'PROFESSIONAL', credits: 50_000, price: 10 },
  { n: 3, name: 'Enterprise', type: 'ENTERPRISE', credits: 200_000, price: 8 },
  { n: 4, name: 'Custom', type: 'CUSTOM', credits: 100_000, price: 9 },
  { n: 5, name: 'Test', type: 'TEST', credits: 1_000, price: 0 },
] as const;

const CREDITS: Record<ContractType, number> = {
  STARTER: 10_000,
  PROFESSIONAL: 50_000,
  ENTERPRISE: 200_000,
  CUSTOM: 100_000,
  TEST: 1_000,
};
const PRICE: Record<ContractType, number> = { STARTER: 12, PROFESSIONAL: 10, ENTERPRISE: 8, CUSTOM: 9, TEST: 0 };

/**
 * Demo data for a new database: the three demo accounts, ten organisations in every status,
 * contracts of every type in every status, plans of every category (with pay-as-usage backups),
 * ledger rows of every type that add up, users in every role and status, datafiles and
 * notifications. Dates are relative to `now` (Vienna), so statuses hold on any day.
 * Returns false when the database already has users (then nothing is written).
 */
export async function seedDemoData(
  db: Db,
  secrets: SeedSecrets,
  options: { now?: Date; onlyIfEmpty?: boolean } = {},
): Promise<boolean> {
  const existing = await db.select({ n: count() }).from(users).get();
  if (options.onlyIfEmpty !== false && (existing?.n ?? 0) > 0) return false;
  const now = options.now ?? new Date();
  const nowIso = now.toISOString();
  const today = viennaDate(now);
  const passwordHash = await secrets.hashPassword(DEMO_PASSWORD);
  const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  await db.transaction(async (tx) => {
    const insert = async <T>(table: Parameters<typeof tx.insert>[0], rows: T[]) => {
      if (rows.length)
        await tx
          .insert(table)
          .values(rows as never)
          .onConflictDoNothing();
    };

    await insert(
      packages,
      PACKAGES.map((p) => ({
        id: sid('a', p.n),
        name: p.name,
        duration: 365,
        numberOfCredits: p.credits,
        pricePerCredit: p.price,
        numberOfUsers: p.type === 'ENTERPRISE' ? 50 : 10,
        pricePerCreditMonth: p.price + 2,
        pricePerCreditYear: p.price,
        pricePerCreditOther: p.price + 1,
        packageType: p.type,
      })),
    );

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
      ...secrets.newMagicKey(),
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

    // Contracts and their primary plans: expired -> active -> upcoming, without gaps or overlaps.
    const ledger: (typeof creditTransactions.$inferInsert)[] = [];
    let txn = 0;
    const plans: (typeof creditPlans.$inferInsert)[] = [];
    const addPlan = (p: {
      n: number;
      companyId: string;
      contractId: string | null;
      role: CreditPlanRole;
      category: CreditPlanCategory;
      planType: ContractType;
      name: string;
      from: string;
      until: string | null;
      received: number;
      price: number;
      createdDaysAgo: number;
      invoice?: string;
    }) => {
      plans.push({
        id: sid('9', p.n),
        companyId: p.companyId,
        contractId: p.contractId,
        role: p.role,
        category: p.category,
        planType: p.planType,
        name: p.name,
        validFrom: p.from,
        validUntil: p.until,
        received: p.category === 'PAY_AS_USAGE' ? 0 : p.received,
        balance: 0,
        pricePerCredit: p.price,
        paymentAmount: p.category === 'PAY_AS_USAGE' ? 0 : p.received * p.price,
        invoiceNumber: p.invoice ?? null,
        invoiceUrl: null,
        createdAt: ago(p.createdDaysAgo),
        createdBy: sid('b', 1),
      });
      if (p.category !== 'PAY_AS_USAGE')
        entry(sid('9', p.n), p.companyId, 'RECEIVED', p.received, {
          description: `Credits received: ${p.name}`,
          daysAgo: p.createdDaysAgo,
        });
      return sid('9', p.n);
    };
    /** Appends a ledger row and keeps the plan's balance (and a pay-as-usage plan's usage) in step. */
    function entry(
      planId: string,
      companyId: string,
      type: 'RECEIVED' | 'USED' | 'EXPIRED' | 'REFUND',
      amount: number,
      o: { description: string; daysAgo: number; datafileId?: string; chargeId?: string; reverses?: string },
    ) {
      const plan = plans.find((x) => x.id === planId)!;
      const delta = type === 'RECEIVED' || type === 'REFUND' ? amount : -amount;
      plan.balance = (plan.balance ?? 0) + delta;
      if (plan.category === 'PAY_AS_USAGE') plan.received = (plan.received ?? 0) - delta;
      const id = sid('7', ++txn);
      const at = new Date(now.getTime() - o.daysAgo * 86_400_000);
      ledger.push({
        id,
        companyId,
        creditPlanId: planId,
        type,
        amount,
        delta,
        chargeId: o.chargeId ?? null,
        datafileId: o.datafileId ?? null,
        reversedTransactionId: o.reverses ?? null,
        operationId: `seed-op-${txn}`,
        idempotencyKey: `seed:${txn}`,
        pricePerCredit: plan.pricePerCredit,
        description: o.description,
        occurredAt: at.toISOString(),
        occurredDate: viennaDate(at),
        actorId: sid('b', 1),
        reason: null,
      });
      return id;
    }

    const contractRows: (typeof contracts.$inferInsert)[] = [];
    const primaryOf = new Map<string, string>();
    let contractN = 0;
    let planN = 0;
    const durationEnd = (type: ContractType, start: string) =>
      type === 'TEST' ? addDays(start, 29) : type === 'CUSTOM' ? addDays(start, 179) : oneYearEnd(start);
    for (const c of COMPANIES) {
      if (!c.chain) continue;
      const companyId = sid('c', c.n);
      const activeType = c.chain.active;
      // Active contracts started 100 days ago (a TEST one 10 days ago, so it expires within 30 days).
      const activeStart = activeType === 'TEST' ? addDays(today, -10) : addDays(today, -100);
      const slots: { status: 'EXPIRED' | 'ACTIVE' | 'UPCOMING'; type: ContractType; start: string; end: string }[] = [];
      if (activeType)
        slots.push({
          status: 'ACTIVE',
          type: activeType,
          start: activeStart,
          end: durationEnd(activeType, activeStart),
        });
      if (c.chain.expired) {
        const end = activeType ? addDays(activeStart, -1) : addDays(today, -40);
        let start =
          c.chain.expired === 'TEST'
            ? addDays(end, -29)
            : c.chain.expired === 'CUSTOM'
              ? addDays(end, -179)
              : addDays(end, -364);
        if (durationEnd(c.chain.expired, start) !== end) start = addDays(end, -365);
        slots.unshift({
          status: 'EXPIRED',
          type: c.chain.expired,
          start,
          end: c.chain.expired === 'TEST' || c.chain.expired === 'CUSTOM' ? end : durationEnd(c.chain.expired, start),
        });
      }
      if (c.chain.upcoming && activeType) {
        const start = addDays(slots.find((s) => s.status === 'ACTIVE')!.end, 1);
        slots.push({ status: 'UPCOMING', type: c.chain.upcoming, start, end: durationEnd(c.chain.upcoming, start) });
      }
      for (const s of slots) {
        const contractId = sid('8', ++contractN);
        const category: CreditPlanCategory =
          s.type === 'CUSTOM' ? (s.status === 'ACTIVE' ? 'PAY_AS_USAGE' : 'EXPIRING') : 'EXPIRING';
        const createdDaysAgo = Math.max(
          1,
          Math.round((now.getTime() - Date.parse(`${s.start}T00:00:00Z`)) / 86_400_000) + 5,
        );
        const planId = addPlan({
          n: ++planN,
          companyId,
          contractId,
          role: 'PRIMARY',
          category,
          planType: s.type,
          name: `${s.type[0]}${s.type.slice(1).toLowerCase()} ${s.start.slice(0, 4)}`,
          from: s.start,
          until: s.end,
          received: CREDITS[s.type],
          price: PRICE[s.type],
          createdDaysAgo: s.status === 'UPCOMING' ? 3 : createdDaysAgo,
          invoice: s.type === 'TEST' ? undefined : `INV-${s.start.slice(0, 4)}-${String(contractN).padStart(4, '0')}`,
        });
        primaryOf.set(contractId, planId);
        contractRows.push({
          id: contractId,
          companyId,
          type: s.type,
          name: `REF-${c.n}-${s.start.slice(0, 4)}-${contractN}`,
          startDate: s.start,
          endDate: s.end,
          autoRenew: s.type !== 'TEST' && s.type !== 'CUSTOM' && s.status !== 'EXPIRED',
          primaryCreditPlanId: planId,
          backupCreditPlanId: null,
          createdAt: ago(s.status === 'UPCOMING' ? 3 : createdDaysAgo),
          createdBy: sid('b', 1),
        });
        if (s.status === 'ACTIVE' && category !== 'PAY_AS_USAGE' && (c.n === 1 || c.n === 2 || c.n === 5)) {
          const backupId = addPlan({
            n: ++planN,
            companyId,
            contractId,
            role: 'BACKUP',
            category: 'PAY_AS_USAGE',
            planType: s.type,
            name: 'Pay as usage backup',
            from: s.start,
            until: s.end,
            received: 0,
            price: PRICE[s.type] + 3,
            createdDaysAgo: createdDaysAgo,
          });
          contractRows[contractRows.length - 1]!.backupCreditPlanId = backupId;
        }
      }
    }

    // Secondary plans of the demo company: active expiring, upcoming, expired (with its EXPIRED row), non-expiring.
    const demo = sid('c', 1);
    const secActive = addPlan({
      n: 50,
      companyId: demo,
      contractId: null,
      role: 'SECONDARY',
      category: 'EXPIRING',
      planType: 'ENTERPRISE',
      name: 'Top-up autumn',
      from: addDays(today, -30),
      until: addDays(today, 60),
      received: 5_000,
      price: 9,
      createdDaysAgo: 30,
      invoice: 'INV-TOPUP-0050',
    });
    addPlan({
      n: 51,
      companyId: demo,
      contractId: null,
      role: 'SECONDARY',
      category: 'EXPIRING',
      planType: 'ENTERPRISE',
      name: 'Top-up next quarter',
      from: addDays(today, 10),
      until: addDays(today, 100),
      received: 3_000,
      price: 9,
      createdDaysAgo: 2,
    });
    const secExpired = addPlan({
      n: 52,
      companyId: demo,
      contractId: null,
      role: 'SECONDARY',
      category: 'EXPIRING',
      planType: 'PROFESSIONAL',
      name: 'Top-up spring',
      from: addDays(today, -200),
      until: addDays(today, -120),
      received: 2_000,
      price: 10,
      createdDaysAgo: 200,
    });
    addPlan({
      n: 53,
      companyId: sid('c', 3),
      contractId: null,
      role: 'SECONDARY',
      category: 'NON_EXPIRING',
      planType: 'CUSTOM',
      name: 'Research grant credits',
      from: addDays(today, -60),
      until: null,
      received: 20_000,
      price: 7,
      createdDaysAgo: 60,
    });

    // Datafiles with charges: the demo company's files draw from its active primary plan.
    const dfRows: (typeof datafiles.$inferInsert)[] = [];
    const charges: (typeof datafileCharges.$inferInsert)[] = [];
    const addDatafile = (
      n: number,
      companyN: number,
      ownerN: number,
      title: string,
      importType: 'MANUAL' | 'LIVE',
      status: 'DRAFT' | 'READY',
      records: number,
      daysAgo: number,
    ) => {
      dfRows.push({
        id: sid('6', n),
        companyId: sid('c', companyN),
        ownerId: sid('b', ownerN),
        title,
        importType,
        status,
        datafileKey: status === 'DRAFT' ? null : `uploads/${sid('6', n)}.xlsx`,
        secretKey: importType === 'LIVE' ? `live_${n}_demo` : null,
        numberOfRecords: records,
        numberOfCleanedRecords: Math.round(records * 0.86),
        numberOfQualityScores: status === 'DRAFT' ? 0 : records * 4,
        includeTimestamp: true,
        includeItemBattery: true,
        includeOES: importType === 'MANUAL',
        certificateLevel: status === 'DRAFT' ? null : 2,
        isCleaned: status === 'READY',
        metadata: { headerRow: 1, dataRecordStartRow: 2, dataRecordIdColumn: 'respondent_id', missingValues: ['-999'] },
        createdAt: ago(daysAgo),
        updatedAt: ago(daysAgo),
      });
      return sid('6', n);
    };
    const activePrimary = (companyN: number) =>
      plans.find(
        (p) =>
          p.companyId === sid('c', companyN) &&
          p.role === 'PRIMARY' &&
          p.validFrom! <= today &&
          (p.validUntil ?? '9999') >= today,
      )!.id!;
    /** One charge event of a datafile, drawn from one or more plans (one USED row per plan touched). */
    const charge = (
      datafileId: string,
      companyN: number,
      allocations: [string, number][],
      interviews: number,
      kind: 'UPLOAD' | 'UPDATE',
      daysAgo: number,
      rev: number,
    ) => {
      const chargeId = sid('5', charges.length + 1);
      const credits = allocations.reduce((sum, [, n]) => sum + n, 0);
      charges.push({
        id: chargeId,
        companyId: sid('c', companyN),
        datafileId,
        kind,
        idempotencyKey: `upload:${datafileId}:${rev}`,
        requestHash: `seed-${rev}`,
        interviews,
        credits,
        operationId: `seed-charge-${charges.length + 1}`,
        actorId: sid('b', 2),
        createdAt: ago(daysAgo),
      });
      return allocations.map(([planId, n]) =>
        entry(planId, sid('c', companyN), 'USED', n, {
          description: kind === 'UPLOAD' ? 'Datafile upload' : 'Datafile update',
          daysAgo,
          datafileId,
          chargeId,
        }),
      )[0]!;
    };
    const d1 = addDatafile(1, 1, 2, 'Brand Tracker Q3 2026', 'MANUAL', 'READY', 1_200, 40);
    const d2 = addDatafile(2, 1, 3, 'Customer Satisfaction Panel', 'LIVE', 'READY', 640, 12);
    addDatafile(3, 1, 3, 'Employee Pulse (draft)', 'MANUAL', 'DRAFT', 0, 1);
    const d4 = addDatafile(4, 1, 4, 'Ad Concept Test', 'MANUAL', 'READY', 350, 0);
    const d5 = addDatafile(5, 2, 10, 'Mobility Study 2026', 'MANUAL', 'READY', 2_000, 15);
    const p1 = activePrimary(1);
    // The top-up expires first, so the drawdown spends it before the contract's plan.
    charge(
      d1,
      1,
      [
        [secActive, 5_000],
        [p1, 3_400],
      ],
      1_200,
      'UPLOAD',
      40,
      0,
    );
    const usedUpdate = charge(d1, 1, [[p1, 1_150]], 1_200, 'UPDATE', 20, 1);
    charge(d1, 1, [[p1, 900]], 1_200, 'UPDATE', 5, 2);
    charge(d2, 1, [[p1, 4_480]], 640, 'UPLOAD', 12, 0);
    charge(d4, 1, [[p1, 2_450]], 350, 'UPLOAD', 0, 0);
    entry(p1, demo, 'REFUND', 1_150, {
      description: 'Refund: duplicate update',
      daysAgo: 19,
      datafileId: d1,
      reverses: usedUpdate,
    });
    entry(secExpired, demo, 'USED', 500, { description: 'Datafile upload', daysAgo: 150 });
    entry(secExpired, demo, 'EXPIRED', plans.find((p) => p.id === secExpired)!.balance!, {
      description: 'Credits expired',
      daysAgo: 119,
    });
    // Expired primary plans hand their rest to EXPIRED rows, as the calendar job would.
    for (const p of plans) {
      if (
        p.role === 'PRIMARY' &&
        p.validUntil &&
        p.validUntil < today &&
        p.category !== 'PAY_AS_USAGE' &&
        (p.balance ?? 0) > 0
      ) {
        entry(p.id!, p.companyId, 'EXPIRED', p.balance!, {
          description: 'Credits expired',
          daysAgo: Math.max(1, Math.round((now.getTime() - Date.parse(`${p.validUntil}T00:00:00Z`)) / 86_400_000) - 1),
        });
      }
    }
    // Nordlicht has used most of its STARTER credits (low balance) and then some on its pay-as-usage backup.
    const p2 = activePrimary(2);
    charge(d5, 2, [[p2, 8_000]], 2_000, 'UPLOAD', 15, 0);
    const backup2 = plans.find((p) => p.companyId === sid('c', 2) && p.role === 'BACKUP')!;
    // The update needed 3,200: the last 2,000 prepaid credits, then 1,200 from the backup plan.
    charge(
      d5,
      2,
      [
        [p2, 2_000],
        [backup2.id!, 1_200],
      ],
      2_000,
      'UPDATE',
      3,
      1,
    );
    backup2.activatedAt = ago(3);
    // Alpen's pay-as-usage primary: usage this quarter.
    const alpenPayg = activePrimary(3);
    const d6 = addDatafile(6, 3, 12, 'Tourism Barometer', 'LIVE', 'READY', 900, 8);
    charge(d6, 3, [[alpenPayg, 6_300]], 900, 'UPLOAD', 8, 0);

    await insert(contracts, contractRows);
    await insert(creditPlans, plans);
    await insert(datafiles, dfRows);
    await insert(datafileContributors, [{ datafileId: d1, userId: sid('b', 3), createdAt: ago(30) }]);
    await insert(datafileCharges, charges);
    await insert(creditTransactions, ledger);

    const note = (
      n: number,
      userN: number,
      type: 'UPLOAD_FINISHED' | 'UPLOAD_ERROR' | 'UPDATE_FINISHED' | 'UPDATE_ERROR' | 'GENERIC',
      title: string,
      description: string,
      url: string | null,
      read: boolean,
      daysAgo: number,
    ) => ({
      id: sid('4', n),
      userId: sid('b', userN),
      companyId: userN === 1 ? null : sid('c', 1),
      type,
      title,
      description,
      url,
      readAt: read ? ago(daysAgo - 0.5) : null,
      createdAt: ago(daysAgo),
    });
    await insert(notifications, [
      note(
        1,
        2,
        'UPLOAD_FINISHED',
        'Upload abgeschlossen',
        'Ad Concept Test wurde verarbeitet.',
        `/datafile-result?datafileId=${d4}`,
        false,
        0.1,
      ),
      note(
        2,
        2,
        'UPDATE_ERROR',
        'Aktualisierung fehlgeschlagen',
        'Brand Tracker Q3 2026 konnte nicht aktualisiert werden.',
        `/datafile-result?datafileId=${d1}`,
        false,
        2,
      ),
      note(
        3,
        2,
        'UPLOAD_FINISHED',
        'Upload abgeschlossen',
        'Brand Tracker Q3 2026 wurde verarbeitet.',
        `/datafile-result?datafileId=${d1}`,
        true,
        40,
      ),
      note(
        4,
        3,
        'UPLOAD_ERROR',
        'Upload failed',
        'Employee Pulse could not be processed.',
        '/upload-dataset/step1',
        false,
        1,
      ),
      note(
        5,
        3,
        'UPDATE_FINISHED',
        'Update finished',
        'Customer Satisfaction Panel was updated.',
        `/datafile-result?datafileId=${d2}`,
        true,
        12,
      ),
      note(
        6,
        1,
        'GENERIC',
        'Neue Registrierung',
        'Lakeside Studies Ltd wartet auf Aktivierung.',
        '/admin-panel',
        false,
        3,
      ),
      note(7, 1, 'GENERIC', 'Neue Registrierung', 'Blue Fox Research wartet auf Aktivierung.', '/admin-panel', true, 5),
    ]);

    // The monitoring page's demo: a day of the recurring jobs (their times feed p50/p95) and an
    // outbox run that failed on SMTP, with the mail it could not send. Only finished jobs: a
    // queued one would be run by `npm start`'s runner at once.
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const jobRows: (typeof jobs.$inferInsert)[] = [];
    for (let i = 0; i < 24; i++) {
      const created = (i + 1) * 3_600_000 - 60_000;
      const calendarStart = created - (180 + ((i * 137) % 900));
      const calendarEnd = calendarStart - (400 + ((i * 331) % 2600));
      jobRows.push({
        id: sid('0a', i + 1),
        kind: 'calendar',
        payload: {},
        state: 'SUCCEEDED',
        attempts: 1,
        runAfter: at(created),
        createdAt: at(created),
        startedAt: at(calendarStart),
        finishedAt: at(calendarEnd),
        updatedAt: at(calendarEnd),
        progress: 100,
        result: { expired: 0 },
      });
      const mailStart = calendarEnd - (40 + ((i * 53) % 300));
      const mailEnd = mailStart - (90 + ((i * 97) % 700));
      jobRows.push({
        id: sid('0b', i + 1),
        kind: 'mail.outbox',
        payload: {},
        state: 'SUCCEEDED',
        attempts: 1,
        runAfter: at(calendarEnd),
        createdAt: at(calendarEnd),
        startedAt: at(mailStart),
        finishedAt: at(mailEnd),
        updatedAt: at(mailEnd),
        progress: 100,
        result: { sent: i % 5 === 0 ? 1 : 0 },
      });
    }
    jobRows.push({
      id: sid('0c', 1),
      kind: 'mail.outbox',
      payload: {},
      state: 'FAILED',
      attempts: 3,
      maxAttempts: 3,
      runAfter: at(7_000_000),
      createdAt: at(7_300_000),
      startedAt: at(7_290_000),
      finishedAt: at(7_000_000),
      updatedAt: at(7_000_000),
      errorCode: 'EMAIL_SENDING_FAILED',
      errorDetail: '{"message":"connect ECONNREFUSED 10.0.4.25:587","host":"mail.example.com","attempt":3}',
    });
    await insert(jobs, jobRows);
    await insert(outboxMails, [
      {
        id: sid('f', 2),
        to: 'lena.fischer@example.com',
        locale: 'de',
        template: 'passwordReset',
        subject: 'Passwort zurücksetzen',
        text: '(seeded)',
        html: '<p>(seeded)</p>',
        status: 'FAILED',
        attempts: 5,
        lastError: '421 4.7.0 mail.example.com: too many connections, try again later',
        createdAt: at(7_400_000),
      },
    ]);
  });
  return true;
}
