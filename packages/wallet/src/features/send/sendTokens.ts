import { type Address, erc20Abi, type Hash, parseUnits } from "viem";
import type { WalletCore } from "../../core/createWalletCore.js";
import { SendValidationError } from "../../core/errors.js";
import { messages } from "../../core/messages.js";
import type { SendStore } from "./createSendStore.js";
import { sendingAccountType } from "./sendingAccountType.js";
import { validateSend } from "./validateSend.js";

/** How a send reaches the wallet (for EVM: wagmi's sendTransaction and writeContract). */
export type SendClient = {
  sendTransaction(p: { to: Address; value: bigint; data?: `0x${string}`; gasPrice?: bigint }): Promise<Hash>;
  writeContract(p: {
    address: Address;
    abi: typeof erc20Abi;
    functionName: "transfer";
    args: readonly [Address, bigint];
  }): Promise<Hash>;
};

export type SendTokensParameters = {
  core: WalletCore;
  send: SendStore;
  client: SendClient;
  /** Told why a send failed (the wallet's error), for the view that asked to say it in words. */
  onError?: ((error: unknown) => void) | undefined;
};

/**
 * Sends the native token (a transaction with to, value, gasPrice) or a token (transfer(receiver, amount)).
 * Tracks SEND_INITIATED then SEND_SUCCESS or SEND_ERROR. Success: the send state is reset, toast 'Transaction
 * started', and the modal returns to Account with no back-navigation. Failure: toast 'Something went wrong', back
 * from ApproveTransaction, and `onError` is told the wallet's error.
 */
export async function sendTokens({ core, send, client, onError }: SendTokensParameters): Promise<Hash | undefined> {
  const s = send.getState();
  const namespace = core.state.getState().activeChain;
  const account = core.state.activeAccount();
  const token = s.token
    ? { symbol: s.token.symbol, address: s.token.address, decimals: Number(s.token.quantity.decimals) }
    : undefined;
  const check = validateSend({
    chainNamespace: namespace,
    token,
    sendTokenAmount: s.sendTokenAmount,
    receiverAddress: s.receiverAddress,
    gasPrice: s.gasPrice,
  });
  if (!check.valid) throw new SendValidationError(check.message, { field: check.field });
  if (check.kind === "solana") throw new SendValidationError(messages.unsupportedChain);

  const properties = {
    // The account that sends (the connected one), whatever type is preferred.
    isSmartAccount: sendingAccountType(account) === "smartAccount",
    token: s.token?.symbol,
    amount: s.sendTokenAmount,
    network: core.state.activeNetwork()?.caipNetworkId,
  };
  core.bus.emit("SEND_INITIATED", properties);
  send.setState({ loading: true });
  core.router.push("ApproveTransaction");
  try {
    const receiver = (s.receiverAddress as string).trim();
    const to = (receiver.startsWith("0x") ? receiver : `0x${receiver}`) as Address;
    const amount = parseUnits(s.sendTokenAmount as string, token?.decimals ?? 18);
    const hash =
      check.kind === "evm-token"
        ? await client.writeContract({
            address: (token?.address?.split(":").at(-1) ?? "") as Address,
            abi: erc20Abi,
            functionName: "transfer",
            args: [to, amount],
          })
        : await client.sendTransaction({ to, value: amount, data: "0x", gasPrice: s.gasPrice });
    core.bus.emit("SEND_SUCCESS", { ...properties, hash });
    send.reset();
    core.toasts.show(messages.transactionStarted, "success");
    core.router.reset("Account");
    return hash;
  } catch (error) {
    core.bus.emit("SEND_ERROR", { ...properties, message: (error as Error).message });
    send.setState({ loading: false });
    core.toasts.show(messages.somethingWentWrong, "error");
    core.triggerShake();
    if (core.router.getState().view === "ApproveTransaction") core.router.goBack();
    onError?.(error);
    return undefined;
  }
}
