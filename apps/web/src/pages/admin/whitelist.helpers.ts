import { getAddress, isAddress } from "viem";
import { shortenAddress } from "../../shared/lib/format";

/**
 * The whitelist members whose address contains what was typed, ignoring case and a leading "0x" ("f39f", "0xF39F…",
 * a whole address). An empty search keeps every member.
 */
export function filterWhitelist<T extends { address: string }>(members: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase().replace(/^0x/, "");
  if (!needle) return [...members];
  return members.filter((m) => m.address.toLowerCase().slice(2).includes(needle));
}

/**
 * Why whitelisting or removing `address` would be refused, from the list already read (so the admin gets the reason
 * in admin terms before any wallet prompt); null when the action makes sense. Assumes a valid address.
 */
export function whitelistActionProblem(
  action: "add" | "remove",
  address: string,
  members: readonly { address: string }[],
): string | null {
  if (!isAddress(address.trim(), { strict: false })) return null;
  const listed = members.some((m) => m.address.toLowerCase() === address.trim().toLowerCase());
  const short = shortenAddress(getAddress(address.trim().toLowerCase()));
  if (action === "add" && listed) return `${short} is already on the whitelist.`;
  if (action === "remove" && !listed) return `${short} is not on the whitelist: there is nothing to remove.`;
  return null;
}

/** What the admin typed in the whitelist's input: a wallet address, a name of the fund's names service, or a problem. */
export type WhitelistTarget =
  | { kind: "empty" }
  | { kind: "address"; address: `0x${string}` }
  | { kind: "name"; name: string }
  | { kind: "invalid"; message: string };

/** A dotted word (`alice.fundament`, `bob.eth`): what a person types as a name rather than an address. */
const NAME_LIKE = /^[^\s.]+(\.[^\s.]+)+$/;

/**
 * Reads the whitelist input: a 0x address (any case), a name in the fund's zone (`alice.<zone>`, resolved through the
 * fund's names service before anything is sent), or a sentence saying why it is neither.
 */
export function parseWhitelistTarget(text: string, zone: string): WhitelistTarget {
  const value = text.trim();
  if (!value) return { kind: "empty" };
  if (isAddress(value, { strict: false })) return { kind: "address", address: getAddress(value.toLowerCase()) };
  if (/^0x/i.test(value))
    return { kind: "invalid", message: "Enter a valid wallet address: 0x followed by 40 hexadecimal characters." };
  const lower = value.toLowerCase();
  if (NAME_LIKE.test(lower)) {
    if (lower.endsWith(`.${zone.toLowerCase()}`)) return { kind: "name", name: lower };
    return {
      kind: "invalid",
      message: `Only names ending in .${zone} resolve here: enter that name, or the investor's 0x address.`,
    };
  }
  return {
    kind: "invalid",
    message: `Enter the investor's 0x address or their name ending in .${zone} (for example alice.${zone}).`,
  };
}

/**
 * Why a name did not resolve, in words, from the names service's answer: its HTTP status (0 when it did not answer)
 * and its reason.
 */
export function nameResolutionProblem(name: string, error: { status?: number; message?: string } | null): string {
  const status = error?.status;
  if (status === 404)
    return `${name} is not a registered name: check its spelling, or ask the investor for their address.`;
  if (status === 0) return `${name} could not be looked up: the fund's names service did not answer. Try again.`;
  if (status === 400) return `${name} is not a valid name: ${error?.message ?? "check its spelling"}.`;
  if (error?.message && /no address/i.test(error.message)) return `${name} has no wallet address on this network.`;
  return `${name} could not be resolved${error?.message ? `: ${error.message}` : "."}`;
}
