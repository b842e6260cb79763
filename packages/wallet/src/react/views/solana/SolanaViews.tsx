import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { parseUnits } from "viem";
import { BALANCE_CACHE_MS } from "../../../core/constants.js";
import type { TokenBalance } from "../../../core/createWalletState.js";
import { formatDateTime, formatNumeric, shortenAddress } from "../../../core/format.js";
import { messages } from "../../../core/messages.js";
import type { FamilyActivityItem } from "../../../features/families/types.js";
import { fetchPrices } from "../../../features/prices/createPricesClient.js";
import { RECEIVER_NOT_SOLANA } from "../../../features/send/checkReceiver.js";
import { hasInsufficientGas, validateSend } from "../../../features/send/validateSend.js";
import { isSolanaAddress } from "../../../features/solana/address.js";
import { sendSolana } from "../../../features/solana/sendSolana.js";
import { SOLANA_DEV_CONNECTOR_ID } from "../../../features/solana/solanaDevAccounts.js";
import { AccountHeader } from "../../components/AccountHeader.js";
import { ActivityList } from "../../components/ActivityList.js";
import { ListItemButton } from "../../components/ListItemButton.js";
import { ListNav } from "../../components/ListNav.js";
import { NoFamilyAccount } from "../../components/NoFamilyAccount.js";
import { TokenBalancesSection } from "../../components/TokenBalancesSection.js";
import { TokenSelect, type TransferError, TransferForm } from "../../components/TransferForm.js";
import { useWalletRuntime } from "../../context.js";
import { useFamilyAccount, useFamilyBalances } from "../../hooks/useFamilyBalances.js";
import { SolanaDevAccountPicker } from "./SolanaDevAccountPicker.js";

/** Shown when the amount is more than the balance. */
const AMOUNT_EXCEEDS_BALANCE = "Amount exceeds your balance";

/** The network fee of a one-signature Solana transaction (5,000 lamports), in SOL. */
export const SOLANA_SIGNATURE_FEE_SOL = 0.000005;

/** The query key of the Solana balances of an address on a network. */
export const solanaBalancesKey = (caipNetworkId: string | undefined, address: string | undefined) =>
  ["fundament.wallet", "solana", "balances", caipNetworkId ?? null, address ?? null] as const;

function useSolanaAccount() {
  return useFamilyAccount("solana");
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
  return useFamilyBalances({
    family: runtime.solana,
    namespace: "solana",
    symbol: "SOL",
    queryKey: solanaBalancesKey,
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
      <AccountHeader
        address={address}
        icon={wallet?.icon}
        walletName={wallet?.name}
        balance={{
          native,
          isLoading: balances.isLoading,
          isError: balances.isError,
          testId: "solana-balance",
        }}
        totalValue={balances.totalValue}
      />
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
        <TokenBalancesSection balances={tokens} titleOf={(b) => b.address?.split(":").at(-1)} />
      ) : null}
      <button type="button" className="fw-button fw-button-secondary" onClick={() => void runtime.disconnect()}>
        Disconnect
      </button>
    </div>
  );
}

/** Send SOL or an SPL token, signed by the Solana wallet. Validation texts are the spec's. */
export function SolanaSendView() {
  const runtime = useWalletRuntime();
  const { core, send } = runtime;
  const queryClient = useQueryClient();
  const { address } = useSolanaAccount();
  const balances = useSolanaBalances();
  const [tokenKey, setTokenKey] = useState("native");
  const [amount, setAmount] = useState(send.getState().sendTokenAmount ?? "");
  const [receiver, setReceiver] = useState(send.getState().receiverAddress ?? "");
  const [error, setError] = useState<TransferError | undefined>(undefined);
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
  return (
    <TransferForm
      onSubmit={submit}
      amount={{ label: "Amount", value: amount, onChange: setAmount }}
      receiver={{ value: receiver, placeholder: "Solana address", onChange: setReceiver }}
      error={error}
      busy={busy}
    >
      <p className="fw-muted" data-testid="send-from">
        From{" "}
        <span title={address} data-address={address}>
          {address ? shortenAddress(address) : ""}
        </span>
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
      return family.activity(address as string, { limit: 20, before: pageParam });
    },
    getNextPageParam: (last) => (last.length === 20 ? last.at(-1)?.id : undefined),
  });
  if (!address) return <p className="fw-muted">Not connected.</p>;
  const rows = query.data?.pages.flat() ?? [];
  const explorer = network?.blockExplorers?.default.url;
  return (
    <ActivityList
      rows={rows}
      rowKey={(row) => row.id}
      renderRow={(row) => <FamilyActivityRow row={row} explorer={explorer} />}
      status={query.isLoading ? "loading" : query.isError ? "unavailable" : "ready"}
      unavailable={
        <p className="fw-error" role="alert">
          {messages.failedToFetchTransactions}
        </p>
      }
      more={{
        show: Boolean(query.hasNextPage),
        loading: query.isFetchingNextPage,
        load: () => void query.fetchNextPage(),
      }}
    />
  );
}

/** A row of a chain family's activity: what happened, what moved, the transaction (linked when an explorer is known). */
function FamilyActivityRow({ row, explorer }: { row: FamilyActivityItem; explorer: string | undefined }) {
  return (
    <>
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
          <a href={`${explorer}/tx/${row.id}`} target="_blank" rel="noreferrer noopener">
            {shortenAddress(row.id)}
          </a>
        ) : (
          <span className="fw-tx-id" title={row.id}>
            {shortenAddress(row.id)}
          </span>
        )}
      </span>
      <span className="fw-muted">{row.blockTime ? formatDateTime(row.blockTime * 1000) : (row.position ?? "")}</span>
    </>
  );
}
