import {
  type Address,
  BaseError,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  InsufficientFundsError,
  type PublicClient,
  parseAbi,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** MockUSDC's public faucet. */
export const mintAbi = parseAbi(["function mint(address to, uint256 amount)"]);

/** Gas of a delivery, for the quote's network fee: a first mint of mUSDC to a new holder, a plain ETH transfer. */
export const DELIVERY_GAS = { token: 70_000n, native: 21_000n } as const;

/** How long a delivery may take to be mined (ms). */
export const DELIVERY_TIMEOUT_MS = 30_000;

/** What to deliver: `token` undefined for native ETH. */
export type Delivery = { chainId: number; token: Address | undefined; to: Address; units: bigint };

/** The result: the transaction's hash, or a plain sentence saying why nothing was delivered. */
export type DeliveryResult = { ok: true; hash: Hash } | { ok: false; hash?: Hash; failure: string };

/** A delivery failure as a sentence a buyer can read (never the node's own text). */
export function deliveryFailure(error: unknown): string {
  const insufficient =
    error instanceof BaseError && error.walk((cause) => cause instanceof InsufficientFundsError) !== null;
  if (insufficient) return "The checkout's account has too little ETH to send this order; nothing was sent.";
  return "The checkout could not send the tokens because the chain refused the transaction; nothing was sent.";
}

/**
 * Sends deliveries from the treasury (ONRAMP_TREASURY_KEY) one at a time, so that two payments never race for the
 * same nonce. `onSent` gets the hash as soon as the node accepts the transaction.
 */
export function createDeliverer(options: { rpcUrl: string; treasuryKey: Hex; client: PublicClient }) {
  const account = privateKeyToAccount(options.treasuryKey);
  const wallet = createWalletClient({ account, transport: http(options.rpcUrl, { retryCount: 0 }) });
  let queue: Promise<unknown> = Promise.resolve();

  const send = async (delivery: Delivery, onSent: (hash: Hash) => Promise<void>): Promise<DeliveryResult> => {
    let hash: Hash;
    try {
      const chain = null;
      hash = delivery.token
        ? await wallet.writeContract({
            chain,
            address: delivery.token,
            abi: mintAbi,
            functionName: "mint",
            args: [delivery.to, delivery.units],
          })
        : await wallet.sendTransaction({ chain, to: delivery.to, value: delivery.units });
    } catch (error) {
      return { ok: false, failure: deliveryFailure(error) };
    }
    await onSent(hash);
    try {
      const receipt = await options.client.waitForTransactionReceipt({ hash, timeout: DELIVERY_TIMEOUT_MS });
      if (receipt.status !== "success")
        return { ok: false, hash, failure: "The delivery transaction was reverted on the chain; nothing was sent." };
      return { ok: true, hash };
    } catch {
      return {
        ok: false,
        hash,
        failure: "The delivery transaction was not confirmed in time; check the transaction before paying again.",
      };
    }
  };

  return {
    /** The treasury's address. */
    address: account.address,
    /** Delivers after every earlier delivery has finished. */
    deliver(delivery: Delivery, onSent: (hash: Hash) => Promise<void> = async () => {}): Promise<DeliveryResult> {
      const result = queue.then(() => send(delivery, onSent));
      queue = result.catch(() => undefined);
      return result;
    },
  };
}

/** A deliverer as `createDeliverer` makes it. */
export type Deliverer = ReturnType<typeof createDeliverer>;
