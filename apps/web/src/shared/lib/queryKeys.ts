/**
 * Query-key roots. Everything read from the chain sits under `chain`, so one invalidation after a
 * transaction refreshes every on-chain figure (TVL, position, proposals, admin lists); HTTP reads sit
 * under `api`. Each feature owns its keys below these roots (see the pages' `*.queries.ts`).
 */
export const CHAIN_KEY = "chain" as const;
export const API_KEY = "api" as const;
