import type { Address, Hex } from "viem";
import type { WalletCore } from "../../core/createWalletCore.js";
import { BaseError, SignatureDeclinedError } from "../../core/errors.js";
import { errorRegisteringName } from "../../core/messages.js";
import type { NameRecord, NamesClient } from "./createNamesClient.js";

/** The data of the RegisterAccountNameSuccess view while the name is being registered, and once it is. */
export type RegisterAccountNameSuccessData = {
  name: string;
  status: "loading" | "success";
  /** Cancels the wait (the wallet prompt may stay open; its answer is then ignored) and returns to the form. */
  onCancel?: (() => void) | undefined;
};

/** The data RegisterAccountName is reopened with after a failure. */
export type RegisterAccountNameData = { label?: string | undefined; error?: string | undefined };

export type RegisterAccountNameParameters = {
  core: WalletCore;
  names: NamesClient;
  /** The full name, e.g. `alice.fundament`. */
  name: string;
  /** The label as typed (kept in the form on failure). */
  label: string;
  address: Address;
  chainId: number;
  signMessage: (message: string) => Promise<Hex>;
  smartAccount?: boolean | undefined;
  /** Called with the registered record (refresh identity caches here). */
  onRegistered?: ((record: NameRecord) => void) | undefined;
};

/**
 * The name registration flow (spec §4): loading; the success view is shown first with a cancel handler. On signing
 * and API success the profile name is set and the success view is shown. On failure the flow returns to
 * RegisterAccountName with the error ('Signature declined', the API's reason, or 'Error registering name {name}').
 * Resolves with the record, or undefined on failure or cancel.
 */
export async function registerAccountName(p: RegisterAccountNameParameters): Promise<NameRecord | undefined> {
  const { core, name, label } = p;
  let cancelled = false;
  const backToForm = (data: RegisterAccountNameData) => {
    const { view } = core.router.getState();
    if (view !== "RegisterAccountNameSuccess") return;
    core.router.goBack();
    core.router.replace("RegisterAccountName", data);
  };
  const onCancel = () => {
    cancelled = true;
    backToForm({ label });
  };
  const loading: RegisterAccountNameSuccessData = { name, status: "loading", onCancel };
  core.router.push("RegisterAccountNameSuccess", loading);
  try {
    const record = await p.names.registerName({
      name,
      address: p.address,
      chainId: p.chainId,
      signMessage: p.signMessage,
      smartAccount: p.smartAccount,
    });
    if (cancelled) return undefined;
    core.state.setAccount("eip155", { profileName: record.name });
    p.onRegistered?.(record);
    if (core.router.getState().view === "RegisterAccountNameSuccess") {
      const done: RegisterAccountNameSuccessData = { name: record.name, status: "success" };
      core.router.replace("RegisterAccountNameSuccess", done);
    } else {
      core.toasts.show(`${record.name} is now your name`, "success");
    }
    return record;
  } catch (error) {
    if (cancelled) return undefined;
    const message =
      error instanceof SignatureDeclinedError || error instanceof BaseError
        ? error.shortMessage
        : errorRegisteringName(name);
    core.toasts.show(message, "error");
    backToForm({ label, error: message });
    return undefined;
  }
}
