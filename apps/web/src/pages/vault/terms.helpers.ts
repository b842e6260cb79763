import { formatSharePrice, type LiveVault } from "@fundament/sdk";
import { formatPercent, formatTokenAmount } from "../../shared/lib/format";

type Token = { decimals: number; symbol: string };
type TermsVault = Pick<LiveVault, "fees" | "caps" | "sharePrice" | "roundFunds">;

/** One line of a vault's terms: what it is, and a note under it when one helps. */
export type Term = { label: string; value: string; note?: string };

const percent = (bps: number) => formatPercent(bps / 100);

/**
 * What an investor agrees to in a vault, in words: its fees, its high-water mark against the current round's price,
 * and its caps with the room left in the round.
 */
export function vaultTerms(vault: TermsVault, token: Token): Term[] {
  const { fees, caps } = vault;
  const terms: Term[] = [
    {
      label: "Management fee",
      value: fees.managementFeeBps === 0 ? "None" : `${percent(fees.managementFeeBps)} a year`,
      note: fees.managementFeeBps === 0 ? undefined : "Of each round's principal, for the time the round is locked.",
    },
    {
      label: "Performance fee",
      value: fees.performanceFeeBps === 0 ? "None" : `${percent(fees.performanceFeeBps)} of profit`,
      note: fees.performanceFeeBps === 0 ? undefined : "Only on profit above the high-water mark.",
    },
    markTerm(vault),
    {
      label: "Round cap",
      value: caps.depositCap === null ? "None" : formatTokenAmount(caps.depositCap, token.decimals, token.symbol),
      note:
        caps.depositCap === null
          ? undefined
          : `${formatTokenAmount(roomUnder(caps.depositCap, vault.roundFunds), token.decimals, token.symbol)} left in this round.`,
    },
    {
      label: "Cap per investor",
      value: caps.investorCap === null ? "None" : formatTokenAmount(caps.investorCap, token.decimals, token.symbol),
      note: caps.investorCap === null ? undefined : "The most one investor may hold in a round.",
    },
  ];
  return terms;
}

/**
 * The high-water mark: the share price the vault's profit must pass before a performance fee is due. Above the current
 * round's price after a loss: the round's gains up to it pay no performance fee.
 */
function markTerm(vault: TermsVault): Term {
  const mark = formatSharePrice(vault.fees.highWaterMark);
  if (vault.sharePrice > 0n && vault.fees.highWaterMark > vault.sharePrice) {
    return {
      label: "High-water mark",
      value: `${mark} per share`,
      note: `This round starts at ${formatSharePrice(vault.sharePrice)} per share: its gains up to ${mark} win back an earlier loss and pay no performance fee.`,
    };
  }
  return { label: "High-water mark", value: `${mark} per share`, note: "This round starts at the mark." };
}

const roomUnder = (cap: bigint, funds: bigint) => (cap > funds ? cap - funds : 0n);
