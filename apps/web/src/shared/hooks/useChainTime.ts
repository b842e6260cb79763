import { useQuery } from "@tanstack/react-query";
import { getBlock } from "viem/actions";
import { CHAIN_KEY } from "../lib/queryKeys";
import { useFundClient } from "./useFundClient";

/**
 * The chain's clock in milliseconds: the latest block's timestamp, moved on by the wall clock since it was read.
 * Lockups end on the chain's clock, which a local chain (or a chain whose blocks lag) may have moved away from the
 * wall clock. Undefined until the first read, and while not `enabled` (nothing is read then).
 */
export function useChainTime(enabled = true): number | undefined {
  const client = useFundClient();
  const block = useQuery({
    queryKey: [CHAIN_KEY, "chain-time"],
    queryFn: async () => ({
      chainMs: Number((await getBlock(client, { blockTag: "latest" })).timestamp) * 1000,
      readAt: Date.now(),
    }),
    refetchInterval: 30_000,
    enabled,
  });
  if (!block.data) return undefined;
  return block.data.chainMs + (Date.now() - block.data.readAt);
}
