import { BALANCE_CACHE_MS, BALANCE_RETRY_COOLDOWN_MS } from "../../core/constants.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import { BalanceCooldownError } from "../../core/errors.js";
import { messages } from "../../core/messages.js";

export type BalanceFetcherState = {
  loading: boolean;
  /** When the last fetch failed (ms); fetches are refused for 30 s after it. */
  lastRetry: number | undefined;
};

export type BalanceFetcher = {
  /** Balances for a key (address + chain): from the 30 s cache, else fetched. Refused during the cooldown. */
  fetch(key: string, load: () => Promise<TokenBalance[]>): Promise<TokenBalance[]>;
  state(): BalanceFetcherState;
  invalidate(key?: string): void;
};

export type CreateBalanceFetcherParameters = {
  /** Called with 'Token Balance Unavailable' on a failed fetch. */
  onError?: ((message: string, error: unknown) => void) | undefined;
  now?: (() => number) | undefined;
};

/**
 * Token balance loading (spec section 4): sets loading; after a failed fetch stores a last-retry time and refuses
 * further fetches until 30 seconds have passed; balances are cached 30 seconds.
 */
export function createBalanceFetcher(p: CreateBalanceFetcherParameters = {}): BalanceFetcher {
  const now = p.now ?? Date.now;
  const cache = new Map<string, { at: number; balances: TokenBalance[] }>();
  const state: BalanceFetcherState = { loading: false, lastRetry: undefined };
  return {
    async fetch(key, load) {
      const cached = cache.get(key);
      if (cached && now() - cached.at < BALANCE_CACHE_MS) return cached.balances;
      if (state.lastRetry !== undefined) {
        const waited = now() - state.lastRetry;
        if (waited < BALANCE_RETRY_COOLDOWN_MS) throw new BalanceCooldownError(BALANCE_RETRY_COOLDOWN_MS - waited);
      }
      state.loading = true;
      try {
        const balances = await load();
        cache.set(key, { at: now(), balances });
        state.lastRetry = undefined;
        return balances;
      } catch (error) {
        state.lastRetry = now();
        p.onError?.(messages.tokenBalanceUnavailable, error);
        throw error;
      } finally {
        state.loading = false;
      }
    },
    state: () => ({ ...state }),
    invalidate(key) {
      if (key) cache.delete(key);
      else cache.clear();
    },
  };
}
