import { type Address, decodeFunctionData, formatUnits, type Hex, keccak256, toHex, zeroHash } from "viem";
import { fundTimelockAbi, investmentFundAbi } from "../abi/index.js";
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

/** Decodes a scheduled call: against the fund when it targets the fund, the timelock's own ABI when it targets itself. */
export function decodeFundChange(
  { target, data }: { target: Address; data: Hex },
  { investmentFund, fundTimelock }: { investmentFund: Address; fundTimelock?: Address | undefined },
): FundChangeCall {
  const abi =
    target.toLowerCase() === investmentFund.toLowerCase()
      ? investmentFundAbi
      : fundTimelock && target.toLowerCase() === fundTimelock.toLowerCase()
        ? fundTimelockAbi
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
    case "setMinimumInvestment":
      return { summary: `the minimum investment becomes ${amount(a[1])}`, vaultId: a[0] as bigint };
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
    case "updateDelay":
      return { summary: `the delay of every later change becomes ${formatPeriod(Number(a[0]))}`, vaultId: null };
    default:
      return { summary: `the fund's ${call.functionName} is called`, vaultId: null };
  }
}
