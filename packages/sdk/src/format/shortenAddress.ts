/**
 * Shortens an address to `chars` characters, half at each end (spec section 9: 8 by default, 4 at each
 * end), e.g. "0xAbCd…1234". Strings already that short are returned as they are.
 */
export function shortenAddress(address: string, chars = 8): string {
  const half = Math.max(1, Math.floor(chars / 2));
  if (address.length <= half * 2 + 1) return address;
  return `${address.slice(0, half)}…${address.slice(-half)}`;
}
