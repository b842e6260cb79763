import { type Address, type Client, maxUint256 } from "viem";
import { readContract } from "viem/actions";
import type { Deployment } from "../deployment/deployment.js";
import { describeFundError, type FundErrorContext } from "../errors.js";
import { formatChangeTime } from "../format/secondsToDate.js";
import { fundContract } from "./fundContract.js";

/** The contract's `DepositStatus`, by its enum order. */
export const DEPOSIT_STATUSES = [
  "open",
  "emergency",
  "windingDown",
  "paused",
  "locked",
  "notWhitelisted",
  "unwithdrawnPosition",
  "belowMinimum",
  "vaultCapReached",
  "aboveInvestorCap",
] as const;

export type DepositStatusName = (typeof DEPOSIT_STATUSES)[number];

/** Whether a deposit would go through now, and if not the first reason, until when, and the words for it. */
export type DepositStatus = {
  status: DepositStatusName;
  /** Seconds on the chain's clock when a locked vault takes deposits again at the earliest; null otherwise. */
  until: number | null;
  /** The vault's smallest deposit, in token units. */
  minimumInvestment: bigint;
  /** How much more the vault's caps let this wallet deposit into the current round, in token units; null: no cap. */
  available: bigint | null;
  /** The refusal in the catalogue's words; null when open. */
  message: string | null;
};

export type GetDepositStatusParameters = {
  deployment: Deployment;
  vaultId: number | bigint;
  account: Address;
  /** The deposit, in token units. */
  amount: bigint;
  /** The token's decimals and symbol, for the amounts in the message. */
  context?: FundErrorContext;
};

/**
 * `getDepositStatus(vaultId, account, amount)`: the fund's own answer to "can this wallet deposit this now?" with the
 * same checks as `invest` (vault-wide reasons first), so every refusal is said before any wallet prompt.
 */
export async function getDepositStatus(
  client: Client,
  { deployment, vaultId, account, amount, context = {} }: GetDepositStatusParameters,
): Promise<DepositStatus> {
  const id = BigInt(vaultId);
  const check = await readContract(client, {
    ...fundContract(deployment),
    functionName: "getDepositStatus",
    args: [id, account, amount],
  });
  const status = DEPOSIT_STATUSES[check.status] ?? "open";
  const until = status === "locked" && check.until > 0n ? Number(check.until) : null;
  let room = check.roundRoom;
  if (check.investorRoom < room) room = check.investorRoom;
  const available = room === maxUint256 ? null : room;
  const facts = {
    vaultId: id,
    account,
    amount,
    until,
    minimum: check.minimumInvestment,
    roundRoom: check.roundRoom,
    investorRoom: check.investorRoom,
  };
  return {
    status,
    until,
    minimumInvestment: check.minimumInvestment,
    available,
    message: depositRefusal(status, facts, context),
  };
}

/** The words for a refusal: the catalogue's text of the error `invest` would revert with. */
function depositRefusal(
  status: DepositStatusName,
  facts: {
    vaultId: bigint;
    account: Address;
    amount: bigint;
    until: number | null;
    minimum: bigint;
    roundRoom: bigint;
    investorRoom: bigint;
  },
  context: FundErrorContext,
): string | null {
  switch (status) {
    case "open":
      return null;
    case "emergency":
      return describeFundError("EmergencyActive", []);
    case "windingDown":
      return describeFundError("VaultWindingDown", [facts.vaultId]);
    case "paused":
      return describeFundError("VaultPaused", [facts.vaultId]);
    case "locked":
      return facts.until === null
        ? describeFundError("PoolLocked", [0n])
        : `This vault's round is locked until ${formatChangeTime(facts.until)}: its funds are with the traders.`;
    case "notWhitelisted":
      return describeFundError("NotWhitelisted", [facts.account]);
    case "unwithdrawnPosition":
      return "Your payout from this vault's last round is settled and waiting: withdraw it first.";
    case "belowMinimum":
      return describeFundError("BelowMinimumInvestment", [facts.amount, facts.minimum], context);
    case "vaultCapReached":
      // Room below the minimum is no room: no deposit the vault takes fits.
      return describeFundError("VaultCapExceeded", [facts.roundRoom < facts.minimum ? 0n : facts.roundRoom], context);
    case "aboveInvestorCap":
      return describeFundError(
        "InvestorCapExceeded",
        [facts.investorRoom < facts.minimum ? 0n : facts.investorRoom],
        context,
      );
  }
}
