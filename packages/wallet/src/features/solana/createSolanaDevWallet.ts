import { sha256 } from "@noble/hashes/sha2";
import {
  createKeyPairFromPrivateKeyBytes,
  getAddressEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  address as toAddress,
} from "@solana/kit";
import type { Wallet, WalletAccount, WalletIcon } from "@wallet-standard/base";
import type { CaipNetwork } from "../../core/network.js";
import { isSolanaLocalNetwork, SOLANA_DEV_ACCOUNT_ADDRESSES, SOLANA_DEV_WALLET_NAME } from "./solanaDevAccounts.js";
import type { SolanaConfig, SolanaDevWallet } from "./types.js";

export type { SolanaDevWallet } from "./types.js";

/** The dev account picked last (the Account view's picker), so a reload keeps it. */
const INDEX_KEY = "fundament.wallet.solana.devAccount";

const ICON: WalletIcon =
  "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzE0RjE5NSIvPjwvc3ZnPg==";

type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void;
type SignInput = { account: WalletAccount; transaction: Uint8Array };
type MessageInput = { account: WalletAccount; message: Uint8Array };

const keyPairs = new Map<number, Promise<CryptoKeyPair>>();

/** The i-th dev account's key pair: its ed25519 seed is sha256("fundament solana dev account " + i). */
export function solanaDevKeyPair(index: number): Promise<CryptoKeyPair> {
  let pair = keyPairs.get(index);
  if (!pair) {
    const seed = sha256(new TextEncoder().encode(`fundament solana dev account ${index}`));
    pair = createKeyPairFromPrivateKeyBytes(seed);
    keyPairs.set(index, pair);
  }
  return pair;
}

function storedIndex(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(INDEX_KEY));
    return Number.isInteger(value) && value > 0 && value < SOLANA_DEV_ACCOUNT_ADDRESSES.length ? value : 0;
  } catch {
    return 0;
  }
}

function storeIndex(index: number): void {
  try {
    globalThis.localStorage?.setItem(INDEX_KEY, String(index));
  } catch {
    // No storage (private mode): the choice lasts until the reload.
  }
}

/** The Wallet Standard account of a dev account on the local chain. */
function devAccount(index: number, chain: `solana:${string}`): WalletAccount {
  const address = SOLANA_DEV_ACCOUNT_ADDRESSES[index] as string;
  return {
    address,
    publicKey: new Uint8Array(getAddressEncoder().encode(toAddress(address))),
    chains: [chain],
    features: ["solana:signTransaction", "solana:signMessage"],
    label: `Dev account #${index}`,
  };
}

/** Signs wire transactions with the dev account in use (the family sends and confirms them through the RPC). */
async function signTransactions(index: number, inputs: readonly SignInput[]) {
  const keyPair = await solanaDevKeyPair(index);
  return Promise.all(
    inputs.map(async ({ transaction }) => {
      const signed = await partiallySignTransaction([keyPair], getTransactionDecoder().decode(transaction));
      return { signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed)) };
    }),
  );
}

async function signMessages(index: number, inputs: readonly MessageInput[]) {
  const keyPair = await solanaDevKeyPair(index);
  return Promise.all(
    inputs.map(async ({ message }) => ({
      signedMessage: message,
      signature: new Uint8Array(await signBytes(keyPair.privateKey, message)),
    })),
  );
}

/**
 * A Wallet Standard wallet over the local Solana RPC's dev accounts (no prompt, keys derived in the page): a person
 * without a Solana wallet can use the local stack, as the anvil dev accounts do for EVM. It offers standard:connect,
 * standard:disconnect, standard:events, solana:signTransaction and solana:signMessage on the local chain only.
 */
export function createSolanaDevWallet(p: { chain: `solana:${string}`; index?: number | undefined }): SolanaDevWallet {
  let index = p.index ?? storedIndex();
  let accounts: WalletAccount[] = [];
  const listeners = new Set<ChangeListener>();
  const emit = () => {
    for (const listener of listeners) listener({ accounts });
  };
  const check = (account: WalletAccount) => {
    if (!accounts.length) throw new Error("The dev account is not connected");
    if (account.address !== SOLANA_DEV_ACCOUNT_ADDRESSES[index]) throw new Error(`Unknown account ${account.address}`);
  };
  const wallet: Wallet = {
    version: "1.0.0",
    name: SOLANA_DEV_WALLET_NAME,
    icon: ICON,
    chains: [p.chain],
    get accounts() {
      return accounts;
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          accounts = [devAccount(index, p.chain)];
          emit();
          return { accounts };
        },
      },
      "standard:disconnect": {
        version: "1.0.0",
        disconnect: async () => {
          accounts = [];
          emit();
        },
      },
      "standard:events": {
        version: "1.0.0",
        on: (event: string, listener: ChangeListener) => {
          if (event !== "change") return () => undefined;
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: async (...inputs: SignInput[]) => {
          for (const input of inputs) check(input.account);
          return signTransactions(index, inputs);
        },
      },
      "solana:signMessage": {
        version: "1.0.0",
        signMessage: async (...inputs: MessageInput[]) => {
          for (const input of inputs) check(input.account);
          return signMessages(index, inputs);
        },
      },
    },
  };
  return {
    wallet,
    index: () => index,
    setIndex(next) {
      if (!Number.isInteger(next) || next < 0 || next >= SOLANA_DEV_ACCOUNT_ADDRESSES.length)
        throw new Error("Invalid account index");
      index = next;
      storeIndex(next);
      if (accounts.length === 0) return;
      accounts = [devAccount(index, p.chain)];
      emit();
    },
  };
}

/**
 * The dev accounts' wallet of a Solana config: only when its networks include the local Solana network (as the anvil
 * dev accounts exist on chain 31337 only) and `devAccounts` is not false.
 */
export function solanaDevWalletFor(solana: {
  config: Pick<SolanaConfig, "devAccounts">;
  networks: readonly CaipNetwork[];
}): SolanaDevWallet | undefined {
  if (solana.config.devAccounts === false) return undefined;
  const local = solana.networks.find(isSolanaLocalNetwork);
  return local ? createSolanaDevWallet({ chain: local.caipNetworkId as `solana:${string}` }) : undefined;
}
