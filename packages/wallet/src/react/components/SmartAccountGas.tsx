import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Address } from "viem";
import { type Config, useConfig } from "wagmi";
import { getAccount, getBalance, sendTransaction, waitForTransactionReceipt } from "wagmi/actions";
import { isUserRejection } from "../../core/errors.js";
import { errorText } from "../../features/connect/errors.js";
import {
  checkGasTopUp,
  DEFAULT_GAS_TOP_UP,
  formatGasAmount,
  sponsorshipText,
} from "../../features/smartAccount/gasTopUp.js";
import type { SmartAccountConfig } from "../../features/smartAccount/types.js";
import { useWalletRuntime } from "../context.js";
import { useViewRequest } from "../hooks/useViewState.js";

type Sponsorship = NonNullable<SmartAccountConfig["sponsorship"]>;

/** The smart account's native balance, and who pays its gas (when the app reports it). */
function useSmartAccountGasReads(address: Address, chainId: number, sponsorshipRead: Sponsorship | undefined) {
  const wagmiConfig = useConfig();
  const eth = useQuery({
    queryKey: ["fundament.wallet", "smartAccountEth", chainId, address],
    retry: false,
    staleTime: 0,
    queryFn: async () => (await getBalance(wagmiConfig, { address, chainId })).value,
  });
  const sponsorship = useQuery({
    queryKey: ["fundament.wallet", "smartAccountSponsorship", chainId, address],
    enabled: Boolean(sponsorshipRead),
    retry: false,
    staleTime: 0,
    queryFn: () => {
      if (!sponsorshipRead) throw new Error("No sponsorship to read.");
      return sponsorshipRead(address, chainId);
    },
  });
  return { eth, sponsorship };
}

type SendGasTopUpParameters = {
  to: Address;
  value: bigint;
  chainId: number;
  /** The amount as typed (checked against the connected wallet's balance). */
  amount: string;
  symbol: string;
  decimals: number;
};

/** The transfer from the connected wallet to the smart account; resolves with the success text. */
async function sendGasTopUp(wagmiConfig: Config, p: SendGasTopUpParameters): Promise<string> {
  const { to, value, chainId, symbol, decimals } = p;
  const owner = getAccount(wagmiConfig).address;
  if (!owner) throw new Error("Connect a wallet first.");
  const ownerBalance = (await getBalance(wagmiConfig, { address: owner, chainId })).value;
  const check = checkGasTopUp(p.amount, symbol, ownerBalance, decimals);
  if (!check.ok) throw new Error(check.message);
  const hash = await sendTransaction(wagmiConfig, { to, value, chainId });
  const receipt = await waitForTransactionReceipt(wagmiConfig, { hash, chainId });
  if (receipt.status !== "success") throw new Error("The transfer failed on chain: nothing was added.");
  return `Added ${formatGasAmount(value, symbol, decimals)} for gas to your smart account.`;
}

/**
 * The smart account's gas: its native balance ("ETH for gas"), who pays its gas as the app reports it
 * (`smartAccount.sponsorship`: "Gas sponsored by the fund: 0.0083 ETH left" or "Gas not sponsored: …"), and "Add ETH
 * for gas": a plain transfer from the connected wallet (the EOA) to the smart account, so that an account its sponsor
 * no longer pays for can pay its own gas (withdraw, move its tokens out).
 */
export function SmartAccountGas({
  address,
  chainId,
  onAdded,
}: {
  address: Address;
  chainId: number;
  /** Called once ETH was added (the caller clears results that asked for it). */
  onAdded?: () => void;
}) {
  const runtime = useWalletRuntime();
  const wagmiConfig = useConfig();
  const queryClient = useQueryClient();
  const chain = wagmiConfig.chains.find((c) => c.id === chainId);
  const symbol = chain?.nativeCurrency.symbol ?? "ETH";
  const decimals = chain?.nativeCurrency.decimals ?? 18;
  const sponsorshipRead = runtime.config.smartAccount?.sponsorship;
  const ids = { amount: useId(), problem: useId() };
  const [amount, setAmount] = useState(DEFAULT_GAS_TOP_UP);
  const [problem, setProblem] = useState<string | null>(null);

  const { eth, sponsorship } = useSmartAccountGasReads(address, chainId, sponsorshipRead);
  // View state: the wallet's prompt for the transfer may be a view over this one (the embedded wallet's approval).
  const topUp = useViewRequest<string>(`smartAccountGasTopUp:${address}`);

  const submit = async () => {
    const check = checkGasTopUp(amount, symbol, undefined, decimals);
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    setProblem(null);
    const added = await topUp.run(() =>
      sendGasTopUp(wagmiConfig, { to: address, value: check.value, chainId, amount, symbol, decimals }),
    );
    if (added) onAdded?.();
    runtime.balances.invalidate();
    await queryClient.invalidateQueries({ queryKey: ["fundament.wallet"] });
  };
  const outcome = topUp.state;
  const failure =
    outcome.status === "error"
      ? isUserRejection(outcome.error)
        ? "You declined the transfer: nothing was added."
        : plainError(outcome.error)
      : null;

  return (
    <section className="fw-stack" aria-label="Smart account gas">
      <p>
        {symbol} for gas:{" "}
        <span data-testid="smart-account-eth">
          {eth.data !== undefined ? formatGasAmount(eth.data, symbol, decimals) : eth.isError ? "unavailable" : "…"}
        </span>
      </p>
      {sponsorshipRead ? (
        <p className="fw-muted" data-testid="smart-account-sponsorship">
          {sponsorship.data
            ? sponsorshipText(sponsorship.data, symbol, decimals)
            : sponsorship.isError
              ? `Gas sponsorship unavailable (${plainError(sponsorship.error)}).`
              : "Reading who pays its gas…"}
        </p>
      ) : null}
      <div className="fw-field">
        <label htmlFor={ids.amount}>{symbol} to add for gas</label>
        <input
          id={ids.amount}
          className="fw-input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      {problem ? (
        <p id={ids.problem} className="fw-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="button" className="fw-button" disabled={topUp.pending} onClick={() => void submit()}>
        {topUp.pending ? "Adding…" : `Add ${symbol} for gas`}
      </button>
      {topUp.pending ? (
        <p className="fw-muted">Confirm in your wallet: a transfer from your wallet to your smart account.</p>
      ) : null}
      {outcome.status === "success" ? (
        <p className="fw-muted" role="status">
          {outcome.data}
        </p>
      ) : null}
      {failure ? (
        <p className="fw-error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

/** An error in words: a viem error's short message, our own errors' message, else the generic text. */
function plainError(error: unknown): string {
  if (typeof (error as { shortMessage?: unknown })?.shortMessage === "string") return errorText(error);
  if (error instanceof Error && error.message) return error.message;
  return errorText(error);
}
