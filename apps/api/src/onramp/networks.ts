/** A network as Coinbase's options name it. */
export type OnrampNetwork = { name: string; display_name: string; chain_id: string };

const KNOWN: Record<number, { name: string; display_name: string }> = {
  31337: { name: "fundament-local", display_name: "Fundament local" },
  1: { name: "ethereum", display_name: "Ethereum" },
  11155111: { name: "sepolia", display_name: "Sepolia" },
  8453: { name: "base", display_name: "Base" },
  84532: { name: "base-sepolia", display_name: "Base Sepolia" },
};

/** The on-ramp's network id and display name of a chain ("fundament-local" for 31337, "sepolia" …). */
export function onrampNetwork(chainId: number): OnrampNetwork {
  const known = KNOWN[chainId] ?? { name: `chain-${chainId}`, display_name: `Chain ${chainId}` };
  return { ...known, chain_id: String(chainId) };
}
