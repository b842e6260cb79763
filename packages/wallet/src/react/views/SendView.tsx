import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, lazy, useId, useState } from "react";
import { type Address, formatEther, parseUnits } from "viem";
import { useConfig } from "wagmi";
import { estimateGas, getGasPrice, sendTransaction, writeContract } from "wagmi/actions";
import { BALANCE_CACHE_MS, IDENTITY_CACHE_MS } from "../../core/constants.js";
import { formatNumeric, shortenAddress } from "../../core/format.js";
import { messages } from "../../core/messages.js";
import { isZoneName } from "../../features/names/validateName.js";
import { checkReceiver } from "../../features/send/checkReceiver.js";
import { estimateSendGas } from "../../features/send/estimateSendGas.js";
import { sendingAccountType } from "../../features/send/sendingAccountType.js";
import { sendTokens } from "../../features/send/sendTokens.js";
import { hasInsufficientGas, validateSend } from "../../features/send/validateSend.js";
import { useWalletRuntime } from "../context.js";
import { errorText } from "../createWalletRuntime.js";
import { identityQueryKey } from "../hooks/useIdentity.js";
import { resolveNameQuery, useResolvedName } from "../hooks/useResolvedName.js";
import { useStore } from "../hooks/useStore.js";
import { useTokenBalances } from "../hooks/useTokenBalances.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

/** Shown when the amount is more than the balance. */
export const AMOUNT_EXCEEDS_BALANCE = "Amount exceeds your balance";

/** What to do when the amount is more than the balance. */
export function amountExceedsHint(balance: string, symbol: string): string {
  return `Enter at most ${balance} ${symbol}.`;
}

/** What to do when the native balance cannot pay the gas (the spec's 'Insufficient funds for gas' comes first). */
export function insufficientGasHint(nativeSymbol: string): string {
  return `Add ${nativeSymbol} to this account to pay the network fee, or send a smaller amount.`;
}

/** A dotted receiver outside the app's name zone (e.g. an ENS name): only the zone's names resolve here. */
export function receiverNameNotSupported(zone: string): string {
  return `Only names ending in .${zone} can be used here: enter the address instead.`;
}

/** A typed receiver that reads as a name (`alice.fundament`, `bob.eth`) rather than an address. */
function looksLikeName(value: string): boolean {
  return value.includes(".") && !value.startsWith("0x");
}

/** `0x` and 40 hex digits: an EVM address is complete at this length and can be checked as it is typed. */
const EVM_ADDRESS_LENGTH = 42;

type Field = "amount" | "receiver" | "token" | "gasPrice" | "chain" | undefined;

/** The Solana family's view (a separate chunk, loaded when the Solana family is active). */
const SolanaSendView = lazy(() =>
  import("../../features/solana/SolanaViews.js").then((m) => ({ default: m.SolanaSendView })),
);

/** Send on the active chain family (EVM, or Solana when it is active). */
export function SendView() {
  const { core } = useWalletRuntime();
  const solana = useStore(core.state, (s) => s.activeChain === "solana");
  return solana ? <SolanaSendView /> : <EvmSendView />;
}

/** Send the native token or a listed token. Validation texts are the spec's. */
function EvmSendView() {
  const runtime = useWalletRuntime();
  const { core, send } = runtime;
  const config = useConfig();
  const queryClient = useQueryClient();
  const { address, chainId, isConnected } = useWalletAccount();
  const balances = useTokenBalances();
  const gasPrice = useQuery({
    queryKey: ["fundament.wallet", "gasPrice", chainId],
    enabled: isConnected && config.chains.some((c) => c.id === chainId),
    staleTime: BALANCE_CACHE_MS,
    queryFn: () => getGasPrice(config, { chainId: chainId as number }),
  });
  const ids = { token: useId(), amount: useId(), receiver: useId(), error: useId(), hint: useId() };
  const [tokenKey, setTokenKey] = useState("native");
  const [amount, setAmount] = useState(send.getState().sendTokenAmount ?? "");
  const [receiver, setReceiver] = useState(send.getState().receiverAddress ?? "");
  const [error, setError] = useState<{ message: string; field: Field; hint?: string } | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const tokens = balances.data ?? [];
  const token = tokens.find((t) => (t.address ?? "native") === tokenKey) ?? tokens[0];
  const native = tokens.find((t) => !t.address);
  const namespace = core.state.getState().activeChain;
  // The account that sends (the connected one), not the preferred type: the gas check and the "From" line follow it.
  const activeAccount = useStore(core.state, () => core.state.activeAccount());
  const sender = sendingAccountType(activeAccount);
  const preferSmartAccount = activeAccount.preferredAccountType === "smartAccount";
  // A receiver may be a name in the app's zone (`alice.fundament`): it is resolved to its address on this chain.
  const { names, nameZone } = runtime;
  const apiUrl = runtime.config.apiUrl;
  const receiverText = receiver.trim();
  const receiverName = names && isZoneName(receiverText, nameZone) ? receiverText.toLowerCase() : undefined;
  const resolved = useResolvedName(receiverName, chainId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (names && !receiverName && looksLikeName(receiverText)) {
      setError({ message: receiverNameNotSupported(nameZone), field: "receiver" });
      return;
    }
    let receiverAddress = receiverText;
    if (receiverName) {
      try {
        receiverAddress = await queryClient.fetchQuery(
          resolveNameQuery({ names, apiUrl, name: receiverName, chainId }),
        );
      } catch (e) {
        setError({ message: errorText(e), field: "receiver" });
        return;
      }
    }
    const check = validateSend({
      chainNamespace: namespace,
      token: token
        ? { symbol: token.symbol, address: token.address, decimals: Number(token.quantity.decimals) }
        : undefined,
      sendTokenAmount: amount,
      receiverAddress,
      gasPrice: gasPrice.data,
    });
    if (!check.valid) {
      setError({ message: check.message, field: check.field });
      return;
    }
    if (!token) return;
    const decimals = Number(token.quantity.decimals);
    if (parseUnits(amount.trim(), decimals) > parseUnits(token.quantity.numeric, decimals)) {
      setError({
        message: AMOUNT_EXCEEDS_BALANCE,
        field: "amount",
        hint: amountExceedsHint(token.quantity.numeric, token.symbol),
      });
      return;
    }
    const gas = await estimateSendGas({
      estimate: (tx) => estimateGas(config, { ...tx, chainId: chainId as number }),
      account: address as Address,
      receiver: (receiverAddress.startsWith("0x") ? receiverAddress : `0x${receiverAddress}`) as Address,
      amount: parseUnits(amount.trim(), decimals),
      token: token.address ? (token.address.split(":").at(-1) as Address) : undefined,
    });
    const gasCost = Number(formatEther((gasPrice.data ?? 0n) * gas));
    const nativeBalance = Number(native?.quantity.numeric ?? "0");
    const spendNative = token.address ? 0 : Number(amount);
    if (
      hasInsufficientGas({
        networkBalanceInUSD: nativeBalance - spendNative,
        gasPriceInUSD: gasCost,
        isSmartAccount: sendingAccountType(core.state.activeAccount()) === "smartAccount",
      })
    ) {
      setError({
        message: messages.insufficientGas,
        field: "amount",
        hint: insufficientGasHint(native?.symbol ?? "ETH"),
      });
      return;
    }
    setError(undefined);
    // The receiver's name and avatar (spec send state): the typed name, or the address's identity when known.
    const receiverIdentity =
      names && receiverAddress.startsWith("0x")
        ? await queryClient
            .fetchQuery({
              queryKey: identityQueryKey(apiUrl, receiverAddress),
              staleTime: IDENTITY_CACHE_MS,
              gcTime: IDENTITY_CACHE_MS,
              retry: false,
              queryFn: () => names.getIdentity(receiverAddress, address),
            })
            .catch(() => undefined)
        : undefined;
    send.setState({
      token,
      sendTokenAmount: amount.trim(),
      receiverAddress,
      receiverProfileName: receiverName ?? receiverIdentity?.name ?? undefined,
      receiverProfileImageUrl: receiverIdentity?.avatar ?? undefined,
      gasPrice: gasPrice.data,
    });
    setBusy(true);
    const hash = await sendTokens({
      core,
      send,
      client: {
        sendTransaction: (p) => sendTransaction(config, p),
        writeContract: (p) => writeContract(config, p),
      },
    });
    setBusy(false);
    if (hash) {
      runtime.balances.invalidate();
      void queryClient.invalidateQueries({ queryKey: ["fundament.wallet"] });
    }
  };

  /** What is wrong with a typed receiver (wrong checksum, not an address, a name outside the zone), if anything. */
  const receiverProblem = (text: string): string | undefined => {
    const typed = text.trim();
    if (names && isZoneName(typed, nameZone)) return undefined;
    if (names && looksLikeName(typed)) return receiverNameNotSupported(nameZone);
    const check = checkReceiver(text, namespace);
    return check.valid ? undefined : check.message;
  };
  const showReceiverProblem = (problem: string | undefined) => {
    if (problem) setError({ message: problem, field: "receiver" });
    else if (error?.field === "receiver") setError(undefined);
  };
  // Checked as the person types once an address is complete (so a corrected address clears its error at once, and
  // nothing changes under the pointer when Send is pressed), and when the field is left.
  const changeReceiver = (text: string) => {
    setReceiver(text);
    const complete = text.trim().length >= EVM_ADDRESS_LENGTH;
    showReceiverProblem(complete ? receiverProblem(text) : undefined);
  };
  const checkReceiverField = () => showReceiverProblem(receiverProblem(receiver));
  const invalid = (field: Field) => (error && error.field === field ? true : undefined);
  const describedBy = error ? (error.hint ? `${ids.error} ${ids.hint}` : ids.error) : undefined;
  return (
    <form className="fw-stack" onSubmit={submit} noValidate>
      <p className="fw-muted" data-testid="send-from">
        From your {sender === "smartAccount" ? "smart account" : "EOA"}{" "}
        <span title={address} data-address={address}>
          {address ? shortenAddress(address) : ""}
        </span>
        {sender === "eoa" && preferSmartAccount
          ? " (not your smart account: its tokens move to your wallet from the Account view). You pay the network fee."
          : null}
      </p>
      <div className="fw-field">
        <label htmlFor={ids.token}>Token</label>
        <select
          id={ids.token}
          className="fw-select"
          value={token ? (token.address ?? "native") : ""}
          onChange={(e) => setTokenKey(e.target.value)}
          disabled={tokens.length === 0}
        >
          {tokens.length === 0 ? <option value="">{balances.isLoading ? "Loading…" : "No tokens"}</option> : null}
          {tokens.map((t) => (
            <option key={t.address ?? "native"} value={t.address ?? "native"}>
              {t.symbol} — {formatNumeric(t.quantity.numeric)}
            </option>
          ))}
        </select>
      </div>
      <div className="fw-field">
        <label htmlFor={ids.amount}>Amount</label>
        <input
          id={ids.amount}
          className="fw-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={amount}
          aria-invalid={invalid("amount")}
          aria-describedby={describedBy}
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
          placeholder={names ? `0x… or name.${nameZone}` : "0x…"}
          value={receiver}
          aria-invalid={invalid("receiver")}
          aria-describedby={describedBy}
          onChange={(e) => changeReceiver(e.target.value)}
          onBlur={checkReceiverField}
        />
        {receiverName ? (
          <p className="fw-receiver-name" aria-live="polite" data-testid="send-receiver-name">
            {resolved.isError ? (
              <span className="fw-error fw-wrap">{errorText(resolved.error)}</span>
            ) : resolved.data ? (
              <>
                {receiverName} → <span title={resolved.data}>{shortenAddress(resolved.data)}</span>
              </>
            ) : (
              `Resolving ${receiverName}…`
            )}
          </p>
        ) : null}
      </div>
      <button type="submit" className="fw-button" disabled={busy}>
        {busy ? "Sending…" : "Send"}
      </button>
      {/* Below the button: a message that comes or goes never moves the button from under the pointer. */}
      {error ? (
        <p id={ids.error} className="fw-error" role="alert">
          {error.message}
        </p>
      ) : null}
      {error?.hint ? (
        <p id={ids.hint} className="fw-muted">
          {error.hint}
        </p>
      ) : null}
    </form>
  );
}
