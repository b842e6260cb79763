import type { Wallet, WalletAccount } from "@wallet-standard/base";
import { formatUnits, parseUnits } from "viem";
import type { WalletCore } from "../../core/createWalletCore.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import { isUserRejection } from "../../core/errors.js";
import type { CaipNetwork } from "../../core/network.js";
import { createWalletStandardConnection } from "../families/createWalletStandardConnection.js";
import { isBitcoinAddress } from "./address.js";
import { BitcoinError, bitcoinMessages } from "./errors.js";
import { bitcoinWalletStandardChain } from "./networks.js";
import {
  BITCOIN_CONNECTOR_PREFIX,
  BITCOIN_WALLET_KEY,
  type BitcoinConnectorItem,
  type BitcoinFamily,
  type BitcoinRuntime,
} from "./types.js";

/** The bitcoin Wallet Standard features used here (ExodusMovement/bitcoin-wallet-standard names). */
export const BITCOIN_FEATURES = {
  connect: "bitcoin:connect",
  signMessage: "bitcoin:signMessage",
  /** Not in the bitcoin wallet standard (it has PSBT-based signAndSendTransaction): the spec's bip122 sendTransfer. */
  sendTransfer: "bitcoin:sendTransfer",
} as const;
const STANDARD_CONNECT = "standard:connect";

type ConnectFeature = {
  connect(input?: { purposes?: readonly ("payment" | "ordinals")[]; silent?: boolean }): Promise<{
    accounts: readonly WalletAccount[];
  }>;
};
type SignMessageFeature = {
  signMessage(
    ...inputs: { account: WalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>;
};
type SendTransferFeature = {
  sendTransfer(input: { account: WalletAccount; recipientAddress: string; amount: string }): Promise<{ txid: string }>;
};

/** An Esplora `GET /address/:address` answer (the parts read here). */
type EsploraAddress = {
  chain_stats?: { funded_txo_sum?: number; spent_txo_sum?: number };
  mempool_stats?: { funded_txo_sum?: number; spent_txo_sum?: number };
};

/** A Wallet Standard wallet usable here: it connects, signs bitcoin messages and has the configured bitcoin chain. */
export function isBitcoinWallet(wallet: Wallet, chain: string): boolean {
  return (
    (BITCOIN_FEATURES.connect in wallet.features || STANDARD_CONNECT in wallet.features) &&
    BITCOIN_FEATURES.signMessage in wallet.features &&
    wallet.chains.includes(chain as `${string}:${string}`)
  );
}

/** The connector id of a bitcoin Wallet Standard wallet. */
export function bitcoinConnectorId(wallet: Pick<Wallet, "name">): string {
  return `${BITCOIN_CONNECTOR_PREFIX}${wallet.name}`;
}

/** A wallet as the Connect view lists it (type ANNOUNCED, chain bip122). */
export function toBitcoinConnector(wallet: Wallet): BitcoinConnectorItem {
  return {
    id: bitcoinConnectorId(wallet),
    name: wallet.name,
    imageUrl: wallet.icon,
    type: "ANNOUNCED",
    chain: "bip122",
  };
}

/** The satoshis of an Esplora address answer: confirmed plus mempool, funded minus spent. */
export function esploraBalanceSats(body: EsploraAddress): bigint {
  const part = (s: EsploraAddress["chain_stats"]) => BigInt(s?.funded_txo_sum ?? 0) - BigInt(s?.spent_txo_sum ?? 0);
  return part(body.chain_stats) + part(body.mempool_stats);
}

/** Base64 of bytes (browser and Node). */
function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** What the bitcoin family works with: the core (state, router, toasts) and the runtime's bitcoin part. */
export type CreateBitcoinFamilyParameters = {
  core: WalletCore;
  bitcoin: Pick<BitcoinRuntime, "config" | "networks" | "connectors">;
  fetch?: typeof fetch | undefined;
};

/**
 * The bitcoin chain family: Wallet Standard discovery and connection (`bitcoin:connect` for the payment address),
 * the BTC balance from an Esplora-style API, `bitcoin:signMessage` and, where the wallet has it, `bitcoin:sendTransfer`.
 * Every failure is a {@link BitcoinError} with a plain sentence.
 */
export function createBitcoinFamily(p: CreateBitcoinFamilyParameters): BitcoinFamily {
  const { core, bitcoin } = p;
  const chain = bitcoinWalletStandardChain(bitcoin.config.network);
  const network = (): CaipNetwork => {
    const n = core.state.chain("bip122").network.activeNetwork ?? bitcoin.networks[0];
    if (!n) throw new BitcoinError(bitcoinMessages.notConnected);
    return n;
  };
  const wallets = createWalletStandardConnection({
    core,
    namespace: "bip122",
    storageKey: BITCOIN_WALLET_KEY,
    usable: (registered) => registered.filter((w) => isBitcoinWallet(w, chain)),
    connectorId: bitcoinConnectorId,
    toConnector: toBitcoinConnector,
    connectors: bitcoin.connectors,
    // The bitcoin family becomes active only when no other family is connected or being restored.
    activateOnRestore: () =>
      core.state.chain("eip155").account.status === "disconnected" &&
      core.state.chain("solana").account.status !== "connected",
    restore: (id, options) => family.connect(id, options),
    nextAccount: (accounts) => accounts.find((a) => isBitcoinAddress(a.address, bitcoin.config.network)),
    showAccount: (wallet, account) => {
      core.state.setConnected("bip122", account.address, {
        id: bitcoinConnectorId(wallet),
        name: wallet.name,
        icon: wallet.icon,
      });
      core.state.setAccount("bip122", { allAccounts: [{ address: account.address, type: "payment" }] });
    },
    label: "bitcoin",
  });

  const family: BitcoinFamily = {
    namespace: "bip122",
    networks: bitcoin.networks,
    connectors: wallets.connectors,
    watch: wallets.watch,
    async connect(connectorId, options = {}) {
      const wallet = wallets.find(connectorId);
      if (!wallet) throw new BitcoinError(bitcoinMessages.walletNotFound);
      const bitcoinConnect = wallet.features[BITCOIN_FEATURES.connect] as ConnectFeature | undefined;
      const standardConnect = wallet.features[STANDARD_CONNECT] as ConnectFeature | undefined;
      // A silent restore uses standard:connect's `silent` (bitcoin:connect has no silent mode).
      const { accounts } =
        options.silent && standardConnect
          ? await standardConnect.connect({ silent: true })
          : bitcoinConnect
            ? await bitcoinConnect.connect({ purposes: ["payment"] })
            : await (standardConnect as ConnectFeature).connect();
      // The payment address on the configured network (bitcoin:connect returns accounts in the purposes' order).
      const account = accounts.find(
        (a) => a.chains.includes(chain) && isBitcoinAddress(a.address, bitcoin.config.network),
      );
      if (!account) throw new BitcoinError(bitcoinMessages.noPaymentAddress);
      wallets.connected({ wallet, account, connectorId, network: network(), activate: options.activate });
    },
    disconnect: wallets.disconnect,
    balances: async (address) => [await readBitcoinBalance(network(), bitcoin.config.balanceApiUrl, address, p.fetch)],
    // No activity source for bitcoin (the balance API is the only bitcoin server the layer reads).
    activity: undefined,
    canSend() {
      const connected = wallets.current();
      return Boolean(connected && BITCOIN_FEATURES.sendTransfer in connected.wallet.features);
    },
    async signMessage(message) {
      const connected = wallets.current();
      if (!connected) throw new BitcoinError(bitcoinMessages.notConnected);
      const { wallet, account } = connected;
      try {
        const [output] = await (wallet.features[BITCOIN_FEATURES.signMessage] as SignMessageFeature).signMessage({
          account,
          message: new TextEncoder().encode(message),
        });
        if (!output) throw new Error("The wallet returned no signature");
        return { address: account.address, message, signature: toBase64(output.signature) };
      } catch (error) {
        throw new BitcoinError(
          isUserRejection(error) ? bitcoinMessages.signatureDeclined : bitcoinMessages.signFailed,
          { cause: error },
        );
      }
    },
    async send({ receiver, amount }) {
      const connected = wallets.current();
      if (!connected) throw new BitcoinError(bitcoinMessages.notConnected);
      const feature = connected.wallet.features[BITCOIN_FEATURES.sendTransfer] as SendTransferFeature | undefined;
      if (!feature) throw new BitcoinError(bitcoinMessages.sendUnsupported);
      if (!isBitcoinAddress(receiver, bitcoin.config.network)) throw new BitcoinError(bitcoinMessages.invalidReceiver);
      try {
        const sats = parseUnits(amount.trim(), 8);
        const { txid } = await feature.sendTransfer({
          account: connected.account,
          recipientAddress: receiver.trim(),
          amount: sats.toString(),
        });
        return txid;
      } catch (error) {
        throw new BitcoinError(
          isUserRejection(error) ? bitcoinMessages.signatureDeclined : bitcoinMessages.sendFailed,
          { cause: error },
        );
      }
    },
  };
  return family;
}

/** The BTC balance of an address (confirmed + mempool) from the Esplora-style balance API, on network `n`. */
async function readBitcoinBalance(
  n: CaipNetwork,
  balanceApiUrl: string,
  address: string,
  doFetch: typeof fetch | undefined,
): Promise<TokenBalance> {
  const base = balanceApiUrl.replace(/\/$/, "");
  let sats: bigint;
  try {
    const res = await (doFetch ?? globalThis.fetch)(`${base}/address/${encodeURIComponent(address)}`, {
      headers: { accept: "application/json" },
    });
    if (!res.ok) throw new Error(`Balance API answered ${res.status}`);
    sats = esploraBalanceSats((await res.json()) as EsploraAddress);
  } catch (error) {
    throw new BitcoinError(bitcoinMessages.balanceUnavailable, { cause: error });
  }
  return {
    name: n.nativeCurrency.name,
    symbol: n.nativeCurrency.symbol,
    chainId: n.caipNetworkId,
    value: 0,
    price: 0,
    quantity: { decimals: "8", numeric: formatUnits(sats, 8) },
    iconUrl: "",
  };
}
