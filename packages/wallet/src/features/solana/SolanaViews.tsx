import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useMemo, useState } from "react";
import { parseUnits } from "viem";
import { BALANCE_CACHE_MS } from "../../core/constants.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import { formatDateTime, formatNumeric, formatNumericExact, shortenAddress } from "../../core/format.js";
import { messages } from "../../core/messages.js";
import { CopyButton } from "../../react/components/CopyButton.js";
import { ListItemButton } from "../../react/components/ListItemButton.js";
import { ListNav } from "../../react/components/ListNav.js";
import { NoFamilyAccount } from "../../react/components/NoFamilyAccount.js";
import { WalletImage } from "../../react/components/WalletImage.js";
import { useWalletRuntime } from "../../react/context.js";
import { useStore } from "../../react/hooks/useStore.js";
import { formatTotalUsd, formatUsd } from "../prices/applyPrices.js";
import { fetchPrices } from "../prices/createPricesClient.js";
import { RECEIVER_NOT_SOLANA } from "../send/checkReceiver.js";
import { hasInsufficientGas, validateSend } from "../send/validateSend.js";
import { isSolanaAddress } from "./address.js";
import { SolanaDevAccountPicker } from "./SolanaDevAccountPicker.js";
import { sendSolana } from "./sendSolana.js";
import { SOLANA_DEV_CONNECTOR_ID } from "./solanaDevAccounts.js";

/** Shown when the amount is more than the balance. */
const AMOUNT_EXCEEDS_BALANCE = "Amount exceeds your balance";

/** The network fee of a one-signature Solana transaction (5,000 lamports), in SOL. */
export const SOLANA_SIGNATURE_FEE_SOL = 0.000005;

/** The query key of the Solana balances of an address on a network. */
export const solanaBalancesKey = (caipNetworkId: string | undefined, address: string | undefined) =>
  ["fundament.wallet", "solana", "balances", caipNetworkId ?? null, address ?? null] as const;

function useSolanaAccount() {
  const { core } = useWalletRuntime();
  const account = useStore(core.state, (s) => s.chains.solana?.account);
  const network = useStore(core.state, (s) => s.chains.solana?.network.activeNetwork);
  const address = account?.status === "connected" ? account.address : undefined;
  return { account, address, network };
}

/** The wrapped-SOL mint: SOL's price id (`solana:<ref>:So111…112`), as price APIs list it. */
export const WRAPPED_SOL_MINT = "So11111111111111111111111111111111111111112";

/** The CAIP id a Solana balance is priced by: the SPL mint, or wrapped SOL for SOL. */
export function solanaPriceId(balance: Pick<TokenBalance, "address" | "chainId">): string {
  return balance.address ?? `${balance.chainId}:${WRAPPED_SOL_MINT}`;
}

/**
 * The Solana balances valued in USD from the API's `POST /v1/fungible/price` (cached 30 s) when `apiUrl` is set; a
 * price failure only leaves them without USD values.
 */
export function useSolanaPricedBalances() {
  const runtime = useWalletRuntime();
  const apiUrl = runtime.config.apiUrl;
  const balances = useSolanaBalances();
  const ids = useMemo(() => (balances.data ?? []).map((b) => solanaPriceId(b).toLowerCase()).sort(), [balances.data]);
  const prices = useQuery({
    queryKey: ["fundament.wallet", "solana", "prices", apiUrl ?? null, ids.join(",")],
    enabled: Boolean(apiUrl) && ids.length > 0,
    staleTime: BALANCE_CACHE_MS,
    retry: false,
    queryFn: () => fetchPrices({ apiUrl: apiUrl as string, addresses: ids, fetch: runtime.config.fetch }),
  });
  const data = useMemo(
    () =>
      balances.data?.map((b) => {
        const price = prices.data?.get(solanaPriceId(b).toLowerCase());
        return price === undefined
          ? { ...b, priced: false }
          : { ...b, price, value: price * Number(b.quantity.numeric), priced: true };
      }),
    [balances.data, prices.data],
  );
  const priced = data?.filter((b) => b.priced) ?? [];
  const totalValue = priced.length > 0 ? priced.reduce((sum, b) => sum + b.value, 0) : undefined;
  return { ...balances, data, totalValue };
}

/** SOL and SPL balances of the connected Solana account ('Token Balance Unavailable' on failure, 30 s cooldown). */
export function useSolanaBalances() {
  const runtime = useWalletRuntime();
  const { address, network } = useSolanaAccount();
  return useQuery({
    queryKey: solanaBalancesKey(network?.caipNetworkId, address),
    enabled: Boolean(runtime.solana && address && network),
    staleTime: BALANCE_CACHE_MS,
    retry: false,
    queryFn: async () => {
      const family = await (runtime.solana as NonNullable<typeof runtime.solana>).load();
      const balances = await runtime.balances.fetch(`${network?.caipNetworkId}:${address}`, () =>
        family.getBalances(address as string),
      );
      runtime.core.state.setAccount("solana", {
        tokenBalance: balances,
        balance: balances.find((b) => !b.address)?.quantity.numeric,
        balanceSymbol: "SOL",
      });
      return balances;
    },
  });
}

/** The Solana account overview: address, SOL and SPL balances, receive, send, activity, network, disconnect. */
export function SolanaAccountView() {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const { account, address, network } = useSolanaAccount();
  const balances = useSolanaPricedBalances();
  const native = balances.data?.find((b) => !b.address);
  const tokens = balances.data?.filter((b) => b.address) ?? [];
  if (!address) return <NoFamilyAccount namespace="solana" />;
  const wallet = account?.connectedWalletInfo;
  return (
    <div className="fw-stack">
      <div className="fw-account-head">
        <WalletImage src={wallet?.icon} name={wallet?.name ?? "Wallet"} size={56} />
        <p className="fw-account-address" title={address}>
          {shortenAddress(address)}
        </p>
        <p
          className="fw-account-balance"
          aria-live="polite"
          data-testid="solana-balance"
          title={native ? `${formatNumericExact(native.quantity.numeric)} ${native.symbol}` : undefined}
        >
          {native
            ? `${formatNumeric(native.quantity.numeric)} ${native.symbol}`
            : balances.isLoading
              ? "…"
              : balances.isError
                ? messages.tokenBalanceUnavailable
                : ""}
        </p>
        {balances.totalValue !== undefined ? (
          <p
            className="fw-account-total"
            data-testid="account-total-usd"
            title="Total value in USD of the tokens listed"
          >
            Total {formatTotalUsd(balances.totalValue)}
          </p>
        ) : null}
        <CopyButton text={address} />
      </div>
      {wallet?.id === SOLANA_DEV_CONNECTOR_ID ? <SolanaDevAccountPicker address={address} /> : null}
      <ListNav label="Account actions">
        <ListItemButton name="Receive" icon={null} onClick={() => core.router.push("Receive")} />
        <ListItemButton name="Send" icon={null} onClick={() => core.router.push("Send")} />
        <ListItemButton name="Activity" icon={null} onClick={() => core.router.push("Transactions")} />
        <ListItemButton
          name={network ? network.name : "Network"}
          tag="Switch"
          onClick={() => core.router.push("Networks")}
        />
      </ListNav>
      {tokens.length > 0 ? (
        <section aria-label="Token balances">
          <h3 className="fw-subtitle">Tokens</h3>
          <ul className="fw-tokens">
            {tokens.map((b) => (
              <li key={b.address}>
                <span title={b.address?.split(":").at(-1)}>{b.name || b.symbol}</span>
                <span className="fw-token-amounts">
                  <span title={`${formatNumericExact(b.quantity.numeric)} ${b.symbol}`}>
                    {formatNumeric(b.quantity.numeric)} {b.symbol}
                  </span>
                  {b.priced ? (
                    <span className="fw-token-value" title={`${formatUsd(b.price)} per ${b.symbol}`}>
                      {formatUsd(b.value)}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <button type="button" className="fw-button fw-button-secondary" onClick={() => void runtime.disconnect()}>
        Disconnect
      </button>
    </div>
  );
}

type Field = "amount" | "receiver" | "token" | "gasPrice" | "chain" | undefined;

/** Send SOL or an SPL token, signed by the Solana wallet. Validation texts are the spec's. */
export function SolanaSendView() {
  const runtime = useWalletRuntime();
  const { core, send } = runtime;
  const queryClient = useQueryClient();
  const { address } = useSolanaAccount();
  const balances = useSolanaBalances();
  const ids = { token: useId(), amount: useId(), receiver: useId(), error: useId() };
  const [tokenKey, setTokenKey] = useState("native");
  const [amount, setAmount] = useState(send.getState().sendTokenAmount ?? "");
  const [receiver, setReceiver] = useState(send.getState().receiverAddress ?? "");
  const [error, setError] = useState<{ message: string; field: Field } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const tokens = balances.data ?? [];
  const token = tokens.find((t) => (t.address ?? "native") === tokenKey) ?? tokens[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const receiverAddress = receiver.trim();
    const check = validateSend({
      chainNamespace: "solana",
      token: token ? { symbol: token.symbol, address: token.address } : undefined,
      sendTokenAmount: amount,
      receiverAddress,
    });
    if (!check.valid) {
      setError({ message: check.message, field: check.field });
      return;
    }
    if (!isSolanaAddress(receiverAddress)) {
      setError({ message: RECEIVER_NOT_SOLANA, field: "receiver" });
      return;
    }
    if (!token || !runtime.solana) return;
    const decimals = Number(token.quantity.decimals);
    if (parseUnits(amount.trim(), decimals) > parseUnits(token.quantity.numeric, decimals)) {
      setError({ message: AMOUNT_EXCEEDS_BALANCE, field: "amount" });
      return;
    }
    // The fee is paid in SOL: what stays after a SOL send (or the whole SOL balance for a token) must cover it.
    const native = tokens.find((t) => !t.address);
    const solLeft = Number(native?.quantity.numeric ?? "0") - (token.address ? 0 : Number(amount));
    if (
      hasInsufficientGas({
        networkBalanceInUSD: solLeft,
        gasPriceInUSD: SOLANA_SIGNATURE_FEE_SOL,
        isSmartAccount: false,
      })
    ) {
      setError({ message: messages.insufficientGas, field: "amount" });
      return;
    }
    setError(undefined);
    send.setState({ token, sendTokenAmount: amount.trim(), receiverAddress });
    setBusy(true);
    const family = await runtime.solana.load();
    const signature = await sendSolana({ core, send, family });
    setBusy(false);
    if (signature) {
      runtime.balances.invalidate();
      void queryClient.invalidateQueries({ queryKey: ["fundament.wallet", "solana"] });
    }
  };
  const invalid = (field: Field) => (error && error.field === field ? true : undefined);
  return (
    <form className="fw-stack" onSubmit={submit} noValidate>
      <p className="fw-muted" data-testid="send-from">
        From{" "}
        <span title={address} data-address={address}>
          {address ? shortenAddress(address) : ""}
        </span>
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
          placeholder="Solana address"
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

/** The Solana account's activity from the RPC (getSignaturesForAddress), newest first, 20 a page. */
export function SolanaTransactionsView() {
  const runtime = useWalletRuntime();
  const { address, network } = useSolanaAccount();
  const query = useInfiniteQuery({
    queryKey: ["fundament.wallet", "solana", "activity", network?.caipNetworkId ?? null, address ?? null],
    enabled: Boolean(runtime.solana && address),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) => {
      const family = await (runtime.solana as NonNullable<typeof runtime.solana>).load();
      return family.getActivity(address as string, { limit: 20, before: pageParam });
    },
    getNextPageParam: (last) => (last.length === 20 ? last.at(-1)?.signature : undefined),
  });
  if (!address) return <p className="fw-muted">Not connected.</p>;
  const rows = query.data?.pages.flat() ?? [];
  const explorer = network?.blockExplorers?.default.url;
  return (
    <div className="fw-stack">
      {query.isLoading ? (
        <p className="fw-muted" role="status">
          Loading activity…
        </p>
      ) : query.isError ? (
        <p className="fw-error" role="alert">
          {messages.failedToFetchTransactions}
        </p>
      ) : rows.length === 0 ? (
        <p className="fw-muted" role="status">
          No activity yet
        </p>
      ) : (
        <ul className="fw-tokens" aria-label="Transactions">
          {rows.map((row) => (
            <li key={row.signature} className="fw-tx">
              <span>
                <strong>
                  {row.failed
                    ? "Failed"
                    : row.direction === "sent"
                      ? "Sent"
                      : row.direction === "received"
                        ? "Received"
                        : "Transaction"}
                </strong>
                {row.amount && row.symbol ? ` ${formatNumeric(row.amount)} ${row.symbol} ` : " "}
                {explorer ? (
                  <a href={`${explorer}/tx/${row.signature}`} target="_blank" rel="noreferrer noopener">
                    {shortenAddress(row.signature)}
                  </a>
                ) : (
                  <span className="fw-tx-id" title={row.signature}>
                    {shortenAddress(row.signature)}
                  </span>
                )}
              </span>
              <span className="fw-muted">
                {row.blockTime ? formatDateTime(row.blockTime * 1000) : `Slot ${row.slot}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className="fw-button fw-button-secondary"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}
