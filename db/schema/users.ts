import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { companies } from './companies';
import { createdAt, id, instant } from './columns';

export const ACCESS_LEVELS = ['SUPER_ADMIN', 'ADMIN', 'EMPLOYEE'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const USER_STATUSES = ['ACTIVATED', 'PENDING', 'NOT_ACTIVATED', 'DEACTIVATED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const users = sqliteTable(
  'users',
  {
    id: id(),
    /** Null only for operators (SUPER_ADMIN) who belong to no customer organisation. */
    companyId: text('company_id').references(() => companies.id),
    /** Stored lower-cased; unique among users that are not deleted. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Argon2id PHC string; null until the user sets a password (invitations). */
    passwordHash: text('password_hash'),
    accessLevel: text('access_level', { enum: ACCESS_LEVELS }).notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull(),
    image: text('image'),
    telephone: text('telephone'),
    position: text('position'),
    locale: text('locale', { enum: LOCALES }).notNull().default('de'),
    /**
     * SHA-256 of the API key (X-API-Key lookup); null when the user has none (revoked). The key itself
     * is stored nowhere: it is shown once, to its user, when generated.
     */
    magicKeyHash: text('magic_key_hash'),
    /** The key's last four characters, so its user can tell keys apart; null for keys made before hints. */
    magicKeyHint: text('magic_key_hint'),
    magicKeyCreatedAt: instant('magic_key_created_at'),
    hasAcceptedTerms: integer('has_accepted_terms', { mode: 'boolean' }).notNull().default(false),
    hasConfirmedEmail: integer('has_confirmed_email', { mode: 'boolean' }).notNull().default(false),
    watchGetStarted: integer('watch_get_started', { mode: 'boolean' }).notNull().default(false),
    /** When set and in the past, the feedback survey modal shows (watchNPS). */
    nextNpsDate: instant('next_nps_date'),
    npsDone: integer('nps_done', { mode: 'boolean' }).notNull().default(false),
    skipIngressIntegrationsPrerequisite: integer('skip_ingress_integrations_prerequisite', { mode: 'boolean' })
      .notNull()
      .default(false),
    /** Raised to end every session of the user at once (password change, deletion). */
    sessionsValidAfter: instant('sessions_valid_after'),
    deletedAt: instant('deleted_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at'),
  },
  (t) => [
    uniqueIndex('users_email_live_uq')
      .on(t.email)
      .where(sql`${t.deletedAt} IS NULL`),
    uniqueIndex('users_magic_key_uq').on(t.magicKeyHash),
    index('users_company_idx').on(t.companyId, t.status),
  ],
);

export const userPreferences = sqliteTable('user_preferences', {
  id: id(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  nipoUsername: text('nipo_username'),
  /** Sealed with the app secret (AES-GCM), never returned in clear. */
  nipoPasswordSealed: text('nipo_password_sealed'),
  nipoRegion: text('nipo_region'),
  nipoDomain: text('nipo_domain'),
  isDatafileUploading: integer('is_datafile_uploading', { mode: 'boolean' }).notNull().default(false),
  isDatafileUpdating: integer('is_datafile_updating', { mode: 'boolean' }).notNull().default(false),
});

export const sessions = sqliteTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 (hex) of the opaque bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The organisation the session acts for (a SUPER_ADMIN may pick one at login for support). */
    companyId: text('company_id'),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const AUTH_TOKEN_PURPOSES = ['PASSWORD_RESET', 'INVITATION', 'EMAIL_CONFIRMATION'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** Single-use, expiring tokens sent by mail (reset, invitation, registration confirmation), hashed at rest. */
export const authTokens = sqliteTable(
  'auth_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Attempt counters shared by every API process (api/modules/attempts): guesses at a secret (login
 * per account, per address and per known device, report passwords, the old password of
 * changePassword) and mails anyone can ask for (per recipient and per address). `key` is the rule's
 * name and a hash of what is counted, so the table holds no addresses. `count` is the attempts of the
 * window still counting (failures and those in flight); past the rule's limit the key is locked until
 * `lockedUntil`, for longer with every `strikes`.
 */
export const attemptCounters = sqliteTable('attempt_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStartedAt: instant('window_started_at').notNull(),
  lockedUntil: instant('locked_until'),
  strikes: integer('strikes').notNull().default(0),
});

/**
 * Browsers a user logged in from (the device cookie, stored as a hash): a login from one of them is
 * counted per device, not per account, so a burst of wrong guesses does not lock its owner out.
 */
export const knownDevices = sqliteTable(
  'known_devices',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (t) => [
    uniqueIndex('known_devices_token_user_uq').on(t.tokenHash, t.userId),
    index('known_devices_user_idx').on(t.userId),
  ],
);

/**
 * The open event streams of a user's tabs (api/modules/events), over every API process: a stream
 * holds a lease while it is open, renewed at each heartbeat; a process that died leaves leases that
 * expire by themselves. The cap per user counts the leases not yet expired.
 */
export const eventStreamLeases = sqliteTable(
  'event_stream_leases',
  {
    id: id(),
    userId: text('user_id').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('event_stream_leases_user_idx').on(t.userId, t.expiresAt)],
);
