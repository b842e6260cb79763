import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { getClient } from "wagmi/actions";
import { formatNumeric, formatNumericExact, shortenAddress } from "../../core/format.js";
import { getBalances } from "../../features/balances/getBalances.js";
import { errorText } from "../../features/connect/errors.js";
import type { SmartAccountMoveResult } from "../../features/smartAccount/types.js";
import { useWalletRuntime } from "../context.js";
import { useSmartAccount } from "../hooks/useSmartAccount.js";
import { useViewRequest, useViewState } from "../hooks/useViewState.js";
import { CopyButton } from "./CopyButton.js";
import { SmartAccountGas } from "./SmartAccountGas.js";

/**
 * The Account view's "Account type" choice (EOA / Smart account, kept between visits) and, for a smart account, its
 * address with a copy button, "not deployed yet" until its first operation, its token balances (what it can invest)
 * and the app's notice about it (e.g. that it still needs whitelisting), its gas (ETH balance, the app's word on who
 * sponsors it, "Add ETH for gas"), and, where the app provides the move, "Move to my wallet" (the smart account's
 * tokens back to the owner). Rendered only where smart accounts are set up.
 */
export function AccountTypeSection() {
  const { available, accountType, setAccountType, smartAccount, isLoading } = useSmartAccount();
  if (!available) return null;
  return (
    <section aria-label="Account type" className="fw-stack">
      <fieldset className="fw-account-type">
        <legend className="fw-subtitle">Account type</legend>
        <label>
          <input
            type="radio"
            name="fw-account-type"
            value="eoa"
            checked={accountType === "eoa"}
            onChange={() => setAccountType("eoa")}
          />{" "}
          Wallet
        </label>
        <label>
          <input
            type="radio"
            name="fw-account-type"
            value="smartAccount"
            checked={accountType === "smartAccount"}
            onChange={() => setAccountType("smartAccount")}
          />{" "}
          Smart account
        </label>
      </fieldset>
      {accountType === "smartAccount" ? (
        smartAccount ? (
          <SmartAccountDetails address={smartAccount.address} deployed={smartAccount.deployed} />
        ) : isLoading ? (
          <p className="fw-muted">Looking up your smart account…</p>
        ) : null
      ) : null}
    </section>
  );
}

function SmartAccountDetails({ address, deployed }: { address: Address; deployed: boolean }) {
  const [gasAdded, setGasAdded] = useViewState(`smartAccountGasAdded:${address}`, 0);
  const runtime = useWalletRuntime();
  const wagmiConfig = useConfig();
  const chainId = wagmiConfig.state.chainId;
  const balances = useQuery({
    queryKey: ["fundament.wallet", "smartAccountBalances", chainId, address],
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      const chain = wagmiConfig.chains.find((c) => c.id === chainId);
      const client = getClient(wagmiConfig, { chainId });
      if (!chain || !client) return [];
      const { balances } = await getBalances({ client, chain, address, tokens: runtime.config.tokens?.[chain.id] });
      return balances;
    },
  });
  const notice = useQuery({
    queryKey: ["fundament.wallet", "smartAccountNotice", chainId, address],
    enabled: Boolean(runtime.config.smartAccount?.notice),
    retry: false,
    staleTime: 0,
    queryFn: async () => (await runtime.config.smartAccount?.notice?.(address, chainId)) ?? null,
  });
  return (
    <section className="fw-stack" aria-label="Smart account">
      <p>
        Smart account{" "}
        <span className="fw-account-address" title={address} data-address={address}>
          {shortenAddress(address)}
        </span>{" "}
        <span className="fw-muted">{deployed ? "deployed" : "not deployed yet"}</span>
      </p>
      <CopyButton text={address} label="Copy smart account address" />
      {balances.data && balances.data.length > 0 ? (
        <ul className="fw-tokens" aria-label="Smart account balances">
          {balances.data.map((b) => (
            <li key={b.address ?? "native"}>
              <span>{b.name || b.symbol}</span>
              <span title={`${formatNumericExact(b.quantity.numeric)} ${b.symbol}`}>
                {formatNumeric(b.quantity.numeric)} {b.symbol}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {notice.data ? (
        <p className="fw-muted" role="note">
          {notice.data}
        </p>
      ) : null}
      <SmartAccountGas address={address} chainId={chainId} onAdded={() => setGasAdded((n) => n + 1)} />
      {/* A new round when ETH was added, so an earlier "needs about X ETH" result does not linger. */}
      {runtime.config.smartAccount?.moveToOwner ? (
        <MoveToWallet round={gasAdded} address={address} chainId={chainId} />
      ) : null}
    </section>
  );
}

/**
 * "Move to my wallet": the app's `moveToOwner` (one signature; the app's paymaster pays), then the smart account's
 * and the wallet's balances are read again. The result is said beside the button (status, or alert on failure).
 */
function MoveToWallet({ address, chainId, round }: { address: Address; chainId: number; round: number }) {
  const runtime = useWalletRuntime();
  const queryClient = useQueryClient();
  // View state: the wallet's prompt for the signature may be a view over this one (the embedded wallet's approval).
  const move = useViewRequest<SmartAccountMoveResult>(`moveToWallet:${address}:${round}`);
  const start = async () => {
    await move.run(async () => {
      const moveToOwner = runtime.config.smartAccount?.moveToOwner;
      if (!moveToOwner) throw new Error("Moving tokens is not available here.");
      return moveToOwner(address, chainId);
    });
    runtime.balances.invalidate();
    await queryClient.invalidateQueries({ queryKey: ["fundament.wallet"] });
  };
  const outcome = move.state;
  const result =
    outcome.status === "error"
      ? { success: false, message: errorText(outcome.error) }
      : outcome.status === "success"
        ? outcome.data
        : undefined;
  return (
    <div className="fw-stack">
      <button type="button" className="fw-button" disabled={move.pending} onClick={() => void start()}>
        {move.pending ? "Moving…" : "Move to my wallet"}
      </button>
      {move.pending ? <p className="fw-muted">Confirm in your wallet: one signature.</p> : null}
      {result ? (
        <p className={result.success ? "fw-muted" : "fw-error"} role={result.success ? "status" : "alert"}>
          {result.message}
        </p>
      ) : null}
    </div>
  );
}
