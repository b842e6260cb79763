import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, lazy, useState } from "react";
import { type Address, formatEther, parseUnits } from "viem";
import { useConfig } from "wagmi";
import { estimateGas, getGasPrice, sendTransaction, writeContract } from "wagmi/actions";
import type { ChainNamespace } from "../../core/caip.js";
import { BALANCE_CACHE_MS, IDENTITY_CACHE_MS } from "../../core/constants.js";
import { shortenAddress } from "../../core/format.js";
import { messages } from "../../core/messages.js";
import { errorText } from "../../features/connect/errors.js";
import { isZoneName } from "../../features/names/validateName.js";
import type { PricedTokenBalance } from "../../features/prices/applyPrices.js";
import { checkReceiver } from "../../features/send/checkReceiver.js";
import { estimateSendGas } from "../../features/send/estimateSendGas.js";
import { sendingAccountType } from "../../features/send/sendingAccountType.js";
import { sendTokens } from "../../features/send/sendTokens.js";
import { hasInsufficientGas, validateSend } from "../../features/send/validateSend.js";
import { TokenSelect, type TransferError, TransferForm } from "../components/TransferForm.js";
import { useWalletRuntime } from "../context.js";
import { identityQueryKey } from "../hooks/useIdentity.js";
import { resolveNameQuery, useResolvedName } from "../hooks/useResolvedName.js";
import { useStore } from "../hooks/useStore.js";
import { useTokenBalances } from "../hooks/useTokenBalances.js";
import { useViewState } from "../hooks/useViewState.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";
import { FamilyView } from "./FamilyView.js";

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

/** The Solana family's view (a separate chunk, loaded when the Solana family is active). */
const SolanaSendView = lazy(() => import("./solana/SolanaViews.js").then((m) => ({ default: m.SolanaSendView })));

/** Send on the active chain family (EVM, or Solana when it is active). */
export function SendView() {
  return <FamilyView evm={EvmSendView} families={{ solana: SolanaSendView }} />;
}

type SendError = TransferError;

/**
 * Send the native token or a listed token. Validation texts are the spec's. The chosen token, the error and the busy
 * state are view state (`useViewState`): the wallet's approval is a view over this one (the embedded wallet's
 * secure frame), and what the wallet answered (its error, in plain words) is said here once it is back.
 */
function EvmSendView() {
  const runtime = useWalletRuntime();
  const { core, send, names, nameZone } = runtime;
  const { address, chainId } = useWalletAccount();
  const balances = useTokenBalances();
  const [tokenKey, setTokenKey] = useViewState("sendToken", "native");
  const [amount, setAmount] = useState(send.getState().sendTokenAmount ?? "");
  const [receiver, setReceiver] = useState(send.getState().receiverAddress ?? "");
  const [error, setError] = useViewState<SendError | undefined>("sendError", undefined);
  const [busy, setBusy] = useViewState("sendBusy", false);

  const tokens = balances.data ?? [];
  const token = tokens.find((t) => (t.address ?? "native") === tokenKey) ?? tokens[0];
  const namespace = core.state.getState().activeChain;
  // The account that sends (the connected one), not the preferred type: the gas check and the "From" line follow it.
  const activeAccount = useStore(core.state, () => core.state.activeAccount());
  const sender = sendingAccountType(activeAccount);
  const preferSmartAccount = activeAccount.preferredAccountType === "smartAccount";
  // A receiver may be a name in the app's zone (`alice.fundament`): it is resolved to its address on this chain.
  const receiverText = receiver.trim();
  const receiverName = names && isZoneName(receiverText, nameZone) ? receiverText.toLowerCase() : undefined;
  const submit = useSendSubmit({ token, tokens, amount, receiverText, receiverName, setError, setBusy });

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
  return (
    <TransferForm
      onSubmit={submit}
      amount={{ label: "Amount", value: amount, onChange: setAmount }}
      receiver={{
        value: receiver,
        placeholder: names ? `0x… or name.${nameZone}` : "0x…",
        onChange: changeReceiver,
        onBlur: () => showReceiverProblem(receiverProblem(receiver)),
        below: receiverName ? <ReceiverName name={receiverName} chainId={chainId} /> : null,
      }}
      error={error}
      busy={busy}
    >
      <p className="fw-muted" data-testid="send-from">
        From your {sender === "smartAccount" ? "smart account" : "wallet"}{" "}
        <span title={address} data-address={address}>
          {address ? shortenAddress(address) : ""}
        </span>
        {sender === "eoa" && preferSmartAccount
          ? " (not your smart account: its tokens move to your wallet from the Account view). You pay the network fee."
          : null}
      </p>
      <TokenSelect
        tokens={tokens}
        value={token ? (token.address ?? "native") : ""}
        onChange={setTokenKey}
        loading={balances.isLoading}
      />
    </TransferForm>
  );
}

/** A zone name typed as the receiver, and the address it resolves to on this chain (or why it does not). */
function ReceiverName({ name, chainId }: { name: string; chainId: number | undefined }) {
  const resolved = useResolvedName(name, chainId);
  return (
    <p className="fw-receiver-name" aria-live="polite" data-testid="send-receiver-name">
      {resolved.isError ? (
        <span className="fw-error fw-wrap">{errorText(resolved.error)}</span>
      ) : resolved.data ? (
        <>
          {name} → <span title={resolved.data}>{shortenAddress(resolved.data)}</span>
        </>
      ) : (
        `Resolving ${name}…`
      )}
    </p>
  );
}

type SendSubmitParameters = {
  token: PricedTokenBalance | undefined;
  tokens: readonly PricedTokenBalance[];
  amount: string;
  receiverText: string;
  /** The receiver typed as a name of the app's zone, lowercased. */
  receiverName: string | undefined;
  setError: (error: SendError | undefined) => void;
  setBusy: (busy: boolean) => void;
};

/**
 * The Send form's submit: the receiver (a zone name resolved to its address), the spec's validation, the balance,
 * the gas (`hasInsufficientGas`: the node's estimate of this very send), then the send through the wallet. A send
 * the wallet fails (or the person declines) is said under the button in plain words (`errorText`); the spec's toast
 * 'Something went wrong' is shown too.
 */
function useSendSubmit(p: SendSubmitParameters) {
  const runtime = useWalletRuntime();
  const { core, send, names, nameZone } = runtime;
  const apiUrl = runtime.config.apiUrl;
  const config = useConfig();
  const queryClient = useQueryClient();
  const { address, chainId, isConnected } = useWalletAccount();
  const gasPrice = useQuery({
    queryKey: ["fundament.wallet", "gasPrice", chainId],
    enabled: isConnected && config.chains.some((c) => c.id === chainId),
    staleTime: BALANCE_CACHE_MS,
    queryFn: () => getGasPrice(config, { chainId: chainId as number }),
  });
  const { token, amount, receiverText, receiverName, setError, setBusy } = p;

  /** The receiver's address (a zone name resolved), or undefined after saying what is wrong. */
  const resolveReceiver = async (): Promise<string | undefined> => {
    if (names && !receiverName && looksLikeName(receiverText)) {
      setError({ message: receiverNameNotSupported(nameZone), field: "receiver" });
      return undefined;
    }
    if (!receiverName) return receiverText;
    try {
      return await queryClient.fetchQuery(resolveNameQuery({ names, apiUrl, name: receiverName, chainId }));
    } catch (e) {
      setError({ message: errorText(e), field: "receiver" });
      return undefined;
    }
  };

  /** Whether the native balance cannot pay the gas of this send (smart accounts are exempt). */
  const lacksGas = async (receiverAddress: string, decimals: number) => {
    const gas = await estimateSendGas({
      estimate: (tx) => estimateGas(config, { ...tx, chainId: chainId as number }),
      account: address as Address,
      receiver: (receiverAddress.startsWith("0x") ? receiverAddress : `0x${receiverAddress}`) as Address,
      amount: parseUnits(amount.trim(), decimals),
      token: token?.address ? (token.address.split(":").at(-1) as Address) : undefined,
    });
    const gasCost = Number(formatEther((gasPrice.data ?? 0n) * gas));
    const nativeBalance = Number(p.tokens.find((t) => !t.address)?.quantity.numeric ?? "0");
    const spendNative = token?.address ? 0 : Number(amount);
    return hasInsufficientGas({
      networkBalanceInUSD: nativeBalance - spendNative,
      gasPriceInUSD: gasCost,
      isSmartAccount: sendingAccountType(core.state.activeAccount()) === "smartAccount",
    });
  };

  /** The receiver's name and avatar (spec send state): the typed name, or the address's identity when known. */
  const receiverIdentity = (receiverAddress: string) =>
    names && receiverAddress.startsWith("0x")
      ? queryClient
          .fetchQuery({
            queryKey: identityQueryKey(apiUrl, receiverAddress),
            staleTime: IDENTITY_CACHE_MS,
            gcTime: IDENTITY_CACHE_MS,
            retry: false,
            queryFn: () => names.getIdentity(receiverAddress, address),
          })
          .catch(() => undefined)
      : Promise.resolve(undefined);

  return async (event: FormEvent) => {
    event.preventDefault();
    const receiverAddress = await resolveReceiver();
    if (receiverAddress === undefined) return;
    const chainNamespace = core.state.getState().activeChain;
    const problem = checkSendForm({ token, amount, receiverAddress, gasPrice: gasPrice.data, chainNamespace });
    if (problem) {
      setError(problem);
      return;
    }
    if (!token) return;
    if (await lacksGas(receiverAddress, Number(token.quantity.decimals))) {
      const nativeSymbol = p.tokens.find((t) => !t.address)?.symbol ?? "ETH";
      setError({ message: messages.insufficientGas, field: "amount", hint: insufficientGasHint(nativeSymbol) });
      return;
    }
    setError(undefined);
    const identity = await receiverIdentity(receiverAddress);
    send.setState({
      token,
      sendTokenAmount: amount.trim(),
      receiverAddress,
      receiverProfileName: receiverName ?? identity?.name ?? undefined,
      receiverProfileImageUrl: identity?.avatar ?? undefined,
      gasPrice: gasPrice.data,
    });
    setBusy(true);
    const hash = await sendTokens({
      core,
      send,
      client: {
        sendTransaction: (tx) => sendTransaction(config, tx),
        writeContract: (tx) => writeContract(config, tx),
      },
      onError: (e) => setError({ message: errorText(e), field: undefined }),
    });
    setBusy(false);
    if (hash) {
      runtime.balances.invalidate();
      void queryClient.invalidateQueries({ queryKey: ["fundament.wallet"] });
    }
  };
}

/** The spec's validation, then the balance: the error to show, or undefined when the send may go on. */
function checkSendForm(p: {
  token: PricedTokenBalance | undefined;
  amount: string;
  receiverAddress: string;
  gasPrice: bigint | undefined;
  chainNamespace: ChainNamespace;
}): SendError | undefined {
  const { token, amount } = p;
  const check = validateSend({
    chainNamespace: p.chainNamespace,
    token: token
      ? { symbol: token.symbol, address: token.address, decimals: Number(token.quantity.decimals) }
      : undefined,
    sendTokenAmount: amount,
    receiverAddress: p.receiverAddress,
    gasPrice: p.gasPrice,
  });
  if (!check.valid) return { message: check.message, field: check.field };
  if (!token) return undefined;
  const decimals = Number(token.quantity.decimals);
  if (parseUnits(amount.trim(), decimals) > parseUnits(token.quantity.numeric, decimals)) {
    return {
      message: AMOUNT_EXCEEDS_BALANCE,
      field: "amount",
      hint: amountExceedsHint(token.quantity.numeric, token.symbol),
    };
  }
  return undefined;
}
