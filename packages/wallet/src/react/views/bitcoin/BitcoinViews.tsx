import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { parseUnits } from "viem";
import { BaseError } from "../../../core/errors.js";
import { messages } from "../../../core/messages.js";
import { isBitcoinAddress } from "../../../features/bitcoin/address.js";
import { bitcoinMessages } from "../../../features/bitcoin/errors.js";
import type { BitcoinSignedMessage } from "../../../features/bitcoin/types.js";
import { AccountHeader } from "../../components/AccountHeader.js";
import { CopyButton } from "../../components/CopyButton.js";
import { ListItemButton } from "../../components/ListItemButton.js";
import { ListNav } from "../../components/ListNav.js";
import { NoFamilyAccount } from "../../components/NoFamilyAccount.js";
import { type TransferError, TransferForm } from "../../components/TransferForm.js";
import { useWalletRuntime } from "../../context.js";
import { useFamilyAccount, useFamilyBalances } from "../../hooks/useFamilyBalances.js";

/** The query key of the BTC balance of an address on a network. */
export const bitcoinBalanceKey = (caipNetworkId: string | undefined, address: string | undefined) =>
  ["fundament.wallet", "bitcoin", "balance", caipNetworkId ?? null, address ?? null] as const;

/** A decimal BTC amount with at most 8 decimals, above zero. */
const BTC_AMOUNT = /^(?:\d+(?:\.\d{0,8})?|\.\d{1,8})$/;

function useBitcoinAccount() {
  return useFamilyAccount("bip122");
}

/** The BTC balance of the connected payment address ('Token Balance Unavailable' on failure, 30 s cooldown). */
export function useBitcoinBalance() {
  const runtime = useWalletRuntime();
  const balances = useFamilyBalances({
    family: runtime.bitcoin,
    namespace: "bip122",
    symbol: "BTC",
    queryKey: bitcoinBalanceKey,
  });
  return { ...balances, data: balances.data?.[0] };
}

/** The plain sentence of a failure (never a raw error). */
function errorText(error: unknown): string {
  return error instanceof BaseError ? error.shortMessage : messages.somethingWentWrong;
}

type Panel = "overview" | "sign" | "send";

/**
 * The bitcoin account overview: the payment address (account type `payment`), its BTC balance, "Sign message", "Send"
 * (only when the wallet has `bitcoin:sendTransfer`), the network and Disconnect.
 */
export function BitcoinAccountView() {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const { account, address, network } = useBitcoinAccount();
  const balance = useBitcoinBalance();
  const [panel, setPanel] = useState<Panel>("overview");
  const canSend = useQuery({
    queryKey: ["fundament.wallet", "bitcoin", "canSend", account?.connectedWalletInfo?.id ?? null, address ?? null],
    enabled: Boolean(runtime.bitcoin && address),
    queryFn: async () => (await (runtime.bitcoin as NonNullable<typeof runtime.bitcoin>).load()).canSend(),
  });
  if (!address) return <NoFamilyAccount namespace="bip122" />;
  const wallet = account?.connectedWalletInfo;
  const type = account?.allAccounts.find((a) => a.address === address)?.type ?? "payment";
  return (
    <div className="fw-stack">
      <AccountHeader
        address={address}
        icon={wallet?.icon}
        walletName={wallet?.name}
        markAddress
        details={
          <p className="fw-muted" data-testid="bitcoin-account-type">
            Account type: {type}
          </p>
        }
        balance={{
          native: balance.data ? { quantity: balance.data.quantity, symbol: "BTC" } : undefined,
          isLoading: balance.isLoading,
          isError: balance.isError,
          testId: "bitcoin-balance",
        }}
      />
      {panel === "sign" ? (
        <BitcoinSignMessageForm onDone={() => setPanel("overview")} />
      ) : panel === "send" ? (
        <BitcoinSendForm
          balanceSats={balanceSats(balance.data?.quantity.numeric)}
          onDone={() => setPanel("overview")}
        />
      ) : (
        <ListNav label="Account actions">
          <ListItemButton name="Receive" icon={null} onClick={() => core.router.push("Receive")} />
          <ListItemButton name="Sign message" icon={null} onClick={() => setPanel("sign")} />
          {canSend.data ? <ListItemButton name="Send" icon={null} onClick={() => setPanel("send")} /> : null}
          <ListItemButton
            name={network ? network.name : "Network"}
            tag="Switch"
            onClick={() => core.router.push("Networks")}
          />
        </ListNav>
      )}
      <button type="button" className="fw-button fw-button-secondary" onClick={() => void runtime.disconnect()}>
        Disconnect
      </button>
    </div>
  );
}

function balanceSats(numeric: string | undefined): bigint | undefined {
  if (numeric === undefined) return undefined;
  try {
    return parseUnits(numeric, 8);
  } catch {
    return undefined;
  }
}

/** Sign a text with the payment account; the signature (base64) is shown and copyable. */
function BitcoinSignMessageForm({ onDone }: { onDone: () => void }) {
  const runtime = useWalletRuntime();
  const ids = { message: useId(), error: useId() };
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<BitcoinSignedMessage | undefined>(undefined);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError(bitcoinMessages.emptyMessage);
      return;
    }
    setError(undefined);
    setResult(undefined);
    setBusy(true);
    try {
      const family = await (runtime.bitcoin as NonNullable<typeof runtime.bitcoin>).load();
      setResult(await family.signMessage(message));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="fw-stack" onSubmit={submit} noValidate aria-label="Sign message">
      <div className="fw-field">
        <label htmlFor={ids.message}>Message</label>
        <textarea
          id={ids.message}
          className="fw-input"
          rows={3}
          value={message}
          aria-invalid={error && !result ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      {error ? (
        <p id={ids.error} className="fw-error" role="alert">
          {error}
        </p>
      ) : null}
      {result ? (
        <section className="fw-stack" aria-label="Signature">
          <p className="fw-muted">Signature (BIP-137, base64)</p>
          <output className="fw-tx-id" data-testid="bitcoin-signature" style={{ wordBreak: "break-all" }}>
            {result.signature}
          </output>
          <CopyButton text={result.signature} label="Copy signature" />
        </section>
      ) : null}
      <button type="submit" className="fw-button" disabled={busy}>
        {busy ? "Signing…" : "Sign"}
      </button>
      <button type="button" className="fw-button fw-button-secondary" onClick={onDone}>
        {result ? "Done" : "Cancel"}
      </button>
    </form>
  );
}

/** Send BTC through the wallet's `bitcoin:sendTransfer`; validation texts are plain sentences. */
function BitcoinSendForm({ balanceSats, onDone }: { balanceSats: bigint | undefined; onDone: () => void }) {
  const runtime = useWalletRuntime();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState("");
  const [receiver, setReceiver] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TransferError | undefined>();
  const network = runtime.bitcoin?.config.network ?? "mainnet";
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const to = receiver.trim();
    const value = amount.trim();
    if (!value || !to) {
      setError({ message: messages.invalidAmountAndReceiver, field: !value ? "amount" : "receiver" });
      return;
    }
    if (!BTC_AMOUNT.test(value) || parseUnits(value, 8) <= 0n) {
      setError({ message: messages.invalidAmountAndReceiver, field: "amount" });
      return;
    }
    if (!isBitcoinAddress(to, network)) {
      setError({ message: bitcoinMessages.invalidReceiver, field: "receiver" });
      return;
    }
    if (balanceSats !== undefined && parseUnits(value, 8) > balanceSats) {
      setError({ message: bitcoinMessages.amountExceedsBalance, field: "amount" });
      return;
    }
    setError(undefined);
    setBusy(true);
    runtime.core.bus.emit("SEND_INITIATED", { namespace: "bip122" });
    try {
      const family = await (runtime.bitcoin as NonNullable<typeof runtime.bitcoin>).load();
      const txid = await family.send({ receiver: to, amount: value });
      runtime.core.bus.emit("SEND_SUCCESS", { namespace: "bip122", txid });
      runtime.core.toasts.show(messages.transactionStarted, "success");
      runtime.balances.invalidate();
      void queryClient.invalidateQueries({ queryKey: ["fundament.wallet", "bitcoin"] });
      onDone();
    } catch (e) {
      const text = errorText(e);
      runtime.core.bus.emit("SEND_ERROR", { namespace: "bip122", message: text });
      runtime.core.toasts.show(text, "error");
      setBusy(false);
    }
  };
  return (
    <TransferForm
      label="Send bitcoin"
      onSubmit={submit}
      amount={{ label: "Amount (BTC)", value: amount, onChange: setAmount }}
      receiver={{ value: receiver, placeholder: "Bitcoin address", onChange: setReceiver }}
      error={error}
      busy={busy}
      actions={
        <button type="button" className="fw-button fw-button-secondary" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      }
    />
  );
}
