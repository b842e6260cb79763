import type { Address, Hash, Hex } from "viem";
import { BaseError, isUserRejection } from "../../core/errors.js";
import { messages } from "../../core/messages.js";
import { SwapApiError, type SwapTransaction } from "./createSwapClient.js";
import { formatTokenAmount } from "./swapMath.js";

/** Shown when a mined swap or approval reverted. */
export const TRANSACTION_REVERTED = "The transaction was reverted on chain";

/** How the built transactions reach the wallet (wagmi's sendTransaction and waitForTransactionReceipt). */
export type SwapSender = {
  sendTransaction(tx: { to: Address; data: Hex; value: bigint; gas?: bigint | undefined }): Promise<Hash>;
  waitForReceipt(hash: Hash): Promise<{ status: "success" | "reverted" }>;
};

/** A reverted transaction. */
export class TransactionRevertedError extends BaseError {
  override name = "TransactionRevertedError";
  readonly hash: Hash;
  constructor(hash: Hash) {
    super(TRANSACTION_REVERTED, { details: hash });
    this.hash = hash;
  }
}

/** Sends a transaction the API built, as it is, and waits until it is mined. Throws when it reverted. */
export async function sendBuiltTransaction(tx: SwapTransaction, sender: SwapSender): Promise<Hash> {
  const hash = await sender.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value || "0"),
    gas: tx.eip155?.gas ? BigInt(tx.eip155.gas) : undefined,
  });
  const receipt = await sender.waitForReceipt(hash);
  if (receipt.status !== "success") throw new TransactionRevertedError(hash);
  return hash;
}

/** The sentence a person reads for a failed approve or swap. */
export function swapErrorText(error: unknown): string {
  if (isUserRejection(error)) return messages.signatureDeclined;
  if (error instanceof SwapApiError || error instanceof BaseError) return error.shortMessage;
  const short = (error as { shortMessage?: unknown })?.shortMessage;
  return typeof short === "string" ? short : messages.somethingWentWrong;
}

/** The result toast: "Swapped 0.5 ETH for 1,490.12 mUSDC". */
export function swappedText(p: {
  fromAmount: bigint | string;
  from: { symbol: string; decimals: number };
  toAmount: bigint | string;
  to: { symbol: string; decimals: number };
}): string {
  return `Swapped ${formatTokenAmount(p.fromAmount, p.from.decimals, 6)} ${p.from.symbol} for ${formatTokenAmount(
    p.toAmount,
    p.to.decimals,
  )} ${p.to.symbol}`;
}
