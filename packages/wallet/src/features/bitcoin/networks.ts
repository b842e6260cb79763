import { type CaipNetwork, referenceId } from "../../core/network.js";

/** The bitcoin networks this layer knows. */
export type BitcoinNetworkName = "mainnet" | "testnet" | "regtest";

/** CAIP-2 id of bitcoin mainnet (bip122 + the first 32 hex characters of the genesis block hash). */
export const BITCOIN_MAINNET_ID = "bip122:000000000019d6689c085ae165831e93";
/** CAIP-2 id of bitcoin testnet (testnet3). */
export const BITCOIN_TESTNET_ID = "bip122:000000000933ea01ad0ee984209779ba";
/** CAIP-2 id of a bitcoin regtest node (its fixed genesis block). */
export const BITCOIN_REGTEST_ID = "bip122:0f9188f13cb7b2c71f2a335e3a4fc328";

const IDS: Record<BitcoinNetworkName, string> = {
  mainnet: BITCOIN_MAINNET_ID,
  testnet: BITCOIN_TESTNET_ID,
  regtest: BITCOIN_REGTEST_ID,
};
const NAMES: Record<BitcoinNetworkName, string> = {
  mainnet: "Bitcoin",
  testnet: "Bitcoin Testnet",
  regtest: "Bitcoin Regtest",
};

/** The CAIP-2 id of a bitcoin network (`bip122:<genesis32>`). */
export function bitcoinCaipNetworkId(name: BitcoinNetworkName): string {
  return IDS[name];
}

/**
 * A bitcoin network as a chain network: `chainNamespace` bip122, `caipNetworkId` `bip122:<genesis32>`, BTC with 8
 * decimals. Its `id` is the CAIP-2 reference (bitcoin has no numeric chain id); `rpcUrls` holds the balance API.
 */
export function bitcoinNetwork(name: BitcoinNetworkName, balanceApiUrl = ""): CaipNetwork {
  const caipNetworkId = IDS[name];
  return {
    id: referenceId(caipNetworkId.slice(7)),
    name: NAMES[name],
    nativeCurrency: { name: "Bitcoin", symbol: "BTC", decimals: 8 },
    rpcUrls: { default: { http: balanceApiUrl ? [balanceApiUrl] : [] } },
    testnet: name !== "mainnet",
    chainNamespace: "bip122",
    caipNetworkId,
  } as CaipNetwork;
}

/** The Wallet Standard chain of a bitcoin network (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:regtest`). */
export function bitcoinWalletStandardChain(name: BitcoinNetworkName): `bitcoin:${BitcoinNetworkName}` {
  return `bitcoin:${name}`;
}

/** The bitcoin network of a CAIP-2 id, if it is one of the three. */
export function bitcoinNetworkName(caipNetworkId: string | undefined): BitcoinNetworkName | undefined {
  return (Object.keys(IDS) as BitcoinNetworkName[]).find((n) => IDS[n] === caipNetworkId);
}
