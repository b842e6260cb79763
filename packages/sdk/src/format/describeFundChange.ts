import {
  type Address,
  decodeFunctionData,
  formatUnits,
  type Hex,
  keccak256,
  toFunctionSelector,
  toHex,
  zeroHash,
} from "viem";
import { fundGovernorAbi, fundTimelockAbi, investmentFundAbi } from "../abi/index.js";
import { shortenAddress } from "../format/shortenAddress.js";
import { formatPeriod } from "../fundLimits.js";

/** A change as the timelock holds it, decoded against the fund's (or the timelock's own) ABI where it can be. */
export type FundChangeCall = { functionName: string; args: readonly unknown[] } | null;

/** What a change does, in words a person reads, and the vault it concerns (null: the whole fund). */
export type FundChangeDescription = {
  /** Lower-case sentence fragment: "the lockup becomes 45 days". */
  summary: string;
  vaultId: bigint | null;
};

const ROLE_NAMES: Record<Hex, string> = {
  [zeroHash]: "the top role (default admin)",
  [keccak256(toHex("ADMIN_ROLE"))]: "an admin",
  [keccak256(toHex("OPERATOR_ROLE"))]: "an operator",
  [keccak256(toHex("GUARDIAN_ROLE"))]: "a guardian",
};

/**
 * Decodes a scheduled call (or a proposal's action): against the fund when it targets the fund, the timelock's own ABI
 * when it targets itself, the governor's when it targets the governor.
 */
export function decodeFundChange(
  { target, data }: { target: Address; data: Hex },
  {
    investmentFund,
    fundTimelock,
    fundGovernor,
  }: { investmentFund: Address; fundTimelock?: Address | undefined; fundGovernor?: Address | undefined },
): FundChangeCall {
  const is = (address: Address | undefined) => address !== undefined && target.toLowerCase() === address.toLowerCase();
  const abi = is(investmentFund)
    ? investmentFundAbi
    : is(fundTimelock)
      ? fundTimelockAbi
      : is(fundGovernor)
        ? fundGovernorAbi
        : undefined;
  if (!abi) return null;
  try {
    const { functionName, args } = decodeFunctionData({ abi, data });
    return { functionName, args: args ?? [] };
  } catch {
    // Calldata that matches no function of the ABI: shown as an unknown call, never dropped.
    return null;
  }
}

/** The name of the fund's or governor's function with `selector`, else the selector itself. */
function functionNameOf(selector: Hex): string {
  for (const item of [...investmentFundAbi, ...fundGovernorAbi]) {
    if (item.type === "function" && toFunctionSelector(item) === selector) return item.name;
  }
  return selector;
}

/** Plain words for a decoded change, amounts in the token's units. */
export function describeFundChange(
  call: FundChangeCall,
  { decimals, symbol }: { decimals: number; symbol: string },
): FundChangeDescription {
  if (!call) return { summary: "an unknown call", vaultId: null };
  const a = call.args;
  const amount = (value: unknown) => `${formatUnits(value as bigint, decimals)} ${symbol}`;
  switch (call.functionName) {
    case "setLockupPeriodDuration":
      return { summary: `the lockup becomes ${formatPeriod(Number(a[1]))}`, vaultId: a[0] as bigint };
    case "setChallengeWindow":
      return {
        summary:
          a[1] === 0n
            ? "settlements become final at once, with no time to veto them"
            : `settlements wait ${formatPeriod(Number(a[1]))}, open to a veto, before they are final`,
        vaultId: a[0] as bigint,
      };
    case "setSettlementBounds":
      return {
        summary: `a round's result needs the guardian's co-signature beyond a ${Number(a[1]) / 100}% loss${
          Number(a[2]) === 65_535 ? "" : ` or a ${Number(a[2]) / 100}% gain`
        }`,
        vaultId: a[0] as bigint,
      };
    case "setMinimumInvestment":
      return { summary: `the minimum investment becomes ${amount(a[1])}`, vaultId: a[0] as bigint };
    case "setFees":
      return {
        summary: `the fees become ${Number(a[1]) / 100}% a year (management) and ${Number(a[2]) / 100}% of profit above the high-water mark (performance), for rounds locked after the change`,
        vaultId: a[0] as bigint,
      };
    case "setCaps": {
      const cap = (value: unknown) => ((value as bigint) === 0n ? "none" : amount(value));
      return {
        summary: `the round cap becomes ${cap(a[1])} and the per-investor cap ${cap(a[2])}`,
        vaultId: a[0] as bigint,
      };
    }
    case "addTradingWallet":
      return {
        summary: `a trading wallet joins: ${shortenAddress(a[1] as Address)} (${a[2] as string}, ${Number(a[3]) / 100}% of each lockup)`,
        vaultId: a[0] as bigint,
      };
    case "setFundWallet":
      return {
        summary: `the fund wallet (which receives the fund's fees) becomes ${shortenAddress(a[0] as Address)}`,
        vaultId: null,
      };
    case "grantRole":
      return {
        summary: `${shortenAddress(a[1] as Address)} becomes ${ROLE_NAMES[a[0] as Hex] ?? "a role holder"}`,
        vaultId: null,
      };
    case "revokeRole":
      return {
        summary: `${shortenAddress(a[1] as Address)} stops being ${ROLE_NAMES[a[0] as Hex] ?? "a role holder"}`,
        vaultId: null,
      };
    case "setPaused":
      return {
        summary: `${a[0] === 0n ? "every vault" : "the vault"} ${a[1] ? "stops" : "resumes"} taking deposits and starting rounds`,
        vaultId: a[0] === 0n ? null : (a[0] as bigint),
      };
    case "windDown":
      return {
        summary: `${a[0] === 0n ? "the whole fund" : "the vault"} winds down for good`,
        vaultId: a[0] === 0n ? null : (a[0] as bigint),
      };
    case "setEmergencyState":
      return { summary: `the emergency state turns ${a[0] ? "on" : "off"}`, vaultId: null };
    case "setQuorum":
      return {
        summary: `the quorum of later proposals becomes ${Number(a[0]) / 100} % of what investors hold`,
        vaultId: null,
      };
    case "setTimelock":
      return {
        summary: `proposals' actions go through the timelock ${shortenAddress(a[0] as Address)}`,
        vaultId: null,
      };
    case "abdicate":
      return {
        summary: `the power to call ${functionNameOf(a[1] as Hex)} on ${shortenAddress(a[0] as Address)} is given up for good`,
        vaultId: null,
      };
    case "updateDelay":
      return { summary: `the delay of every later change becomes ${formatPeriod(Number(a[0]))}`, vaultId: null };
    default:
      return { summary: `the fund's ${call.functionName} is called`, vaultId: null };
  }
}
