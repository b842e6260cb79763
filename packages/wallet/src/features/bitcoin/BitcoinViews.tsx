import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { parseUnits } from "viem";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import { BaseError } from "../../core/errors.js";
import { formatNumeric, formatNumericExact, shortenAddress } from "../../core/format.js";
import { messages } from "../../core/messages.js";
import { CopyButton } from "../../react/components/CopyButton.js";
import { ListItemButton } from "../../react/components/ListItemButton.js";
import { ListNav } from "../../react/components/ListNav.js";
import { NoFamilyAccount } from "../../react/components/NoFamilyAccount.js";
import { WalletImage } from "../../react/components/WalletImage.js";
import { useWalletRuntime } from "../../react/context.js";
import { useStore } from "../../react/hooks/useStore.js";
import { isBitcoinAddress } from "./address.js";
import { bitcoinMessages } from "./errors.js";
import type { BitcoinSignedMessage } from "./types.js";

/** The query key of the BTC balance of an address on a network. */
export const bitcoinBalanceKey = (caipNetworkId: string | undefined, address: string | undefined) =>
  ["fundament.wallet", "bitcoin", "balance", caipNetworkId ?? null, address ?? null] as const;

/** A decimal BTC amount with at most 8 decimals, above zero. */
const BTC_AMOUNT = /^(?:\d+(?:\.\d{0,8})?|\.\d{1,8})$/;

function useBitcoinAccount() {
  const { core } = useWalletRuntime();
  const account = useStore(core.state, (s) => s.chains.bip122?.account);
  const network = useStore(core.state, (s) => s.chains.bip122?.network.activeNetwork);
  const address = account?.status === "connected" ? account.address : undefined;
  return { account, address, network };
}

/** The BTC balance of the connected payment address ('Token Balance Unavailable' on failure, 30 s cooldown). */
export function useBitcoinBalance() {
  const runtime = useWalletRuntime();
  const { address, network } = useBitcoinAccount();
  return useQuery({
    queryKey: bitcoinBalanceKey(network?.caipNetworkId, address),
    enabled: Boolean(runtime.bitcoin && address && network),
    staleTime: BALANCE_CACHE_MS,
    retry: false,
    queryFn: async () => {
      const family = await (runtime.bitcoin as NonNullable<typeof runtime.bitcoin>).load();
      const [balance] = await runtime.balances.fetch(`${network?.caipNetworkId}:${address}`, async () => [
        await family.getBalance(address as string),
      ]);
      if (!balance) throw new Error(messages.tokenBalanceUnavailable);
      runtime.core.state.setAccount("bip122", {
        tokenBalance: [balance],
        balance: balance.quantity.numeric,
        balanceSymbol: "BTC",
      });
      return balance;
    },
  });
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
      <div className="fw-account-head">
        <WalletImage src={wallet?.icon} name={wallet?.name ?? "Wallet"} size={56} />
        <p className="fw-account-address" title={address} data-address={address}>
          {shortenAddress(address)}
        </p>
        <p className="fw-muted" data-testid="bitcoin-account-type">
          Account type: {type}
        </p>
        <p
          className="fw-account-balance"
          aria-live="polite"
          data-testid="bitcoin-balance"
          title={balance.data ? `${formatNumericExact(balance.data.quantity.numeric)} BTC` : undefined}
        >
          {balance.data
            ? `${formatNumeric(balance.data.quantity.numeric)} BTC`
            : balance.isLoading
              ? "…"
              : balance.isError
                ? messages.tokenBalanceUnavailable
                : ""}
        </p>
        <CopyButton text={address} />
      </div>
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
  const ids = { amount: useId(), receiver: useId(), error: useId() };
  const [amount, setAmount] = useState("");
  const [receiver, setReceiver] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field: "amount" | "receiver" | undefined } | undefined>();
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
  const invalid = (field: "amount" | "receiver") => (error?.field === field ? true : undefined);
  return (
    <form className="fw-stack" onSubmit={submit} noValidate aria-label="Send bitcoin">
      <div className="fw-field">
        <label htmlFor={ids.amount}>Amount (BTC)</label>
        <input
          id={ids.amount}
          className="fw-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={amount}
          aria-invalid={invalid("amount")}
          aria-describedby={error ? ids.error : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="fw-field">
        <label htmlFor={ids.receiver}>To</label>
        <input
          id={ids.receiver}
          className="fw-input"
          autoComplete="off"
          spellCheck={false}
          placeholder="Bitcoin address"
          value={receiver}
          aria-invalid={invalid("receiver")}
          aria-describedby={error ? ids.error : undefined}
          onChange={(e) => setReceiver(e.target.value)}
        />
      </div>
      {error ? (
        <p id={ids.error} className="fw-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <button type="submit" className="fw-button" disabled={busy}>
        {busy ? "Sending…" : "Send"}
      </button>
      <button type="button" className="fw-button fw-button-secondary" onClick={onDone} disabled={busy}>
        Cancel
      </button>
    </form>
  );
}
