import {
  type Address,
  ExecutionRevertedError,
  encodeFunctionData,
  erc20Abi,
  type Hash,
  UserRejectedRequestError,
} from "viem";
import { describe, expect, it } from "vitest";
import { messages } from "../../core/messages.js";
import { swapRouterAbi } from "../../testing/startSwapTestServer.js";
import { SwapApiError } from "./createSwapClient.js";
import {
  checkBuiltSwap,
  PRICE_MOVED,
  SWAP_MISMATCH,
  type SwapSender,
  sendBuiltTransaction,
  swapErrorText,
  swappedText,
  TRANSACTION_REVERTED,
  TransactionRevertedError,
} from "./executeSwap.js";

const user: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const other: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const weth: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const usdc: Address = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";
const hash: Hash = `0x${"ab".repeat(32)}`;

const ethIn = (amountOutMin: bigint, to: Address = user) =>
  encodeFunctionData({
    abi: swapRouterAbi,
    functionName: "swapExactETHForTokens",
    args: [amountOutMin, [weth, usdc], to, 1n],
  });
const tokenIn = (amountIn: bigint, amountOutMin: bigint, to: Address = user) =>
  encodeFunctionData({
    abi: swapRouterAbi,
    functionName: "swapExactTokensForETH",
    args: [amountIn, amountOutMin, [usdc, weth], to, 1n],
  });

describe("checkBuiltSwap", () => {
  const review = { amount: 500n, minimum: 1000n, userAddress: user, native: true };
  it("lets a swap through that gives at least the minimum reviewed, to the person, for the amount reviewed", () => {
    expect(checkBuiltSwap({ data: ethIn(1000n), value: "500" }, review)).toBeUndefined();
    expect(checkBuiltSwap({ data: ethIn(1200n, user.toLowerCase() as Address), value: "500" }, review)).toBeUndefined();
    expect(checkBuiltSwap({ data: tokenIn(500n, 1000n), value: "0" }, { ...review, native: false })).toBeUndefined();
  });

  it("refuses a swap whose minimum is below the reviewed one: the price moved", () => {
    expect(checkBuiltSwap({ data: ethIn(999n), value: "500" }, review)).toBe(PRICE_MOVED);
    expect(checkBuiltSwap({ data: tokenIn(500n, 0n), value: "0" }, { ...review, native: false })).toBe(PRICE_MOVED);
  });

  it("refuses a swap of another amount, to another receiver, or of another kind", () => {
    expect(checkBuiltSwap({ data: ethIn(1000n), value: "501" }, review)).toBe(SWAP_MISMATCH);
    expect(checkBuiltSwap({ data: ethIn(1000n, other), value: "500" }, review)).toBe(SWAP_MISMATCH);
    expect(checkBuiltSwap({ data: tokenIn(500n, 1000n), value: "0" }, review)).toBe(SWAP_MISMATCH);
    expect(checkBuiltSwap({ data: tokenIn(500n, 1000n), value: "1" }, { ...review, native: false })).toBe(
      SWAP_MISMATCH,
    );
    expect(checkBuiltSwap({ data: tokenIn(499n, 1000n), value: "0" }, { ...review, native: false })).toBe(
      SWAP_MISMATCH,
    );
  });

  it("does not read calldata of another contract", () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [other, 1n] });
    expect(checkBuiltSwap({ data: approve, value: "0" }, review)).toBeUndefined();
  });
});

describe("sendBuiltTransaction and the sentences a person reads", () => {
  const tx = { from: user, to: usdc, data: "0x" as const, value: "7", eip155: { gas: "21000", gasPrice: "1" } };
  const sender = (status: "success" | "reverted" | Error): SwapSender & { sent: unknown[] } => {
    const sent: unknown[] = [];
    return {
      sent,
      async sendTransaction(t) {
        sent.push(t);
        return hash;
      },
      async waitForReceipt() {
        if (status instanceof Error) throw status;
        return { status };
      },
    };
  };

  it("sends the built transaction as it is (value and gas) and resolves with its hash", async () => {
    const s = sender("success");
    expect(await sendBuiltTransaction(tx, s)).toBe(hash);
    expect(s.sent).toEqual([{ to: usdc, data: "0x", value: 7n, gas: 21000n }]);
    const noGas = sender("success");
    await sendBuiltTransaction({ ...tx, value: "", eip155: undefined }, noGas);
    expect(noGas.sent).toEqual([{ to: usdc, data: "0x", value: 0n, gas: undefined }]);
  });

  it("a mined revert says so, with the router's reason in plain words when the wallet gives it", async () => {
    const plain = await sendBuiltTransaction(tx, sender("reverted")).catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(TransactionRevertedError);
    expect(swapErrorText(plain)).toBe(TRANSACTION_REVERTED);
    // wagmi's waitForTransactionReceipt throws the replayed call's reason for a reverted receipt.
    const reason = new ExecutionRevertedError({
      message: "execution reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT",
    });
    const withReason = await sendBuiltTransaction(tx, sender(reason)).catch((e: unknown) => e);
    expect(withReason).toBeInstanceOf(TransactionRevertedError);
    expect(swapErrorText(withReason)).toBe(`${PRICE_MOVED}. ${TRANSACTION_REVERTED}`);
    // Anything else while waiting is not a revert.
    const timeout = new Error("Timed out while waiting for transaction");
    expect(await sendBuiltTransaction(tx, sender(timeout)).catch((e: unknown) => e)).toBe(timeout);
  });

  it("never shows a raw error: the API's sentence, a rejection, a known reason, else 'Something went wrong'", () => {
    expect(swapErrorText(new SwapApiError("No route for this pair", { status: 400 }))).toBe("No route for this pair");
    expect(swapErrorText(new UserRejectedRequestError(new Error("User rejected the request.")))).toBe(
      messages.signatureDeclined,
    );
    expect(swapErrorText({ code: 4001, message: "User rejected the request." })).toBe(messages.signatureDeclined);
    expect(
      swapErrorText(
        new ExecutionRevertedError({ message: "execution reverted: TransferHelper: TRANSFER_FROM_FAILED" }),
      ),
    ).toBe("Approve the token and check your balance first");
    expect(swapErrorText(new Error("insufficient funds for gas * price + value"))).toBe(
      "Your balance is too low for this swap and its gas",
    );
    expect(swapErrorText(new ExecutionRevertedError({ message: "execution reverted: 0x1234abcd" }))).toBe(
      messages.somethingWentWrong,
    );
    expect(swapErrorText(new Error("HTTP request failed. URL: http://127.0.0.1:8545"))).toBe(
      messages.somethingWentWrong,
    );
    expect(swapErrorText(undefined)).toBe(messages.somethingWentWrong);
  });

  it("words the result toast with the amounts", () => {
    expect(
      swappedText({
        fromAmount: 5n * 10n ** 17n,
        from: { symbol: "ETH", decimals: 18 },
        toAmount: "1490123456",
        to: { symbol: "mUSDC", decimals: 6 },
      }),
    ).toBe("Swapped 0.5 ETH for 1,490.12 mUSDC");
  });
});
