import type { Address, Client } from "viem";
import { getCode, readContract } from "viem/actions";
import { BaseError } from "../../core/errors.js";
import { simpleAccountFactoryAbi } from "./simpleAccountFactoryAbi.js";
import type { SmartAccountChainConfig, SmartAccountInfo } from "./types.js";

/** Thrown when the chain has no smart-account factory, or it does not answer. */
export class SmartAccountUnavailableError extends BaseError {
  override name = "SmartAccountUnavailableError";
}

/**
 * The owner's smart account on the client's chain: its deterministic address (the factory's CREATE2 address, salt
 * 0, known before deployment) and whether it is deployed yet.
 */
export async function getSmartAccount(
  client: Client,
  { owner, chainId, config }: { owner: Address; chainId: number; config: SmartAccountChainConfig | undefined },
): Promise<SmartAccountInfo> {
  if (!config) throw new SmartAccountUnavailableError(`Smart accounts are not available on chain ${chainId}`);
  const factoryCode = await getCode(client, { address: config.factory });
  if (!factoryCode || factoryCode === "0x") {
    throw new SmartAccountUnavailableError(`No smart-account factory at ${config.factory} on chain ${chainId}`);
  }
  const address = await readContract(client, {
    address: config.factory,
    abi: simpleAccountFactoryAbi,
    functionName: "getAddress",
    args: [owner, 0n],
  });
  const code = await getCode(client, { address });
  return { address, deployed: Boolean(code && code !== "0x"), owner, chainId };
}
