import { LOCAL_CHAIN_ID } from "@fundament/sdk";
import {
  type Address,
  BaseError,
  encodeFunctionData,
  type Hash,
  type Hex,
  InsufficientFundsError,
  keccak256,
  type PublicClient,
  parseAbi,
  RpcRequestError,
  TransactionReceiptNotFoundError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { sendRawTransaction } from "viem/actions";
import { checkRpcChain, LocalChainError } from "./chainGuard.js";
import type { SignedTransaction } from "./orders.js";

/** MockUSDC's public faucet. */
export const mintAbi = parseAbi(["function mint(address to, uint256 amount)"]);

/** Gas of a delivery, for the quote's network fee: a first mint of mUSDC to a new holder, a plain ETH transfer. */
export const DELIVERY_GAS = { token: 70_000n, native: 21_000n } as const;

/** How long a delivery may take to be mined (ms) before it is left to recovery. */
export const DELIVERY_TIMEOUT_MS = 30_000;

/** What to deliver: `token` undefined for native ETH. */
export type Delivery = { chainId: number; token: Address | undefined; to: Address; units: bigint };

/** A stored delivery transaction as the chain knows it: mined (successful or reverted), pending, or dead. */
export type OnChain = "success" | "reverted" | "pending" | "dead";

/**
 * What the node said to a broadcast: `sent` (taken, or already known), `used` (its nonce is already mined: by this
 * transaction or by another), `refused` (it will not take it: nothing was sent), or `unknown` (no answer).
 */
export type Broadcast =
  | { kind: "sent" }
  | { kind: "used" }
  | { kind: "refused"; failure: string }
  | { kind: "unknown"; error: unknown };

/** The steps of a delivery, after each of which a test may stop it as a crash would (`checkpoint`). */
export type DeliveryStep = "claimed" | "signed" | "stored" | "broadcast" | "mined";

/** Called after each step; throwing stops the delivery there, like a crash (tests only). */
export type Checkpoint = (step: DeliveryStep, orderId: string) => void | Promise<void>;

const errorText = (error: unknown): string =>
  error instanceof BaseError
    ? `${error.details} ${error.shortMessage} ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);

/** The node answered (a JSON-RPC error), as opposed to no answer at all (unreachable, timeout). */
function nodeAnswered(error: unknown): boolean {
  return error instanceof BaseError && error.walk((cause) => cause instanceof RpcRequestError) !== null;
}

/** A refusal that is final: the node refused, or the RPC serves another chain. Anything else may be retried. */
export function isRefusal(error: unknown): boolean {
  return error instanceof LocalChainError || nodeAnswered(error);
}

/** A delivery failure as a sentence a buyer can read (never the node's own text). */
export function deliveryFailure(error: unknown): string {
  if (error instanceof LocalChainError)
    return "The checkout's node serves another chain than this order's; nothing was sent.";
  const insufficient =
    (error instanceof BaseError && error.walk((cause) => cause instanceof InsufficientFundsError) !== null) ||
    /insufficient funds/i.test(errorText(error));
  if (insufficient) return "The checkout's account has too little ETH to send this order; nothing was sent.";
  return "The checkout could not send the tokens because the chain refused the transaction; nothing was sent.";
}

/** Sorts a broadcast's error into the cases of `Broadcast`. */
export function classifyBroadcastError(error: unknown): Broadcast {
  const text = errorText(error);
  if (/already (imported|known)|known transaction/i.test(text)) return { kind: "sent" };
  if (/nonce too low/i.test(text)) return { kind: "used" };
  // Another transaction holds the nonce in the pool: ours may still be mined, or be dead once that one is.
  if (/underpriced|replacement/i.test(text)) return { kind: "unknown", error };
  if (nodeAnswered(error)) return { kind: "refused", failure: deliveryFailure(error) };
  return { kind: "unknown", error };
}

/** The call that delivers: `mint` on the token, or a plain transfer of ETH. */
function deliveryCall(delivery: Delivery): { to: Address; data?: Hex; value?: bigint } {
  if (!delivery.token) return { to: delivery.to, value: delivery.units };
  const data = encodeFunctionData({ abi: mintAbi, functionName: "mint", args: [delivery.to, delivery.units] });
  return { to: delivery.token, data };
}

/**
 * The treasury (ONRAMP_TREASURY_KEY) as the delivery state machine (`delivery.ts`) uses it: it signs a delivery
 * without sending it (for the order's chain id, so the bytes are valid on that chain only), broadcasts stored bytes,
 * and tells what the chain knows of a stored transaction. `exclusive` runs one job at a time in this instance, so
 * that two deliveries never race for the treasury's nonce. Before signing anything it asks the RPC which chain it
 * serves (once answered right, never again).
 */
export function createDeliverer(options: {
  treasuryKey: Hex;
  client: PublicClient;
  /** The only chain it delivers on: the local dev chain. */
  chainId?: number;
  checkpoint?: Checkpoint;
}) {
  const { client } = options;
  const account = privateKeyToAccount(options.treasuryKey);
  const chainId = options.chainId ?? LOCAL_CHAIN_ID;
  let verified = false;
  let queue: Promise<unknown> = Promise.resolve();

  const verifyChain = async (): Promise<void> => {
    if (verified) return;
    await checkRpcChain(client, chainId);
    verified = true;
  };

  const sign = async (delivery: Delivery): Promise<SignedTransaction> => {
    await verifyChain();
    if (delivery.chainId !== chainId) throw new LocalChainError(delivery.chainId, chainId, "the order is for");
    const call = deliveryCall(delivery);
    const [nonce, gas, fees] = await Promise.all([
      client.getTransactionCount({ address: account.address, blockTag: "pending" }),
      client.estimateGas({ account: account.address, ...call }),
      client.estimateFeesPerGas(),
    ]);
    const raw = await account.signTransaction({
      ...call,
      chainId,
      type: "eip1559",
      nonce,
      gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    return { raw, hash: keccak256(raw), nonce, from: account.address };
  };

  const broadcast = async (raw: Hex): Promise<Broadcast> => {
    try {
      await sendRawTransaction(client, { serializedTransaction: raw });
      return { kind: "sent" };
    } catch (error) {
      return classifyBroadcastError(error);
    }
  };

  /**
   * The sender's mined nonce is read before the receipt: a nonce above the transaction's, with no receipt after it,
   * means another transaction took that nonce, so this one can never be mined ("dead").
   */
  const inspect = async (tx: Pick<SignedTransaction, "hash" | "nonce" | "from">): Promise<OnChain> => {
    const mined = await client.getTransactionCount({ address: tx.from, blockTag: "latest" });
    const receipt = await client.getTransactionReceipt({ hash: tx.hash }).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    });
    if (receipt) return receipt.status === "success" ? "success" : "reverted";
    return mined > tx.nonce ? "dead" : "pending";
  };

  /** True once `hash` is mined, false when it is not within DELIVERY_TIMEOUT_MS. */
  const waitMined = (hash: Hash): Promise<boolean> =>
    client
      .waitForTransactionReceipt({ hash, timeout: DELIVERY_TIMEOUT_MS, pollingInterval: 500, checkReplacement: false })
      .then(
        () => true,
        () => false,
      );

  return {
    /** The treasury's address. */
    address: account.address,
    chainId,
    verifyChain,
    sign,
    broadcast,
    inspect,
    waitMined,
    checkpoint: options.checkpoint ?? (() => undefined),
    /** Runs `job` after every earlier job of this instance has finished. */
    exclusive<T>(job: () => Promise<T>): Promise<T> {
      const result = queue.then(job);
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

/** A deliverer as `createDeliverer` makes it. */
export type Deliverer = ReturnType<typeof createDeliverer>;
