import type { Address, Client } from "viem";
import { watchEvent } from "viem/actions";

/**
 * Calls `onChange` whenever the fund emits an event, polling at the client's interval (an `eth_newFilter` filter
 * where the node keeps one, else `eth_getLogs`). The filter is the fund's address with no topic, so it matches every
 * event the fund has now and any it gains: the per-vault ones (Invested, Withdrawn, EmergencyWithdrawn, RollOverSet,
 * LockupStarted, FundsCollected, ProfitDistributed, PoolOpened, VaultCreated, TradingWalletAdded/Removed,
 * MinimumInvestmentUpdated, LockupPeriodDurationUpdated, each carrying its `vaultId`) and the fund-wide ones
 * (whitelist, roles, emergency, fund wallet, FundFeesClaimed, proposals and votes). One event refreshes every chain
 * read, whichever vault it names: a vault's figures feed the fund-wide ones (TVL, voting power, DAO ranking).
 * Returns the function that stops watching. A failed poll is retried at the next interval; the pages' own reads
 * report an RPC that is down.
 */
export function watchFund(client: Client, fund: Address, onChange: () => void): () => void {
  return watchEvent(client, {
    address: fund,
    poll: true,
    onLogs: (logs) => {
      if (logs.length > 0) onChange();
    },
    onError: () => undefined,
  });
}
