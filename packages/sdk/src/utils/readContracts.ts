import type { Chain, Client, MulticallParameters, MulticallReturnType } from "viem";
import { multicall } from "viem/actions";
import { isDeployless } from "../reads/fundContract.js";

/**
 * Reads of different shapes in one multicall, each checked against its ABI and its result typed from it (viem's
 * `multicall` with `allowFailure: false`: a failed read throws). A tuple of reads gives a tuple of results; a list built
 * with `map` gives a list of that function's results. On a client that batches (`createFundPublicClient`, the web
 * app's wagmi config), the reads of every `readContracts` started in the same tick go out in one multicall, one
 * JSON-RPC request. (viem batches `multicall`s together and `readContract`s together, but not one with the other: a
 * stage that must cost one request reads through this function only.)
 */
export function readContracts<const contracts extends readonly unknown[]>(
  client: Client,
  contracts: MulticallParameters<contracts, false>["contracts"],
): Promise<MulticallReturnType<contracts, false>> {
  return multicall<contracts, Chain | undefined, false>(client, {
    allowFailure: false,
    deployless: isDeployless(client),
    contracts,
  });
}
