import type { LiveVault } from "@fundament/sdk";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { TokenAmount } from "../../shared/components/Amount";
import { useChainTime } from "../../shared/hooks/useChainTime";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { formatTokenAmount, timeLeft, tokenTitle } from "../../shared/lib/format";
import { roundLabel } from "../vaults/vaults.helpers";
import { InvestButton } from "./InvestButton";
import { InvestOutcome } from "./InvestOutcome";
import { InvestSteps } from "./InvestSteps";
import styles from "./InvestWidget.module.css";
import { type DepositsClosed, type InvestBlocker, type InvestBlockerKind, unitsToInput } from "./invest.helpers";
import { type InvestDecision, useInvestDecision } from "./useInvestDecision";
import { useInvestFlow } from "./useInvestFlow";
import { WhitelistNotice } from "./WhitelistNotice";

type Flow = ReturnType<typeof useInvestFlow>;

/** The blockers that are the amount's (the field turns red and the text describes it). */
const AMOUNT_KINDS: ReadonlySet<InvestBlockerKind> = new Set(["amount", "minimum", "cap", "balance"]);
/** The blockers whose detailed text would only repeat the button or the whitelist notice. */
const SILENT_KINDS: ReadonlySet<InvestBlockerKind> = new Set(["wallet", "whitelist", "noAmount"]);

/**
 * The invest widget of one vault, with one button whose label is what stops the investment or, when nothing does, the
 * path the wallet will take: "Connect wallet" (opens the wallet's modal), "Switch network", "Whitelisted investors
 * only", "Withdraw your payout first", "Enter an amount", "Below minimum (…)", "Above the room in this round",
 * "Insufficient … balance", then "Sign the permit and invest", "Approve and invest (in one confirmation)", "Invest
 * through your smart account" or "Invest" when the allowance covers the amount. A wallet the whitelist refuses is told
 * up front, with its address to copy; the detailed reason sits below the amount (agreeing with the button); the steps
 * follow the path actually taken; a vault that takes no deposits says why and when, with no live button. Focus lands
 * on the result after a success and on the error text after a failure; errors clear when the account changes.
 */
export function InvestWidget({ vault }: { vault: LiveVault }) {
  const flow = useInvestFlow();
  const [amount, setAmount] = useState("");
  const decision = useInvestDecision(vault, amount, flow);
  useResetOnAccountChange(flow);
  return (
    <section className="card invest" aria-labelledby="invest-title">
      <h2 id="invest-title">Invest</h2>
      {decision.notWhitelisted && <WhitelistNotice {...decision.notWhitelisted} />}
      {decision.closed ? (
        <ClosedInvest vault={vault} closed={decision.closed} decision={decision} />
      ) : (
        <InvestForm vault={vault} decision={decision} flow={flow} amount={amount} onAmount={setAmount} />
      )}
      <InvestOutcome state={flow.state} busy={flow.busy} />
    </section>
  );
}

/** Another account (or none): the last account's error and result no longer apply. */
function useResetOnAccountChange({ busy, reset }: Flow) {
  const { account } = useWalletStatus();
  const lastAccount = useRef(account);
  useEffect(() => {
    if (lastAccount.current === account) return;
    lastAccount.current = account;
    if (!busy) reset();
  }, [account, busy, reset]);
}

type FormProps = {
  vault: LiveVault;
  decision: InvestDecision;
  flow: Flow;
  amount: string;
  onAmount: (amount: string) => void;
};

/** The amount, the facts, the reason it cannot go ahead, the steps and the one button. */
function InvestForm({ vault, decision, flow, amount, onAmount }: FormProps) {
  const errorId = useId();
  const { blocker, next, button } = decision;
  const shown = blocker && !SILENT_KINDS.has(blocker.kind) ? blocker : null;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The amount is parsed once, with the token's decimals (`decision.units`): the SDK takes those units, so not
    // before the token (its decimals) is read.
    if (button.action !== "invest" || flow.busy || decision.units === null || !decision.tokenKnown) return;
    const result = await flow.start(vault.vaultId, decision.units, next.approvalNeeded, next.pathInput);
    if (result?.success) onAmount("");
  };
  const onChange = (value: string) => {
    onAmount(value);
    if (flow.state.phase === "success" || flow.state.phase === "error") flow.reset();
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <AmountField
        decision={decision}
        amount={amount}
        disabled={flow.busy}
        invalid={Boolean(blocker && AMOUNT_KINDS.has(blocker.kind))}
        describedBy={shown ? errorId : undefined}
        onChange={onChange}
      />
      <dl className={styles.facts}>
        <VaultFacts vault={vault} decision={decision} />
        <RoomFact decision={decision} />
        <AllowanceFact decision={decision} />
      </dl>
      {shown && <BlockerText id={errorId} blocker={shown} />}
      <InvestSteps steps={decision.steps} state={flow.state} />
      <InvestButton button={button} />
    </form>
  );
}

type AmountFieldProps = {
  decision: InvestDecision;
  amount: string;
  disabled: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (amount: string) => void;
};

/** The amount with the investing account's balance and Max. */
function AmountField({ decision, amount, disabled, invalid, describedBy, onChange }: AmountFieldProps) {
  const inputId = useId();
  const { balance, decimals, symbol, tokenKnown } = decision;
  const known = balance !== undefined && tokenKnown;
  return (
    <div className="field">
      <div className="field__row">
        <label htmlFor={inputId}>Amount{symbol ? ` (${symbol})` : ""}</label>
        <span className="field__hint" title={known ? tokenTitle(balance, decimals, symbol) : undefined}>
          Balance: {known ? formatTokenAmount(balance, decimals, symbol) : "—"}
        </span>
      </div>
      <div className="input-group">
        <input
          id={inputId}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={amount}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="button button--ghost input-group__addon"
          disabled={balance === undefined || disabled}
          onClick={() => balance !== undefined && onChange(unitsToInput(balance, decimals))}
        >
          Max
        </button>
      </div>
    </div>
  );
}

/** The detailed reason below the amount (the button says it in short), with where to withdraw a waiting payout. */
function BlockerText({ id, blocker }: { id: string; blocker: InvestBlocker }) {
  return (
    <>
      <p id={id} className={`error-text ${styles.error}`} role="alert">
        {blocker.detail}
      </p>
      {blocker.kind === "payout" && (
        <p>
          <a href="#position-title">Withdraw it under Your position</a> or from your{" "}
          <Link to="/portfolio">Portfolio</Link>.
        </p>
      )}
    </>
  );
}

/** A vault that takes no deposits: its round and minimum, why and until when (no live button). */
function ClosedInvest({
  vault,
  closed,
  decision,
}: {
  vault: LiveVault;
  closed: DepositsClosed;
  decision: InvestDecision;
}) {
  return (
    <>
      <dl className={styles.facts}>
        <VaultFacts vault={vault} decision={decision} />
      </dl>
      {/* The countdown to the unlock, unless a pause or a wind-down keeps deposits closed after it. */}
      <DepositsClosedNotice
        closed={closed}
        lockupEndTime={vault.status === "locked" && !vault.paused && !vault.windingDown ? vault.lockupEndTime : 0}
      />
    </>
  );
}

/**
 * Why a vault takes no deposits and when it will, with the countdown to the unlock on the chain's clock. The fund's
 * emergency is said by the layout's banner on every page: here only when deposits reopen.
 */
function DepositsClosedNotice({ closed, lockupEndTime }: { closed: DepositsClosed; lockupEndTime: number }) {
  const now = useChainTime(lockupEndTime > 0);
  return (
    <div className="notice notice--info" data-testid="deposits-closed">
      <p>
        <strong>No deposits now.</strong>
        {closed.fundWide ? "" : ` ${closed.reason}`}
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

/** An amount of the investment token, or "—" until the token is known. */
function Tokens({ units, decision }: { units: bigint; decision: InvestDecision }) {
  if (!decision.tokenKnown) return "—";
  return <TokenAmount units={units} decimals={decision.decimals} symbol={decision.symbol} />;
}

/** One fact of the widget: a term and its value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The round the widget invests in and the vault's minimum: the first facts of the form and of a closed pool. */
function VaultFacts({ vault, decision }: { vault: LiveVault; decision: InvestDecision }) {
  return (
    <>
      <Fact term="Round">
        {roundLabel(vault.round)}, {vault.status === "locked" ? "locked" : "open"}
      </Fact>
      <Fact term="Minimum investment">
        <Tokens units={vault.minimumInvestment} decision={decision} />
      </Fact>
    </>
  );
}

/** How much more the vault's caps let this account deposit in this round (only for a capped vault). */
function RoomFact({ decision }: { decision: InvestDecision }) {
  const { available } = decision.caps;
  if (available === null || !decision.tokenKnown) return null;
  return (
    <Fact term="Room in this round">
      <Tokens units={available} decision={decision} />
    </Fact>
  );
}

/** The investing account's allowance for the fund. */
function AllowanceFact({ decision }: { decision: InvestDecision }) {
  return (
    <Fact term="Allowance">
      {decision.allowance === undefined ? "—" : <Tokens units={decision.allowance} decision={decision} />}
    </Fact>
  );
}
