import { type Address, decodeFunctionData, type Hash, type Hex, parseAbi } from "viem";
import { BaseError, isUserRejection } from "../../core/errors.js";
import { messages } from "../../core/messages.js";
import { SwapApiError, type SwapTransaction } from "./createSwapClient.js";
import { formatTokenAmount } from "./swapMath.js";

/** Shown when a mined swap or approval reverted (after the reason, when it is known). */
export const TRANSACTION_REVERTED = "The transaction was reverted on chain; only the network fee was spent";
/** Shown when the built swap would give less than the minimum the person reviewed (the API's sentence too). */
export const PRICE_MOVED = "The price moved more than your slippage allows";
/** Shown when the built swap does not match the review (another amount or another receiver). */
export const SWAP_MISMATCH = "The swap the API built does not match your review";

/** Uniswap V2 Router02's swap functions, to read back what a built swap does. */
const routerSwapAbi = parseAbi([
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);

/**
 * Checks a built swap against the review before it is sent: the API builds it from a fresh quote, so when the price
 * moved since, its minimum can be below the one the person saw. For Router02 calldata: the amount in (and the value
 * for native ETH) and the receiver must be the reviewed ones, and the minimum out at least `minimum`. Returns the
 * sentence to show, or undefined when the swap may be sent (also for calldata of another router, which is not read).
 */
export function checkBuiltSwap(
  tx: Pick<SwapTransaction, "data" | "value">,
  review: { amount: bigint; minimum: bigint; userAddress: Address; native: boolean },
): string | undefined {
  const call = (() => {
    try {
      return decodeFunctionData({ abi: routerSwapAbi, data: tx.data });
    } catch {
      return undefined;
    }
  })();
  if (!call) return undefined;
  const value = BigInt(tx.value || "0");
  const [amountIn, amountOutMin, receiver] =
    call.functionName === "swapExactETHForTokens"
      ? [value, call.args[0], call.args[2]]
      : [call.args[0], call.args[1], call.args[3]];
  const nativeIn = call.functionName === "swapExactETHForTokens";
  if (
    nativeIn !== review.native ||
    amountIn !== review.amount ||
    (!nativeIn && value !== 0n) ||
    receiver.toLowerCase() !== review.userAddress.toLowerCase()
  )
    return SWAP_MISMATCH;
  return amountOutMin < review.minimum ? PRICE_MOVED : undefined;
}

/** How the built transactions reach the wallet (wagmi's sendTransaction and waitForTransactionReceipt). */
export type SwapSender = {
  sendTransaction(tx: { to: Address; data: Hex; value: bigint; gas?: bigint | undefined }): Promise<Hash>;
  waitForReceipt(hash: Hash): Promise<{ status: "success" | "reverted" }>;
};

/** A reverted transaction. */
/** Router02's and the tokens' revert reasons in plain words (the API's build-transaction says the same). */
const REVERT_REASONS: [RegExp, string][] = [
  [/INSUFFICIENT_OUTPUT_AMOUNT/, PRICE_MOVED],
  [/UniswapV2Router: EXPIRED/, "The swap's deadline passed; try again"],
  [/TRANSFER_FROM_FAILED|insufficient allowance|exceeds allowance/i, "Approve the token and check your balance first"],
  // (viem's "The total cost (gas * gas fee + value) … exceeds the balance of the account.", as the embedded
  // wallet's frame answers a transaction it could not pay for.)
  [/insufficient funds|exceeds (the )?balance|TRANSFER_FAILED/i, "Your balance is too low for this swap and its gas"],
  [/INSUFFICIENT_LIQUIDITY|INSUFFICIENT_INPUT_AMOUNT|INVALID_PATH/, "No route for this pair"],
];

/** All the text of an error and its causes (viem's short messages, details and meta messages included). */
function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const e = current as { message?: unknown; shortMessage?: unknown; details?: unknown; cause?: unknown };
    for (const part of [e.shortMessage, e.message, e.details]) if (typeof part === "string") parts.push(part);
    current = e.cause;
  }
  return parts.join(" ");
}

/** The plain sentence of a known revert reason in an error (or its causes), if any. */
export function revertSentence(error: unknown): string | undefined {
  const text = errorText(error);
  return REVERT_REASONS.find(([pattern]) => pattern.test(text))?.[1];
}

/** A mined transaction that reverted: its reason in plain words when known, and that only the fee was spent. */
export class TransactionRevertedError extends BaseError {
  override name = "TransactionRevertedError";
  readonly hash: Hash;
  constructor(hash: Hash, cause?: unknown) {
    const reason = cause === undefined ? undefined : revertSentence(cause);
    super(reason ? `${reason}. ${TRANSACTION_REVERTED}` : TRANSACTION_REVERTED, { details: hash, cause });
    this.hash = hash;
  }
}

/**
 * Sends a transaction the API built, as it is, and waits until it is mined. Throws a TransactionRevertedError when
 * it reverted (wagmi's receipt wait throws one with the reason, read by replaying the call).
 */
export async function sendBuiltTransaction(tx: SwapTransaction, sender: SwapSender): Promise<Hash> {
  const hash = await sender.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value || "0"),
    gas: tx.eip155?.gas ? BigInt(tx.eip155.gas) : undefined,
  });
  let receipt: { status: "success" | "reverted" };
  try {
    receipt = await sender.waitForReceipt(hash);
  } catch (error) {
    if (/revert/i.test(errorText(error))) throw new TransactionRevertedError(hash, error);
    throw error;
  }
  if (receipt.status !== "success") throw new TransactionRevertedError(hash);
  return hash;
}

/**
 * The sentence a person reads for a failed approve or swap: the wallet's and the API's own sentences as they are;
 * a wallet or node error (viem's) only as a known reason in plain words, else 'Something went wrong' — never raw.
 */
export function swapErrorText(error: unknown): string {
  if (isUserRejection(error)) return messages.signatureDeclined;
  if (error instanceof SwapApiError || error instanceof BaseError) return error.shortMessage;
  return revertSentence(error) ?? messages.somethingWentWrong;
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
