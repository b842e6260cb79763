import type { Client, ContractFunctionParameters } from "viem";
import { multicall } from "viem/actions";
import { isDeployless } from "../reads/fundContract.js";

/**
 * Reads of different shapes in one JSON-RPC request (one multicall), results in order. For lists
 * whose length is only known at run time, where viem cannot type each result; callers name the
 * result types.
 */
export async function batchRead(client: Client, contracts: readonly ContractFunctionParameters[]): Promise<unknown[]> {
  return multicall(client, { allowFailure: false, deployless: isDeployless(client), contracts }) as Promise<unknown[]>;
}
