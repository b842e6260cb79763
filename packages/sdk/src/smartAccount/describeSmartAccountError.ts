import { decodeErrorResult, formatEther, type Hex, toFunctionSelector } from "viem";
import { fundPaymasterAbi } from "../abi/index.js";

/**
 * Plain words for the fund paymaster's refusals. A bundler reports a paymaster that reverts in validation as
 * "AA33 reverted" with the revert data somewhere in its message; this finds and decodes it.
 */
export function describePaymasterRevert(errorName: string, args: readonly unknown[] = []): string | undefined {
  switch (errorName) {
    case "AccountNotWhitelisted":
      return `The fund does not sponsor this smart account (${String(args[0])}): it is not whitelisted. Ask the fund's admin to whitelist it.`;
    case "SponsorBudgetExceeded":
      return `This smart account has used the gas the fund sponsors (budget ${formatEther(args[2] as bigint)} ETH per account). Ask the fund's admin to raise it, or invest from your EOA.`;
    case "CallNotSponsored":
      return "The fund sponsors only calls to the fund and its investment token.";
    default:
      return undefined;
  }
}

/** Every `0x…` revert payload in an error's messages and causes, longest first. */
function revertPayloads(error: unknown): Hex[] {
  const found = new Set<Hex>();
  let current: unknown = error;
  for (let depth = 0; current && depth < 12; depth++) {
    const record = current as { message?: unknown; details?: unknown; data?: unknown; shortMessage?: unknown };
    for (const text of [record.message, record.details, record.shortMessage, record.data]) {
      if (typeof text !== "string") continue;
      for (const match of text.matchAll(/0x[0-9a-fA-F]{8,}/g)) found.add(match[0] as Hex);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** The selectors of the paymaster's custom errors (4 bytes, hex without 0x). */
const paymasterErrorSelectors = fundPaymasterAbi
  .filter((item) => item.type === "error")
  .map((item) =>
    toFunctionSelector(`${item.name}(${item.inputs.map((input) => input.type).join(",")})`)
      .slice(2)
      .toLowerCase(),
  );

/** The paymaster's custom error an error carries (its name and arguments), if any. */
export function decodePaymasterRevert(error: unknown): { errorName: string; args: readonly unknown[] } | undefined {
  for (const data of revertPayloads(error)) {
    const hex = data.slice(2).toLowerCase();
    // The revert data may sit inside a longer payload (FailedOpWithRevert's `inner` bytes): find each selector.
    for (const selector of paymasterErrorSelectors) {
      for (let at = hex.indexOf(selector); at >= 0; at = hex.indexOf(selector, at + 2)) {
        if (at % 2 !== 0) continue;
        try {
          const { errorName, args } = decodeErrorResult({ abi: fundPaymasterAbi, data: `0x${hex.slice(at)}` as Hex });
          if (describePaymasterRevert(errorName, args ?? [])) return { errorName, args: args ?? [] };
        } catch {
          // the selector's bytes, but not a whole error here
        }
      }
    }
  }
  return undefined;
}

/** The paymaster's refusal in plain words, when the error carries one. */
export function paymasterRefusal(error: unknown): string | undefined {
  const revert = decodePaymasterRevert(error);
  return revert ? describePaymasterRevert(revert.errorName, revert.args) : undefined;
}
