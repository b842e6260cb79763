import type { WalletCore } from "../../core/createWalletCore.js";
import { SendValidationError } from "../../core/errors.js";
import { messages } from "../../core/messages.js";
import type { SendStore } from "../send/createSendStore.js";
import { validateSend } from "../send/validateSend.js";
import type { SolanaFamily } from "./types.js";

/** The core, the send state and the family that signs and sends. */
export type SendSolanaParameters = { core: WalletCore; send: SendStore; family: Pick<SolanaFamily, "send"> };

/**
 * Sends SOL or an SPL token from the send state (spec: a Solana send needs amount and receiver, else 'Please enter a
 * valid amount and receiver address'). Tracks SEND_INITIATED then SEND_SUCCESS or SEND_ERROR. Success: the send
 * state is reset, toast 'Transaction started', back to Account with no back-navigation. Failure: toast 'Failed to
 * send transaction. Please try again.'. Resolves with the signature, or undefined on failure.
 */
export async function sendSolana({ core, send, family }: SendSolanaParameters): Promise<string | undefined> {
  const s = send.getState();
  const check = validateSend({
    chainNamespace: core.state.getState().activeChain,
    token: s.token ? { symbol: s.token.symbol, address: s.token.address } : undefined,
    sendTokenAmount: s.sendTokenAmount,
    receiverAddress: s.receiverAddress,
  });
  if (!check.valid) throw new SendValidationError(check.message, { field: check.field });
  if (check.kind !== "solana" || !s.token) throw new SendValidationError(messages.unsupportedChain);
  const properties = {
    isSmartAccount: false,
    token: s.token.symbol,
    amount: s.sendTokenAmount,
    network: core.state.activeNetwork()?.caipNetworkId,
  };
  core.bus.emit("SEND_INITIATED", properties);
  send.setState({ loading: true });
  core.router.push("ApproveTransaction");
  try {
    const signature = await family.send({
      token: { address: s.token.address, decimals: Number(s.token.quantity.decimals) },
      amount: s.sendTokenAmount as string,
      receiver: s.receiverAddress as string,
    });
    core.bus.emit("SEND_SUCCESS", { ...properties, hash: signature });
    send.reset();
    core.toasts.show(messages.transactionStarted, "success");
    core.router.reset("Account");
    return signature;
  } catch (error) {
    console.warn("[wallet] Solana send failed", error);
    core.bus.emit("SEND_ERROR", { ...properties, message: (error as Error).message });
    send.setState({ loading: false });
    core.toasts.show(messages.solanaSendFailed, "error");
    core.triggerShake();
    if (core.router.getState().view === "ApproveTransaction") core.router.goBack();
    return undefined;
  }
}
