import {
  BaseError,
  type ContractErrorArgs,
  type ContractErrorName,
  decodeErrorResult,
  formatEther,
  type Hex,
  toFunctionSelector,
} from "viem";
import { fundPaymasterAbi } from "../abi/index.js";

type PaymasterErrorName = ContractErrorName<typeof fundPaymasterAbi>;

/**
 * Plain words for the fund paymaster's refusals to sponsor, keyed by its ABI's error names (`satisfies`: an error added
 * to or renamed in FundPaymaster.sol fails the SDK's build until it is placed here) with arguments typed from the ABI.
 * `null`: not a refusal to sponsor but an error of the admin's own calls (`setSponsorBudget`), worded where it is made.
 */
export const paymasterRefusalTexts = {
  AccountNotWhitelisted: ([account]) =>
    `The fund does not sponsor this smart account (${account}): it is not whitelisted. Ask the fund's admin to whitelist it.`,
  SponsorBudgetExceeded: ([, , budget]) =>
    `This smart account has used the gas the fund sponsors (budget ${formatEther(budget)} ETH per account). Ask the fund's admin to raise it, or invest from your EOA.`,
  CallNotSponsored: () => "The fund sponsors only calls to the fund and its investment token.",
  InvalidAddress: null,
  NotFundAdmin: null,
  OwnableInvalidOwner: null,
  OwnableUnauthorizedAccount: null,
} satisfies {
  [name in PaymasterErrorName]: ((args: ContractErrorArgs<typeof fundPaymasterAbi, name>) => string) | null;
};

/** The catalogue seen through its key type, so a text can be looked up by a name known only as a type parameter. */
const paymasterCatalogue: {
  [name in PaymasterErrorName]: ((args: ContractErrorArgs<typeof fundPaymasterAbi, name>) => string) | null;
} = paymasterRefusalTexts;

/**
 * Plain words for the fund paymaster's refusals. A bundler reports a paymaster that reverts in validation as
 * "AA33 reverted" with the revert data somewhere in its message; this finds and decodes it. Undefined for the
 * paymaster's errors that are no refusal to sponsor.
 */
export function describePaymasterRevert<name extends PaymasterErrorName>(
  errorName: name,
  args: ContractErrorArgs<typeof fundPaymasterAbi, name>,
): string | undefined {
  return paymasterCatalogue[errorName]?.(args);
}

/** A refusal of the paymaster, decoded: its name and arguments typed from the ABI. */
export type PaymasterRevert = {
  [name in PaymasterErrorName]: { errorName: name; args: ContractErrorArgs<typeof fundPaymasterAbi, name> };
}[PaymasterErrorName];

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

/** The paymaster's refusal to sponsor an error carries (its name and typed arguments), if any. */
export function decodePaymasterRevert(error: unknown): PaymasterRevert | undefined {
  for (const data of revertPayloads(error)) {
    const hex = data.slice(2).toLowerCase();
    // The revert data may sit inside a longer payload (FailedOpWithRevert's `inner` bytes): find each selector.
    for (const selector of paymasterErrorSelectors) {
      for (let at = hex.indexOf(selector); at >= 0; at = hex.indexOf(selector, at + 2)) {
        if (at % 2 !== 0) continue;
        let decoded: ReturnType<typeof decodeErrorResult<typeof fundPaymasterAbi>>;
        try {
          decoded = decodeErrorResult({ abi: fundPaymasterAbi, data: `0x${hex.slice(at)}` });
        } catch (decodeError) {
          // viem's decoding errors: the selector's bytes, but not a whole error here. Anything else is a fault.
          if (decodeError instanceof BaseError) continue;
          throw decodeError;
        }
        if (paymasterCatalogue[decoded.errorName]) return decoded;
      }
    }
  }
  return undefined;
}

/** The paymaster's refusal in plain words, when the error carries one. */
export function paymasterRefusal(error: unknown): string | undefined {
  const revert = decodePaymasterRevert(error);
  return revert ? describeRevert(revert) : undefined;
}

/** The words for a decoded refusal (its name and arguments kept together, as decoded). */
function describeRevert<name extends PaymasterErrorName>(revert: {
  errorName: name;
  args: ContractErrorArgs<typeof fundPaymasterAbi, name>;
}): string | undefined {
  return describePaymasterRevert(revert.errorName, revert.args);
}
