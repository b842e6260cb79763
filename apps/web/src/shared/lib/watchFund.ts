import type { Address, Client } from "viem";
import { watchEvent } from "viem/actions";

/**
 * Calls `onChange` whenever the fund emits an event (an investment, a withdrawal, a vote, a lockup, an admin
 * change…), polling at the client's interval (an `eth_newFilter` filter where the node keeps one, else
 * `eth_getLogs`). Returns the function that stops watching. A failed poll is retried at the next interval; the
 * pages' own reads report an RPC that is down.
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
