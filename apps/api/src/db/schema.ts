import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Where a row came from: seeded demo history, the exchange itself, an admin import, or the Solana chain (the NFT-lending wallet). */
export type DataSource = "demo" | "bybit" | "import" | "solana";

/** A point of a vault's value over time: futures equity in USD, NFT-lending value in SOL. */
export const performanceSnapshots = pgTable(
  "performance_snapshots",
  {
    vault: text("vault").$type<"futures" | "nft-lending">().notNull(),
    source: text("source").$type<DataSource>().notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true, mode: "date" }).notNull(),
    /** USD for futures, SOL for NFT lending. */
    value: doublePrecision("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.vault, t.source, t.takenAt] }),
    index("performance_vault_time").on(t.vault, t.takenAt),
  ],
);

/**
 * The last snapshot of each UTC day per vault and source: what `/futures/performance` serves, read as one row
 * per day instead of every snapshot. Kept by statement-level triggers on `performance_snapshots` (insert,
 * update, delete, truncate; migration `0003_performance_daily_triggers`), so every writer keeps it right.
 */
export const performanceDaily = pgTable(
  "performance_daily",
  {
    vault: text("vault").$type<"futures" | "nft-lending">().notNull(),
    source: text("source").$type<DataSource>().notNull(),
    /** The UTC day of `takenAt`. */
    day: date("day", { mode: "string" }).notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true, mode: "date" }).notNull(),
    value: doublePrecision("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.vault, t.source, t.day] })],
);

/** A deposit or withdrawal of the fund on an exchange, in the unified shape (`record`), one row per (exchange, kind, id). */
export const exchangeTransfers = pgTable(
  "exchange_transfers",
  {
    exchange: text("exchange").notNull(),
    kind: text("kind").$type<"deposit" | "withdrawal">().notNull(),
    id: text("id").notNull(),
    source: text("source").$type<DataSource>().notNull(),
    /** Exchange time in ms. */
    timestamp: bigint("timestamp", { mode: "number" }).notNull(),
    record: jsonb("record").$type<Record<string, unknown>>().notNull(),
    /**
     * `record` as JSON text, written once by the database when the row is written (migration 0009), so a page is
     * read as stored text: no `jsonb` is turned into text on every read (half of a page's SQL time).
     */
    recordText: text("record_text").notNull().generatedAlwaysAs(sql`record::text`),
    /** Whether `record` carries its `amountUsd` as a number, likewise kept by the database. */
    priced: boolean("priced")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(jsonb_typeof(record -> 'amountUsd') = 'number', false)`),
  },
  (t) => [
    primaryKey({ columns: [t.exchange, t.kind, t.id] }),
    index("exchange_transfers_time").on(t.exchange, t.kind, t.timestamp, t.id),
  ],
);

/** Progress and health of each background job. */
export const syncState = pgTable("sync_state", {
  job: text("job").primaryKey(),
  /** The last synced point (a time in ms or a block number, as text); the next run resumes after it. */
  cursor: text("cursor"),
  lastRunAt: timestamp("last_run_at", { withTimezone: true, mode: "date" }),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true, mode: "date" }),
  lastError: text("last_error"),
  lastErrorAt: timestamp("last_error_at", { withTimezone: true, mode: "date" }),
});

/** Sign-in nonces: single-use, short-lived. */
export const siweNonces = pgTable("siwe_nonces", {
  nonce: text("nonce").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** Sign-in sessions, keyed by the SHA-256 of the cookie's random id (the id itself is never stored). */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    address: text("address").notNull(),
    chainId: integer("chain_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("sessions_expiry").on(t.expiresAt)],
);

/**
 * Transfers for `/v1/account/:address/history`: every ERC-20 `Transfer` log of the chain (any token), and native
 * transfers (top-level transactions with value, `token` = 0xeeee…eeee, `log_index` = 1,000,000,000 + the
 * transaction's index, so they order after the block's logs and page with the same keyset).
 */
export const tokenTransfers = pgTable(
  "token_transfers",
  {
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    minedAt: timestamp("mined_at", { withTimezone: true, mode: "date" }).notNull(),
    token: text("token").notNull(),
    /** Lower-case addresses, so look-ups need no function index. */
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    /** Raw token units as a decimal string. */
    value: text("value").notNull(),
    /** The transaction's `to` (lower-case; null for a contract creation): a swap is a transaction to the DEX router. */
    txTo: text("tx_to"),
    /** A transfer, or an ERC-20 `Approval` (from = the owner, to = the spender, value = the allowance). */
    kind: text("kind").$type<"transfer" | "approval">().notNull().default("transfer"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] }),
    // With the log index, so an account's page is a keyset range of each index (`(block, log) < cursor`).
    index("token_transfers_from").on(t.chainId, t.fromAddress, t.blockNumber, t.logIndex),
    index("token_transfers_to").on(t.chainId, t.toAddress, t.blockNumber, t.logIndex),
    uniqueIndex("token_transfers_order").on(t.chainId, t.blockNumber, t.logIndex),
  ],
);

/** Token metadata read once per (chain, token) by the history indexer; null where the token does not answer. */
export const tokenMetadata = pgTable(
  "token_metadata",
  {
    chainId: integer("chain_id").notNull(),
    /** Lower-case token address. */
    address: text("address").notNull(),
    name: text("name"),
    symbol: text("symbol"),
    decimals: integer("decimals"),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/** What a row of `fund_events` records (see `fundEvents`). */
export type FundEventKind = "vault_created" | "invest" | "withdraw" | "emergency_withdraw" | "roll_over" | "vote";

/**
 * The fund's and its governor's events that the account history shows or names things with, stored by the history
 * indexer beside `token_transfers` (same key, same re-organisation and restart handling): `vault_created` (the vault's
 * name, no account), `invest` / `withdraw` / `emergency_withdraw` (which vault a transfer with the fund was for),
 * `roll_over` (an investor's roll-over choice: `choice` "on" / "off") and `vote` (`choice` "for" / "against" /
 * "abstain"). Ids are decimal strings (uint256 on chain).
 */
export const fundEvents = pgTable(
  "fund_events",
  {
    chainId: integer("chain_id").notNull(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    minedAt: timestamp("mined_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The emitting contract (the fund or its governor), lower-case. */
    contract: text("contract").notNull(),
    kind: text("kind").$type<FundEventKind>().notNull(),
    /** The investor or voter, lower-case; null for `vault_created`. */
    account: text("account"),
    vaultId: text("vault_id"),
    /** The vault's name (`vault_created`). */
    vaultName: text("vault_name"),
    proposalId: text("proposal_id"),
    /** A vote's "for" / "against" / "abstain", a roll-over's "on" / "off". */
    choice: text("choice"),
    /** Raw token units moved (`invest`, `withdraw`, `emergency_withdraw`). */
    amount: text("amount"),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] }),
    // An account's page is a keyset range of this index, like `token_transfers_from`.
    index("fund_events_account").on(t.chainId, t.account, t.blockNumber, t.logIndex),
    // A vault's name by id.
    uniqueIndex("fund_events_vault").on(t.chainId, t.vaultId).where(sql`${t.kind} = 'vault_created'`),
  ],
);

/**
 * Rate-limit hits per client key and fixed time window (`window_start` = the window's start in ms, a multiple of
 * the window's length), shared by every instance on one PostgreSQL (`src/http/rateLimitStore.ts`). UNLOGGED
 * (hand-edited in migration `0004_rate_limit_hits`; drizzle-kit cannot express it): no WAL for a write on every
 * request, and a crash empties it, which only resets the current windows.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Registered names (`<label>.<zone>`, stored lowercase): one per address (`names_address`), the full name unique.
 * `address` is lowercase (look-ups need no function index); answers checksum it.
 */
export const names = pgTable(
  "names",
  {
    /** The full name, e.g. `alice.fundament`, lowercase. */
    name: text("name").primaryKey(),
    label: text("label").notNull(),
    zone: text("zone").notNull(),
    address: text("address").notNull(),
    /** ENSIP-11 coin type the name was registered with (60, or 0x80000000 | chainId). */
    coinType: bigint("coin_type", { mode: "number" }).notNull(),
    registeredAt: timestamp("registered_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("names_address").on(t.address), uniqueIndex("names_zone_label").on(t.zone, t.label)],
);

/**
 * Registration messages already used, keyed by the SHA-256 of `address + "\n" + message`: a replayed message is
 * refused, and so is a timestamp not newer than the address's last registration (`name_registrations_latest`).
 */
export const nameRegistrations = pgTable(
  "name_registrations",
  {
    messageHash: text("message_hash").primaryKey(),
    address: text("address").notNull(),
    /** The message's `timestamp` (unix seconds). */
    signedAt: bigint("signed_at", { mode: "number" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("name_registrations_latest").on(t.address, t.signedAt)],
);

/**
 * Analytics events sent to `POST /e`: no address, no IP address, the URL's path only and sanitized properties.
 * `event_id` (the sender's id) makes a resend idempotent.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    eventId: text("event_id").primaryKey(),
    event: text("event").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true, mode: "date" }).notNull(),
    domain: text("domain").notNull(),
    path: text("path").notNull(),
    properties: jsonb("properties").$type<Record<string, string | number | boolean | null>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("analytics_events_time").on(t.occurredAt, t.event)],
);

/**
 * On-ramp orders of the local checkout (`/onramp/checkout/:orderId`): what was quoted, where it goes, and its state
 * (created → paid → delivering → delivered, or failed with a plain sentence). Amounts are decimal strings as quoted.
 * A delivery's transaction is signed and stored (`signed_tx`, its hash, nonce and sender) before it is broadcast, so
 * that after a crash the same transaction is looked up or sent again, never a second one (src/onramp/delivery.ts).
 */
export const onrampOrders = pgTable(
  "onramp_orders",
  {
    id: text("id").primaryKey(),
    chainId: integer("chain_id").notNull(),
    network: text("network").notNull(),
    /** The purchase currency's id (its symbol: mUSDC, ETH). */
    asset: text("asset").notNull(),
    /** The ERC-20 delivered (checksummed), null for native ETH. */
    tokenAddress: text("token_address"),
    decimals: integer("decimals").notNull(),
    /** The destination wallet (checksummed). */
    destination: text("destination").notNull(),
    paymentCurrency: text("payment_currency").notNull(),
    paymentMethod: text("payment_method").notNull(),
    paymentSubtotal: text("payment_subtotal").notNull(),
    providerFee: text("provider_fee").notNull(),
    networkFee: text("network_fee").notNull(),
    paymentTotal: text("payment_total").notNull(),
    purchaseAmount: text("purchase_amount").notNull(),
    status: text("status").$type<"created" | "paid" | "delivering" | "delivered" | "failed">().notNull(),
    txHash: text("tx_hash"),
    /** The delivery's signed raw transaction, stored before it is broadcast; null until then. */
    signedTx: text("signed_tx"),
    /** The signed transaction's nonce and sender (the treasury that signed it). */
    txNonce: integer("tx_nonce"),
    txFrom: text("tx_from"),
    failure: text("failure"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("onramp_orders_destination").on(t.destination, t.createdAt),
    // The account history labels a transfer whose transaction delivered an order as a buy.
    index("onramp_orders_tx_hash").on(t.txHash),
    // Recovery (start-up and timer) reads the orders paid but not yet delivered.
    index("onramp_orders_unfinished").on(t.updatedAt).where(sql`${t.status} in ('paid', 'delivering')`),
  ],
);

/**
 * Embedded-wallet users (email, social or Farcaster login). `email` is the address the person proved (lower-case),
 * null for a login without one; their wallet's address is in `embedded_wallets`.
 */
export const embeddedUsers = pgTable(
  "embedded_users",
  {
    id: text("id").primaryKey(),
    email: text("email"),
    userName: text("user_name"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("embedded_users_email").on(t.email)],
);

/**
 * How a user logs in: one row per (provider, subject). An email identity's subject is the lower-case email; a
 * social one's the provider's `sub`; Farcaster's the fid.
 */
export const embeddedIdentities = pgTable(
  "embedded_identities",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index("embedded_identities_user").on(t.userId)],
);

/** The devices (browser profiles of the frame) a user approved, by the HMAC of the frame's device id. */
export const embeddedDevices = pgTable(
  "embedded_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    approvedAt: timestamp("approved_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/**
 * Embedded-wallet sessions: the bearer token is kept only as its HMAC; `id` is the public id (the spec's `pci`) the
 * sessions list shows and revoke takes. Live while `revoked_at` is null and `expires_at` is ahead.
 */
export const embeddedSessions = pgTable(
  "embedded_sessions",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => embeddedUsers.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    loginMethod: text("login_method").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("embedded_sessions_token").on(t.tokenHash), index("embedded_sessions_user").on(t.userId)],
);

/**
 * One pending code per (purpose, subject): login codes and device-approval links per email, the email update's two
 * codes per user. A new code replaces the old one (so only the latest works), and the 30 s resend cooldown is the
 * row's `created_at`. `code_hash` is the HMAC of the code or link token; `attempts` counts wrong tries.
 */
export const embeddedCodes = pgTable(
  "embedded_codes",
  {
    purpose: text("purpose").$type<"login" | "device" | "update-primary" | "update-secondary">().notNull(),
    subject: text("subject").notNull(),
    codeHash: text("code_hash").notNull(),
    /** The device the code was asked for (login, device approval). */
    deviceHash: text("device_hash"),
    userId: text("user_id"),
    /** The email update's new address. */
    newEmail: text("new_email"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.subject] }), index("embedded_codes_hash").on(t.codeHash)],
);

/** Each user's one wallet: its address and the auth share, AES-256-GCM-encrypted with EMBEDDED_SECRET. */
export const embeddedWallets = pgTable(
  "embedded_wallets",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => embeddedUsers.id, { onDelete: "cascade" }),
    /** Checksummed. */
    address: text("address").notNull(),
    authShareEnc: text("auth_share_enc").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("embedded_wallets_address").on(t.address)],
);

/** OpenID Connect logins in flight (the social login): the state's HMAC, the PKCE verifier encrypted. */
export const embeddedOauthStates = pgTable("embedded_oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  provider: text("provider").notNull(),
  codeVerifierEnc: text("code_verifier_enc").notNull(),
  nonce: text("nonce").notNull(),
  deviceHash: text("device_hash").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
});

/** Sign In With Farcaster channels in flight: the channel token's HMAC, the token itself encrypted. */
export const embeddedFarcasterChannels = pgTable("embedded_farcaster_channels", {
  channelHash: text("channel_hash").primaryKey(),
  channelTokenEnc: text("channel_token_enc").notNull(),
  nonce: text("nonce").notNull(),
  deviceHash: text("device_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
});

/**
 * Rounds' NAV reports, content-addressed: `hash` is the keccak-256 of `text` (the report's canonical JSON, stored and
 * served byte for byte). Several may exist for one round (built, then a correction); the one served is the one whose
 * hash the round's settlement carries on chain.
 */
export const roundReports = pgTable(
  "round_reports",
  {
    /** 0x-prefixed lowercase hex. */
    hash: text("hash").primaryKey(),
    chainId: integer("chain_id").notNull(),
    vaultId: bigint("vault_id", { mode: "number" }).notNull(),
    poolId: bigint("pool_id", { mode: "number" }).notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("round_reports_round").on(t.chainId, t.vaultId, t.poolId)],
);

export const schema = {
  performanceSnapshots,
  performanceDaily,
  exchangeTransfers,
  syncState,
  siweNonces,
  sessions,
  tokenTransfers,
  tokenMetadata,
  fundEvents,
  rateLimitHits,
  names,
  nameRegistrations,
  analyticsEvents,
  onrampOrders,
  embeddedUsers,
  embeddedIdentities,
  embeddedDevices,
  embeddedSessions,
  embeddedCodes,
  embeddedWallets,
  embeddedOauthStates,
  embeddedFarcasterChannels,
  roundReports,
};
export type Schema = typeof schema;
