import type { LiveVault } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { TokenAmount } from "../../shared/components/Amount";
import { TxHash } from "../../shared/components/TxHash";
import txStyles from "../../shared/components/TxStatus.module.css";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useFundSettings, useInvestmentToken, useInvestorView, usePositions } from "../../shared/hooks/useFundQueries";
import { useInvestorAccount } from "../../shared/hooks/useInvestorAccount";
import { useIsAdmin } from "../../shared/hooks/useIsAdmin";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { formatTokenAmount, timeLeft, tokenTitle } from "../../shared/lib/format";
import { settledPayout } from "../../shared/lib/positions";
import { ConnectButton } from "../../shared/wallet/ConnectButton";
import { roundLabel } from "../vaults/vaults.helpers";
import styles from "./InvestWidget.module.css";
import {
  type DepositsClosed,
  depositsClosed,
  ENTER_AMOUNT,
  investButtonLabel,
  investStatusText,
  investSteps,
  NOT_CONNECTED,
  NOT_WHITELISTED_ADMIN,
  needsApproval,
  parseAmount,
  type StepState,
  stepStateText,
  unitsToInput,
  validateInvest,
} from "./invest.helpers";
import { investWalletQuery } from "./invest.queries";
import { chooseInvestPath } from "./investPath.helpers";
import { useDepositCheck } from "./useDepositCheck";
import { useInvestFlow, useWalletSignsTypedData } from "./useInvestFlow";
import { useInvestPathInput } from "./useInvestPathInput";

/** How each step looks in its state (an upcoming step is drawn plain). */
const STEP_CLASS: Record<StepState, string | undefined> = {
  upcoming: undefined,
  active: styles.active,
  done: styles.done,
  skipped: styles.skipped,
  failed: styles.failed,
};

/** Why a vault takes no deposits and when it will, with the countdown to the unlock on the chain's clock. */
function DepositsClosedNotice({ closed, lockupEndTime }: { closed: DepositsClosed; lockupEndTime: number }) {
  const now = useChainTime(lockupEndTime > 0);
  return (
    <div className="notice notice--info" data-testid="deposits-closed">
      <p>
        <strong>No deposits now.</strong> {closed.reason}
      </p>
      <p>
        {closed.when}
        {lockupEndTime > 0 && now !== undefined && (
          <span className="figure__note"> ({timeLeft(lockupEndTime, now, "Lockup ended")} on the chain's clock)</span>
        )}
      </p>
    </div>
  );
}

/**
 * The invest widget of one vault: amount with balance and Max, allowance and the vault's own minimum, clear errors
 * before any wallet prompt (a settled payout waiting in the vault included, with where to withdraw it), then the
 * steps of the best path the wallet supports (a batch: approve + invest in one confirmation; a permit: 1 Sign the
 * permit, 2 Invest; else the spec's 1 Approve, 2 Invest) into the vault's open round, with a status line that follows
 * the real state (confirm in the wallet, waiting to be mined) and, with the result, which path it took. A vault that takes no deposits says why and when it will, with no live button.
 * Focus lands on the result after a success and on the error text after a failure; errors clear when the account
 * changes.
 */
export function InvestWidget({ vault }: { vault: LiveVault }) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const wallet = useWalletStatus();
  const token = useInvestmentToken();
  const settings = useFundSettings();
  const investor = useInvestorView();
  const admin = useIsAdmin();
  const positions = usePositions();
  const position = positions.data?.find((p) => p.vaultId === vault.vaultId);
  // The investing account's tokens and allowance: the smart account's when that is the account in use.
  const investorAccount = useInvestorAccount();
  const walletTokens = useQuery(investWalletQuery(client, deployment, token.data?.address, investorAccount));
  const flow = useInvestFlow();
  const pathInput = useInvestPathInput(useWalletSignsTypedData());
  const [amount, setAmount] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const problemText = useRef<HTMLParagraphElement>(null);
  const resultText = useRef<HTMLParagraphElement>(null);
  const failureText = useRef<HTMLParagraphElement>(null);
  const inputId = useId();
  const errorId = useId();
  const { reset, busy } = flow;
  const { phase } = flow.state;

  // Another account (or none): the last account's errors and result no longer apply.
  const lastAccount = useRef(wallet.account);
  useEffect(() => {
    if (lastAccount.current === wallet.account) return;
    lastAccount.current = wallet.account;
    if (busy) return;
    reset();
    setSubmitted(false);
  }, [wallet.account, busy, reset]);

  // After the flow ends, focus lands on its result, or on the error text.
  useEffect(() => {
    if (phase === "success") resultText.current?.focus();
    else if (phase === "error") failureText.current?.focus();
  }, [phase]);

  const decimals = token.data?.decimals ?? 6;
  const symbol = token.data?.symbol ?? "";
  const minimum = vault.minimumInvestment;
  const units = parseAmount(amount, decimals);
  const approvalNeeded =
    flow.state.phase === "idle" ? needsApproval(walletTokens.data?.allowance, units) : flow.state.approvalNeeded;
  const caps = useDepositCheck(vault, investorAccount, units, { decimals, symbol });
  const checkInput = {
    amount,
    isConnected: wallet.isConnected,
    wrongNetwork: wallet.wrongNetwork,
    chainName: wallet.chainName,
    acceptsDeposits: vault.acceptsDeposits,
    poolStatus: vault.status,
    emergencyState: settings.data?.emergencyState ?? false,
    paused: vault.paused,
    windingDown: vault.windingDown,
    isWhitelisted: investor.data?.isWhitelisted,
    isAdmin: admin.isAdmin,
    decimals,
    symbol,
    minimum,
    balance: walletTokens.data?.balance,
    unwithdrawn: position ? settledPayout(position) : null,
    capRefusal: caps.refusal,
  };
  const problem = validateInvest(checkInput);
  // The payout rule is the problem when it is the only thing that changes the answer.
  const payoutProblem =
    Boolean(checkInput.unwithdrawn) && validateInvest({ ...checkInput, unwithdrawn: null }) !== problem;
  const closed = depositsClosed({
    status: vault.status,
    acceptsDeposits: vault.acceptsDeposits,
    emergencyState: checkInput.emergencyState,
    paused: vault.paused,
    windingDown: vault.windingDown,
    round: vault.round,
    unlockDate: vault.unlockDate,
    proposalFinalAt: vault.proposedSettlement?.finalAt ?? null,
  });
  // "Enter an amount" waits for a submit; every other problem (wallet, pool, whitelist, amount) shows at once.
  const shownProblem = problem === ENTER_AMOUNT && !submitted ? null : problem;
  // Whether the problem is the amount's (the field turns red) rather than the wallet's or the pool's.
  const amountProblem = Boolean(problem) && validateInvest({ ...checkInput, amount: "" }) === ENTER_AMOUNT;
  // The path the flow takes (shown before the click), or the one it runs.
  const path =
    flow.state.phase === "idle" ? (approvalNeeded ? chooseInvestPath(pathInput) : "twoStep") : flow.state.path;
  const steps = investSteps(flow.state.phase, approvalNeeded, flow.state.failedAt, path);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (flow.busy) return;
    if (problem) {
      // The amount's problem: back to the field (which the error describes); any other: onto the error text.
      if (amountProblem || problem === ENTER_AMOUNT) input.current?.focus();
      else problemText.current?.focus();
      return;
    }
    const result = await flow.start(vault.vaultId, amount, approvalNeeded, pathInput);
    if (result?.success) {
      setAmount("");
      setSubmitted(false);
    }
  };

  const balance = walletTokens.data?.balance;
  const pendingHash = flow.state.hash ?? flow.state.approvalHash;
  const statusText = investStatusText(flow.state);
  return (
    <section className="card invest" aria-labelledby="invest-title">
      <h2 id="invest-title">Invest</h2>
      {closed ? (
        <>
          <dl className={styles.facts}>
            <RoundFacts
              round={vault.round}
              locked={vault.status === "locked"}
              minimum={token.data ? <TokenAmount units={minimum} decimals={decimals} symbol={symbol} /> : "—"}
            />
          </dl>
          {/* The countdown to the unlock, unless a pause or a wind-down keeps deposits closed after it. */}
          <DepositsClosedNotice
            closed={closed}
            lockupEndTime={vault.status === "locked" && !vault.paused && !vault.windingDown ? vault.lockupEndTime : 0}
          />
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <div className="field__row">
              <label htmlFor={inputId}>Amount{symbol ? ` (${symbol})` : ""}</label>
              <span
                className="field__hint"
                title={balance === undefined || !token.data ? undefined : tokenTitle(balance, decimals, symbol)}
              >
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
          <dl className={styles.facts}>
            <RoundFacts
              round={vault.round}
              locked={vault.status === "locked"}
              minimum={token.data ? <TokenAmount units={minimum} decimals={decimals} symbol={symbol} /> : "—"}
            />
            {caps.available !== null && token.data && (
              <div>
                <dt>Room in this round</dt>
                <dd>
                  <TokenAmount units={caps.available} decimals={decimals} symbol={symbol} />
                </dd>
              </div>
            )}
            <div>
              <dt>Allowance</dt>
              <dd>
                {walletTokens.data && token.data ? (
                  <TokenAmount units={walletTokens.data.allowance} decimals={decimals} symbol={symbol} />
                ) : (
                  "—"
                )}
              </dd>
            </div>
          </dl>
          {shownProblem && (
            <p id={errorId} ref={problemText} tabIndex={-1} className={`error-text ${styles.error}`} role="alert">
              {shownProblem}
            </p>
          )}
          {shownProblem && payoutProblem && (
            <p>
              <a href="#position-title">Withdraw it under Your position</a> or from your{" "}
              <Link to="/portfolio">Portfolio</Link>.
            </p>
          )}
          {shownProblem === NOT_WHITELISTED_ADMIN && (
            <p>
              <Link to="/admin">Open the Admin page</Link> and whitelist this wallet under Investor whitelist.
            </p>
          )}
          {shownProblem === NOT_CONNECTED && (
            <div className={styles.connect}>
              <ConnectButton />
            </div>
          )}
          <ol className={styles.steps} aria-label="Investment steps">
            {steps.map((step) => (
              <li
                key={step.key}
                className={[styles.step, STEP_CLASS[step.state]].filter(Boolean).join(" ")}
                aria-current={step.state === "active" ? "step" : undefined}
              >
                <span className={styles.stepNumber} aria-hidden="true">
                  {step.state === "done" ? "✓" : step.number}
                </span>
                <span>
                  Step {step.number}: {step.label}
                  <span className={styles.stepState}>{stepStateText(step, flow.state)}</span>
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
      )}
      <div className={styles.status} aria-live="polite">
        {flow.busy && statusText && (
          <p className={txStyles.pending} data-testid="invest-status">
            {statusText}
            {pendingHash && (
              <>
                {" "}
                <TxHash hash={pendingHash} />
              </>
            )}
          </p>
        )}
        {flow.state.phase === "success" && (
          <p className={txStyles.success} ref={resultText} tabIndex={-1} data-testid="invest-result">
            {flow.state.message}
            {flow.state.hash && <TxHash hash={flow.state.hash} />}
          </p>
        )}
        {flow.state.phase === "success" && flow.state.pathText && (
          <p className="figure__note" data-testid="invest-path">
            {flow.state.pathText}
          </p>
        )}
        {(flow.state.phase === "success" || flow.state.phase === "error") && flow.state.fallback && (
          <p className="figure__note" data-testid="invest-fallback">
            {flow.state.fallback}
          </p>
        )}
        {flow.state.phase === "error" && flow.state.message && (
          <p className="error-text" role="alert" ref={failureText} tabIndex={-1} data-testid="invest-failure">
            {flow.state.message}
          </p>
        )}
      </div>
    </section>
  );
}

/** The round the widget invests in and the vault's minimum: the first facts of the form and of a closed pool. */
function RoundFacts({ round, locked, minimum }: { round: number; locked: boolean; minimum: ReactNode }) {
  return (
    <>
      <div>
        <dt>Round</dt>
        <dd>
          {roundLabel(round)}, {locked ? "locked" : "open"}
        </dd>
      </div>
      <div>
        <dt>Minimum investment</dt>
        <dd>{minimum}</dd>
      </div>
    </>
  );
}
