import type { LiveVault } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { TxHash } from "../../shared/components/TxHash";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useFundSettings, useInvestmentToken, useInvestorView, usePositions } from "../../shared/hooks/useFundQueries";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { settledPayout } from "../../shared/lib/positions";
import { ConnectButton } from "../../shared/wallet/ConnectButton";
import { roundLabel } from "../vaults/vaults.helpers";
import {
  ENTER_AMOUNT,
  formatTokenAmount,
  investButtonLabel,
  investSteps,
  NOT_CONNECTED,
  needsApproval,
  parseAmount,
  unitsToInput,
  validateInvest,
} from "./invest.helpers";
import { investWalletQuery } from "./invest.queries";
import { useInvestFlow } from "./useInvestFlow";

/**
 * The invest widget of one vault: amount with balance and Max, allowance and the vault's own minimum, clear errors
 * before any wallet prompt (a settled payout waiting in the vault included), then the two steps (1 Approve,
 * 2 Invest into the vault's open round) with their progress, pending and confirmed states.
 */
export function InvestWidget({ vault }: { vault: LiveVault }) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const wallet = useWalletStatus();
  const token = useInvestmentToken();
  const settings = useFundSettings();
  const investor = useInvestorView();
  const positions = usePositions();
  const position = positions.data?.find((p) => p.vaultId === vault.vaultId);
  const walletTokens = useQuery(investWalletQuery(client, deployment, token.data?.address, wallet.account));
  const flow = useInvestFlow();
  const [amount, setAmount] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  const decimals = token.data?.decimals ?? 6;
  const symbol = token.data?.symbol ?? "";
  const minimum = vault.minimumInvestment;
  const units = parseAmount(amount, decimals);
  const approvalNeeded =
    flow.state.phase === "idle" ? needsApproval(walletTokens.data?.allowance, units) : flow.state.approvalNeeded;
  const checkInput = {
    amount,
    isConnected: wallet.isConnected,
    wrongNetwork: wallet.wrongNetwork,
    chainName: wallet.chainName,
    acceptsDeposits: vault.acceptsDeposits,
    poolStatus: vault.status,
    emergencyState: settings.data?.emergencyState ?? false,
    isWhitelisted: investor.data?.isWhitelisted,
    decimals,
    symbol,
    minimum,
    balance: walletTokens.data?.balance,
    unwithdrawn: position ? settledPayout(position) : null,
  };
  const problem = validateInvest(checkInput);
  // "Enter an amount" waits for a submit; every other problem (wallet, pool, whitelist, amount) shows at once.
  const shownProblem = problem === ENTER_AMOUNT && !submitted ? null : problem;
  // Whether the problem is the amount's (the field turns red) rather than the wallet's or the pool's.
  const amountProblem = Boolean(problem) && validateInvest({ ...checkInput, amount: "" }) === ENTER_AMOUNT;
  const steps = investSteps(flow.state.phase, approvalNeeded, flow.state.failedAt);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (flow.busy) return;
    if (problem) {
      input.current?.focus();
      return;
    }
    const result = await flow.start(vault.vaultId, amount, approvalNeeded);
    if (result?.success) {
      setAmount("");
      setSubmitted(false);
    }
  };

  const balance = walletTokens.data?.balance;
  const pendingHash = flow.state.hash ?? flow.state.approvalHash;
  return (
    <section className="card invest" aria-labelledby="invest-title">
      <h2 id="invest-title">Invest</h2>
      <form onSubmit={onSubmit} noValidate>
        <div className="field">
          <div className="field__row">
            <label htmlFor={inputId}>Amount{symbol ? ` (${symbol})` : ""}</label>
            <span className="field__hint">
              Balance: {balance === undefined || !token.data ? "—" : formatTokenAmount(balance, decimals, symbol)}
            </span>
          </div>
          <div className="input-group">
            <input
              ref={input}
              id={inputId}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={amount}
              disabled={flow.busy}
              aria-invalid={Boolean(shownProblem) && amountProblem}
              aria-describedby={shownProblem ? errorId : undefined}
              onChange={(e) => {
                setAmount(e.target.value);
                if (flow.state.phase === "success" || flow.state.phase === "error") flow.reset();
              }}
            />
            <button
              type="button"
              className="button button--ghost input-group__addon"
              disabled={balance === undefined || flow.busy}
              onClick={() => balance !== undefined && setAmount(unitsToInput(balance, decimals))}
            >
              Max
            </button>
          </div>
        </div>
        <dl className="invest__facts">
          <div>
            <dt>Round</dt>
            <dd>
              {roundLabel(vault.round)}, {vault.status === "locked" ? "locked" : "open"}
            </dd>
          </div>
          <div>
            <dt>Minimum investment</dt>
            <dd>{token.data ? formatTokenAmount(minimum, decimals, symbol) : "—"}</dd>
          </div>
          <div>
            <dt>Allowance</dt>
            <dd>
              {walletTokens.data && token.data ? formatTokenAmount(walletTokens.data.allowance, decimals, symbol) : "—"}
            </dd>
          </div>
        </dl>
        {shownProblem && (
          <p id={errorId} className="error-text invest__error" role="alert">
            {shownProblem}
          </p>
        )}
        {shownProblem === NOT_CONNECTED && (
          <div className="invest__connect">
            <ConnectButton />
          </div>
        )}
        <ol className="steps" aria-label="Investment steps">
          {steps.map((step) => (
            <li
              key={step.key}
              className={`step step--${step.state}`}
              aria-current={step.state === "active" ? "step" : undefined}
            >
              <span className="step__number" aria-hidden="true">
                {step.state === "done" ? "✓" : step.number}
              </span>
              <span className="step__label">
                Step {step.number}: {step.label}
                <span className="step__state">
                  {
                    {
                      upcoming: "",
                      active: " — confirm in your wallet",
                      done: " — done",
                      skipped: " — not needed, allowance covers it",
                      failed: " — failed",
                    }[step.state]
                  }
                </span>
              </span>
            </li>
          ))}
        </ol>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={flow.busy}
          aria-busy={flow.busy}
        >
          {flow.busy && <span className="spinner" aria-hidden="true" />}
          {investButtonLabel(flow.state.phase, approvalNeeded)}
        </button>
      </form>
      <div className="invest__status" aria-live="polite">
        {flow.busy && pendingHash && (
          <p className="tx-status__pending">
            Transaction pending… <TxHash hash={pendingHash} />
          </p>
        )}
        {flow.state.phase === "success" && (
          <p className="tx-status__success">
            {flow.state.message}
            {flow.state.hash && <TxHash hash={flow.state.hash} />}
          </p>
        )}
        {flow.state.phase === "error" && flow.state.message && (
          <p className="error-text" role="alert">
            {flow.state.message}
          </p>
        )}
      </div>
    </section>
  );
}
