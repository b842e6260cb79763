import {
  effectiveFeeRates,
  formatSharePrice,
  type SettlementFees,
  settlementFees,
  type VaultFees,
} from "@fundament/sdk";
import { getAddress } from "viem";
import { formatNumber, formatTokenAmount, percentOf, shortenAddress, tokenTitle } from "../../shared/lib/format";
import { bpsToPercent, secondsToDays, settlementOutcome } from "./admin.helpers";
import { challengeWindowText } from "./settlementSafety.helpers";

/**
 * What each irreversible admin action will do, in tokens, as the one sentence its confirmation leads with (and the
 * lines that follow it). Pure: the sections pass the figures they read.
 */

/** The investment token, to write amounts as "16,572.64 mUSDC". */
export type Token = { decimals: number; symbol: string };

/**
 * An amount in a confirmation's sentence, to two decimals ("16,572.64 mUSDC"); an amount that two decimals would show as
 * 0 keeps its precision ("0.000001 mUSDC"), so a tiny loss never reads as none.
 */
export function confirmAmount(units: bigint, token: Token): string {
  const cent = 10n ** BigInt(Math.max(token.decimals - 2, 0));
  const magnitude = units < 0n ? -units : units;
  if (magnitude !== 0n && magnitude < cent) return tokenTitle(units, token.decimals, token.symbol);
  return formatTokenAmount(units, token.decimals, token.symbol);
}

const tokens = confirmAmount;
const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n, 0)} ${n === 1 ? one : many}`;

/**
 * What `startLockupPeriod` sends each wallet: `total × allocation / 10,000`, the last wallet receiving the rounding
 * dust (as the contract does).
 */
export function splitByAllocation(total: bigint, allocations: readonly number[]): bigint[] {
  let sent = 0n;
  return allocations.map((allocation, i) => {
    const share = i === allocations.length - 1 ? total - sent : (total * BigInt(allocation)) / 10_000n;
    sent += share;
    return share;
  });
}

/** "Send 16,572.64 mUSDC to 1 trading wallet and lock round 3 for 30 days." */
export function lockupEffect({
  amount,
  wallets,
  round,
  lockupSeconds,
  token,
}: {
  amount: bigint;
  wallets: number;
  round: number;
  lockupSeconds: bigint;
  token: Token;
}): string {
  return `Send ${tokens(amount, token)} to ${plural(wallets, "trading wallet")} and lock round ${round} for ${secondsToDays(lockupSeconds)}.`;
}

/** What a locked round's fees depend on: its figures, the rates it locked at, the vault's fees, when it would be final. */
export type RoundFeeTerms = {
  /** What the round went out with (`preLockupTotal`). */
  principal: bigint;
  totalShares: bigint;
  startSharePrice: bigint;
  lockupStartTime: bigint;
  lockupEndTime: bigint;
  /** The rates the round was locked at. */
  lockedFeeRates: { managementFeeBps: number; performanceFeeBps: number };
  /** The vault's fees now (a cut since the lock applies to the round) and its high-water mark. */
  vaultFees: VaultFees;
  /** When the settlement would become final (seconds): the management fee counts up to then, at most to the lockup's end. */
  settledAt: bigint;
};

/** A settlement's fees as the contract will charge them, with the rates they are charged at. */
export type RoundFeeEstimate = SettlementFees & { rates: { managementFeeBps: number; performanceFeeBps: number } };

/** The fees of settling a round at `total`: the SDK's `settlementFees` (the contract's sums, to the unit). */
export function roundFees(terms: RoundFeeTerms, total: bigint): RoundFeeEstimate {
  const rates = effectiveFeeRates(terms.lockedFeeRates, terms.vaultFees);
  const fees = settlementFees({
    total,
    principal: terms.principal,
    totalShares: terms.totalShares,
    startSharePrice: terms.startSharePrice,
    highWaterMark: terms.vaultFees.highWaterMark,
    ...rates,
    lockupStartTime: terms.lockupStartTime,
    lockupEndTime: terms.lockupEndTime,
    settledAt: terms.settledAt,
  });
  return { ...fees, rates };
}

/**
 * The first confirmation of a settlement: what the investors get back after the fund's fees (management and
 * performance, each named), or the loss; a loss then needs the second, deliberate confirmation (`lossEffect`).
 */
export function settlementEffect({
  principal,
  returned,
  round,
  fees,
  token,
}: {
  principal: bigint;
  returned: bigint;
  round: number;
  /** The fees it would be charged (`roundFees`). */
  fees: Pick<SettlementFees, "managementFee" | "performanceFee" | "investorsTotal">;
  token: Token;
}): string {
  const outcome = settlementOutcome(principal, returned);
  const head = `Settle round ${round} with ${tokens(returned, token)} returned`;
  const next = `round ${round + 1} opens.`;
  const investors = fees.investorsTotal;
  const management = fees.managementFee;
  if (outcome.kind === "profit") {
    const charged = `the fund ${tokens(management + fees.performanceFee, token)} in fees (management fee ${tokens(management, token)}, performance fee ${tokens(fees.performanceFee, token)})`;
    const kept =
      investors >= principal
        ? `${tokens(principal, token)} put in and ${tokens(investors - principal, token)} profit`
        : `${tokens(principal, token)} put in, ${tokens(principal - investors, token)} less after the fees`;
    return `${head}: its investors get ${tokens(investors, token)} (${kept}) and ${charged}; ${next}`;
  }
  if (outcome.kind === "even")
    return management === 0n
      ? `${head}: its investors get their ${tokens(principal, token)} back, with no profit and no loss; ${next}`
      : `${head}: its investors get ${tokens(investors, token)} of their ${tokens(principal, token)} back (no profit; the fund's management fee is ${tokens(management, token)}); ${next}`;
  const loss = `${head}: a loss of ${tokens(outcome.amount, token)} (${outcome.percent}) for its investors, who put in ${tokens(principal, token)}`;
  return management === 0n
    ? `${loss}; ${next}`
    : `${loss}, and the fund's management fee of ${tokens(management, token)}: they get ${tokens(investors, token)}; ${next}`;
}

/**
 * The lines under a settlement's confirmation that explain its fees: each fee with its rate, the high-water mark when
 * it is above the round's start price (the recovery up to it pays no performance fee), and a raise since the lock
 * (the round keeps the rates it locked at).
 */
export function settlementFeeLines(terms: RoundFeeTerms, fees: RoundFeeEstimate, token: Token): string[] {
  const { managementFeeBps, performanceFeeBps } = fees.rates;
  // Seconds locked (up to the lockup's end), as the management fee counts them; times in seconds are safe numbers.
  const end = Math.min(Number(terms.settledAt), Number(terms.lockupEndTime));
  const locked = Math.max(0, end - Number(terms.lockupStartTime));
  const lines = [
    managementFeeBps === 0
      ? "Management fee: none (0% a year)."
      : `Management fee: ${tokens(fees.managementFee, token)}, ${bpsToPercent(managementFeeBps)} a year of the principal for the ${secondsToDays(locked)} the round was locked.`,
    performanceFeeBps === 0
      ? "Performance fee: none (0%)."
      : `Performance fee: ${tokens(fees.performanceFee, token)}, ${bpsToPercent(performanceFeeBps)} of the profit above the high-water mark.`,
  ];
  if (terms.vaultFees.highWaterMark > terms.startSharePrice && terms.startSharePrice > 0n) {
    const markWorth = (fees.highWaterMark * terms.totalShares) / SHARE_PRICE_SCALE;
    lines.push(
      `The high-water mark (${formatSharePrice(fees.highWaterMark)} per share) is above this round's start price (${formatSharePrice(terms.startSharePrice)} per share): its recovery up to ${tokens(markWorth, token)} wins back an earlier loss and pays no performance fee.`,
    );
  }
  const { vaultFees } = terms;
  if (vaultFees.managementFeeBps > managementFeeBps || vaultFees.performanceFeeBps > performanceFeeBps)
    lines.push(
      "This round keeps the rates it was locked at: the vault's raised fees apply to rounds locked after the raise.",
    );
  return lines;
}

/**
 * The fees at the total collected so far, under the settle form before anything is built or asked: "At this total the
 * fund charges a management fee of 0.15 mUSDC and a performance fee of 19.97 mUSDC; its investors get 1,079.88 mUSDC."
 */
export function settlementFeePreview(fees: RoundFeeEstimate, token: Token): string {
  const amount = (units: bigint) => formatTokenAmount(units, token.decimals, token.symbol);
  return `At this total the fund charges a management fee of ${amount(fees.managementFee)} and a performance fee of ${amount(fees.performanceFee)}; its investors get ${amount(fees.investorsTotal)}.`;
}

/** The scale of share prices and of the high-water mark (1e18). */
const SHARE_PRICE_SCALE = 10n ** 18n;

/**
 * The second confirmation of a loss (the figures in tokens and per cent): "Settle round 1 at a loss of 500 mUSDC
 * (25%)?". In a vault whose settlements wait a challenge window, it is undone only by a veto before it is final.
 */
export function lossEffect({
  principal,
  returned,
  round,
  token,
  challengeWindow = 0,
  managementFee = 0n,
}: {
  principal: bigint;
  returned: bigint;
  round: number;
  token: Token;
  /** The vault's challenge window (seconds); 0: final at once. */
  challengeWindow?: number;
  /** The management fee the round is charged even at a loss (`roundFees`); a loss pays no performance fee. */
  managementFee?: bigint;
}): { question: string; detail: string } {
  const loss = principal - returned;
  const shared =
    managementFee === 0n
      ? `Its investors put in ${tokens(principal, token)} and get back ${tokens(returned, token)}, shared pro rata; the fund takes no share.`
      : `Its investors put in ${tokens(principal, token)} and get back ${tokens(returned - managementFee, token)} (${tokens(returned, token)} less the fund's management fee of ${tokens(managementFee, token)}), shared pro rata; the fund takes no performance fee.`;
  return {
    question: `Settle round ${round} at a loss of ${tokens(loss, token)} (${percentOf(loss, principal)})?`,
    detail: challengeWindow > 0 ? shared : `${shared} This cannot be undone.`,
  };
}

/**
 * What happens once a settlement is sent: final at once, or (in a vault with a challenge window) proposed, open to a
 * veto until the window has passed, then made final by anyone, which opens the next round.
 */
export function settlementFinality({ round, challengeWindow }: { round: number; challengeWindow: number }): string {
  if (challengeWindow <= 0) return "This cannot be undone: the round's positions are priced from this total.";
  return `It is proposed first: it becomes final ${challengeWindowText(challengeWindow)} after it is sent (anyone can then make it final, and round ${round + 1} opens), unless a guardian or an admin vetoes it before. Once final, it cannot be undone: the round's positions are priced from this total.`;
}

/**
 * "Remove trading wallet Futures (0x7099…79C8) from the Crypto futures trading vault: at the next lockup it receives
 * nothing instead of 60% (9,943.58 mUSDC of round 3's 16,572.64 mUSDC so far)." and what it leaves.
 */
export function removeWalletEffect({
  wallet,
  vaultName,
  round,
  deposits,
  allocations,
  token,
}: {
  wallet: { walletType: string; walletAddress: string; allocation: number; index: number };
  vaultName: string;
  round: number;
  /** The open round's deposits so far, in token units. */
  deposits: bigint;
  /** Every wallet's allocation in basis points, in list order (the removed one included). */
  allocations: readonly number[];
  token: Token;
}): { effect: string; detail: string } {
  const share = splitByAllocation(deposits, allocations)[wallet.index] ?? 0n;
  const remaining = allocations.reduce((sum, bps, i) => (i === wallet.index ? sum : sum + bps), 0);
  return {
    effect: `Remove trading wallet ${wallet.walletType} (${shortenAddress(wallet.walletAddress)}) from the ${vaultName}: at the next lockup it receives nothing instead of ${bpsToPercent(wallet.allocation)} (${tokens(share, token)} of round ${round}'s ${tokens(deposits, token)} so far).`,
    detail:
      remaining === 10_000
        ? "The remaining wallets still add up to 100%."
        : `The remaining wallets add up to ${bpsToPercent(remaining)}; they must add up to 100% before the next lockup.`,
  };
}

/** "Revoke the admin role of Admin 2 (0x7099…79C8): …"; revoking one's own role says it ends one's access. */
export function revokeAdminEffect({ name, address, self }: { name: string; address: string; self: boolean }): {
  effect: string;
  detail: string;
} {
  return {
    effect: `Revoke the admin role of ${name} (${shortenAddress(address)})${self ? ", your own wallet" : ""}.`,
    detail: self
      ? "You lose access to this page and every admin action at once; only another admin can grant the role back."
      : "That wallet can no longer run rounds, manage trading wallets, the whitelist, admins or the emergency state; another admin can grant the role back.",
  };
}

/** Granting the admin role to `address` (checksummed, whole): who gets it and what it can then do. */
export function grantAdminEffect(address: string): { effect: string; detail: string } {
  return {
    effect: `Grant the admin role to ${getAddress(address)}.`,
    detail:
      "That wallet can then do everything on this page: run every vault's rounds (start lockups, collect, settle), add and remove trading wallets, whitelist and delist investors, grant and revoke the admin role, and turn the emergency state on or off. Grant it only to a wallet your fund controls; any admin can revoke it. Where the fund's timelock holds the top role, the grant waits its delay in Pending changes first.",
  };
}

/** What the fund's vaults hold now: in open rounds (deposits) and in locked rounds (with the traders). */
export type FundHoldings = { open: bigint; locked: bigint; lockedRounds: number; vaults: number };

/** Turning the emergency state on or off, with what it means for the tokens in open and locked rounds. */
export function emergencyEffect({
  turnOn,
  holdings,
  token,
}: {
  turnOn: boolean;
  holdings: FundHoldings;
  token: Token;
}): { effect: string; detail: string } {
  const vaults = holdings.vaults === 1 ? "the fund's vault" : `all ${holdings.vaults} vaults`;
  if (!turnOn)
    return {
      effect: `Turn the emergency state off: deposits and lockups resume in ${vaults}.`,
      detail: `Emergency withdrawals stop; the ${tokens(holdings.open, token)} in open rounds stays invested unless investors withdraw it as usual.`,
    };
  return {
    effect: `Turn the emergency state on for ${vaults}: investors can take the ${tokens(holdings.open, token)} in open rounds out at once.`,
    detail:
      holdings.lockedRounds === 0
        ? "Deposits and lockups stop until it is turned off."
        : `Deposits and lockups stop until it is turned off. The ${tokens(holdings.locked, token)} with the traders in ${plural(holdings.lockedRounds, "locked round")} stays there until ${holdings.lockedRounds === 1 ? "it settles" : "they settle"} (early settlement is allowed).`,
  };
}
