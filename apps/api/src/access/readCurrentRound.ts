import { type Deployment, getVaultSettings } from "@fundament/sdk";
import type { PublicClient } from "viem";
import { HttpError } from "../http/errors.js";

/** What the chain says of a vault's current round. */
export type CurrentRound = { round: number; isLocked: boolean };

/**
 * The vault's current round and whether it is locked, read on chain now; 404 for a vault the fund does not have, 503
 * when the chain cannot be asked.
 */
export async function readCurrentRound(
  client: PublicClient | undefined,
  deployment: Deployment | undefined,
  vaultId: number,
): Promise<CurrentRound> {
  if (!deployment) throw new HttpError(404, "This server has no fund deployment configured");
  if (!client) throw new HttpError(503, "The fund's chain is not configured on this server");
  try {
    const vault = await getVaultSettings(client, { deployment, vaultId });
    if (vault.round === 0) throw new HttpError(404, `The fund has no vault ${vaultId}`);
    return { round: vault.round, isLocked: vault.currentPool.isLocked };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && /VaultNotFound/.test(error.message))
      throw new HttpError(404, `The fund has no vault ${vaultId}`);
    throw new HttpError(503, "The vault's round could not be read on chain; try again in a moment");
  }
}
