import type { Address, Client } from "viem";
import { getBalance } from "viem/actions";

/** The native balance of `address` (viem's `getBalance`). Its own module, so callers can load it on demand. */
export function getNativeBalance(client: Client, address: Address): Promise<bigint> {
  return getBalance(client, { address });
}
