import { type Address, getAddress, isAddress } from "viem";

export type KnownContractAbi =
  | "investmentFund"
  | "fundGovernor"
  | "fundTimelock"
  | "erc20"
  | "uniswapV2Router"
  /** The fund's ERC-4337 paymaster: a user operation naming it is "gas paid by the fund". */
  | "fundPaymaster";
export type FrameChain = { id: number; name: string; rpcUrl: string };
export type KnownContract = { address: Address; name: string; abi: KnownContractAbi };

/** What the frame reads from its own origin's `/config.json` (served by scripts/lib/serve-frame.mjs). */
export type FrameConfig = {
  apiUrl: string;
  /** The only origins whose messages the frame accepts and to which it posts. */
  parentOrigins: string[];
  chains: FrameChain[];
  knownContracts: KnownContract[];
};

const KNOWN_ABIS: readonly KnownContractAbi[] = [
  "investmentFund",
  "fundGovernor",
  "fundTimelock",
  "erc20",
  "uniswapV2Router",
  "fundPaymaster",
];

function fail(what: string): never {
  throw new Error(`Invalid frame config: ${what}`);
}

function httpUrl(value: unknown, what: string): string {
  if (typeof value !== "string") fail(`${what} must be a URL`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`${what} must be a URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") fail(`${what} must be an http(s) URL`);
  return value.replace(/\/+$/, "");
}

/** Checks `/config.json` strictly: a frame that trusted the wrong origin could be driven by any page. */
export function parseFrameConfig(value: unknown): FrameConfig {
  if (typeof value !== "object" || value === null) fail("not an object");
  const raw = value as Record<string, unknown>;
  const apiUrl = httpUrl(raw.apiUrl, "apiUrl");
  if (!Array.isArray(raw.parentOrigins) || raw.parentOrigins.length === 0) fail("parentOrigins must list origins");
  const parentOrigins = raw.parentOrigins.map((origin, i) => {
    const url = httpUrl(origin, `parentOrigins[${i}]`);
    if (new URL(url).origin !== url) fail(`parentOrigins[${i}] must be an origin (scheme, host and port only)`);
    return url;
  });
  if (!Array.isArray(raw.chains) || raw.chains.length === 0) fail("chains must list at least one chain");
  const chains = raw.chains.map((chain: unknown, i): FrameChain => {
    const c = (typeof chain === "object" && chain !== null ? chain : {}) as Record<string, unknown>;
    if (typeof c.id !== "number" || !Number.isSafeInteger(c.id) || c.id <= 0)
      fail(`chains[${i}].id must be a chain id`);
    if (typeof c.name !== "string" || !c.name) fail(`chains[${i}].name must be a name`);
    return { id: c.id, name: c.name, rpcUrl: httpUrl(c.rpcUrl, `chains[${i}].rpcUrl`) };
  });
  const knownContracts = (Array.isArray(raw.knownContracts) ? raw.knownContracts : []).map(
    (entry: unknown, i): KnownContract => {
      const k = (typeof entry === "object" && entry !== null ? entry : {}) as Record<string, unknown>;
      if (typeof k.address !== "string" || !isAddress(k.address, { strict: false })) {
        fail(`knownContracts[${i}].address must be an address`);
      }
      if (typeof k.name !== "string" || !k.name) fail(`knownContracts[${i}].name must be a name`);
      if (!KNOWN_ABIS.includes(k.abi as KnownContractAbi))
        fail(`knownContracts[${i}].abi must be one of ${KNOWN_ABIS}`);
      return { address: getAddress(k.address), name: k.name, abi: k.abi as KnownContractAbi };
    },
  );
  return { apiUrl, parentOrigins, chains, knownContracts };
}

export async function loadFrameConfig(fetchFn: typeof fetch = fetch): Promise<FrameConfig> {
  const response = await fetchFn("/config.json", { cache: "no-store" });
  if (!response.ok) throw new Error(`Could not load /config.json (${response.status})`);
  return parseFrameConfig(await response.json());
}
