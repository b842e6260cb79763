import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { type Address, formatEther, parseUnits } from "viem";
import { useConfig } from "wagmi";
import { estimateGas, getGasPrice, sendTransaction, writeContract } from "wagmi/actions";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import { messages } from "../../core/messages.js";
import { estimateSendGas } from "../../features/send/estimateSendGas.js";
import { sendTokens } from "../../features/send/sendTokens.js";
import { hasInsufficientGas, validateSend } from "../../features/send/validateSend.js";
import { useWalletRuntime } from "../context.js";
import { formatNumeric } from "../format.js";
import { useTokenBalances } from "../hooks/useTokenBalances.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";

/** Shown when the amount is more than the balance. */
export const AMOUNT_EXCEEDS_BALANCE = "Amount exceeds your balance";

type Field = "amount" | "receiver" | "token" | "gasPrice" | "chain" | undefined;

/** Send the native token or a listed token. Validation texts are the spec's. */
export function SendView() {
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
  const ids = { token: useId(), amount: useId(), receiver: useId(), error: useId() };
  const [tokenKey, setTokenKey] = useState("native");
  const [amount, setAmount] = useState(send.getState().sendTokenAmount ?? "");
  const [receiver, setReceiver] = useState(send.getState().receiverAddress ?? "");
  const [error, setError] = useState<{ message: string; field: Field } | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const tokens = balances.data ?? [];
  const token = tokens.find((t) => (t.address ?? "native") === tokenKey) ?? tokens[0];
  const native = tokens.find((t) => !t.address);
  const namespace = core.state.getState().activeChain;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = validateSend({
      chainNamespace: namespace,
      token: token
        ? { symbol: token.symbol, address: token.address, decimals: Number(token.quantity.decimals) }
        : undefined,
      sendTokenAmount: amount,
      receiverAddress: receiver,
      gasPrice: gasPrice.data,
    });
    if (!check.valid) {
      setError({ message: check.message, field: check.field });
      return;
    }
    if (!token) return;
    const decimals = Number(token.quantity.decimals);
    if (parseUnits(amount.trim(), decimals) > parseUnits(token.quantity.numeric, decimals)) {
      setError({ message: AMOUNT_EXCEEDS_BALANCE, field: "amount" });
      return;
    }
    const receiverAddress = receiver.trim();
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
        isSmartAccount: core.state.activeAccount().preferredAccountType === "smartAccount",
      })
    ) {
      setError({ message: messages.insufficientGas, field: "amount" });
      return;
    }
    setError(undefined);
    send.setState({ token, sendTokenAmount: amount.trim(), receiverAddress: receiver.trim(), gasPrice: gasPrice.data });
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

  const invalid = (field: Field) => (error && error.field === field ? true : undefined);
  return (
    <form className="fw-stack" onSubmit={submit} noValidate>
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
          placeholder="0x…"
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
    </form>
  );
}
