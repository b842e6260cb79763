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
