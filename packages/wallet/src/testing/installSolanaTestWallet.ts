import {
  type Address,
  createKeyPairFromBytes,
  getAddressFromPublicKey,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
} from "@solana/kit";
import type { Wallet, WalletAccount, WalletIcon } from "@wallet-standard/base";
import { solanaRpc } from "../features/solana/rpc.js";

/** The test wallet's name, as listed in the Connect view. */
export const SOLANA_TEST_WALLET_NAME = "Fundament Solana Test Wallet";

const ICON: WalletIcon =
  "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzk5NDVGRiIvPjwvc3ZnPg==";

/** The key the test wallet signs with and the RPC it uses. */
export type InstallSolanaTestWalletParameters = {
  /** 64-byte ed25519 keypair bytes (seed then public key), as `@fundament/solana-local`'s dev accounts. */
  secretKey: Uint8Array;
  /** The JSON-RPC the wallet sends through (signAndSendTransaction) and whose genesis hash names its chain. */
  rpcUrl: string;
  /** The RPC's genesis hash; asked from the RPC (`getGenesisHash`) when absent. */
  genesisHash?: string | undefined;
  /** Chains besides the local one (default: solana:devnet). */
  chains?: readonly `solana:${string}`[] | undefined;
  name?: string | undefined;
};

/** The installed test wallet and its controls. */
export type SolanaTestWallet = {
  wallet: Wallet;
  address: Address;
  /** The local chain: `solana:<first 32 characters of the genesis hash>`. */
  chain: `solana:${string}`;
  /** Make the next connect / signing request fail as if the person refused it (code 4001). */
  rejectNext(): void;
  /** What was signed (messages and transactions), for assertions. */
  signed: { messages: Uint8Array[]; transactions: Uint8Array[] };
  /** Unregisters the wallet from the page. */
  uninstall(): void;
};

class UserRejectedError extends Error {
  code = 4001;
  constructor() {
    super("User rejected the request.");
    this.name = "UserRejectedRequestError";
  }
}

/**
 * A Solana wallet that implements the Wallet Standard, for tests and the dev stack: it registers with the page through
 * the standard's window events (`wallet-standard:register-wallet`, and again on `wallet-standard:app-ready`) and offers
 * standard:connect, standard:disconnect, standard:events, solana:signTransaction, solana:signAndSendTransaction and
 * solana:signMessage, signing with the given key (no prompt).
 */
export async function installSolanaTestWallet(p: InstallSolanaTestWalletParameters): Promise<SolanaTestWallet> {
  const keyPair = await createKeyPairFromBytes(p.secretKey);
  const address = await getAddressFromPublicKey(keyPair.publicKey);
  const rpc = solanaRpc(p.rpcUrl);
  const genesisHash = p.genesisHash ?? (await rpc.getGenesisHash().send());
  const chain = `solana:${genesisHash.slice(0, 32)}` as const;
  const chains = [chain, ...(p.chains ?? ["solana:devnet"])] as `solana:${string}`[];
  const features = [
    "solana:signTransaction",
    "solana:signAndSendTransaction",
    "solana:signMessage",
  ] as `${string}:${string}`[];
  const account: WalletAccount = {
    address,
    publicKey: p.secretKey.slice(32, 64),
    chains,
    features,
    label: "Test account",
  };
  let accounts: WalletAccount[] = [];
  let reject = false;
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>();
  const signed: SolanaTestWallet["signed"] = { messages: [], transactions: [] };
  const guard = () => {
    if (reject) {
      reject = false;
      throw new UserRejectedError();
    }
  };
  const checkAccount = (a: WalletAccount) => {
    if (!accounts.length) throw new Error("Wallet not connected");
    if (a.address !== address) throw new Error(`Unknown account ${a.address}`);
  };
  const sign = async (bytes: Uint8Array) => {
    const transaction = getTransactionDecoder().decode(bytes);
    const signedTx = await partiallySignTransaction([keyPair], transaction);
    signed.transactions.push(bytes);
    return signedTx;
  };
  const emit = () => {
    for (const l of listeners) l({ accounts });
  };

  const wallet: Wallet = {
    version: "1.0.0",
    name: p.name ?? SOLANA_TEST_WALLET_NAME,
    icon: ICON,
    chains,
    get accounts() {
      return accounts;
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async () => {
          guard();
          accounts = [account];
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
        on: (event: string, listener: (properties: { accounts?: readonly WalletAccount[] }) => void) => {
          if (event !== "change") return () => undefined;
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: async (...inputs: { account: WalletAccount; transaction: Uint8Array }[]) => {
          guard();
          const outputs = [];
          for (const input of inputs) {
            checkAccount(input.account);
            const tx = await sign(input.transaction);
            outputs.push({ signedTransaction: new Uint8Array(getTransactionEncoder().encode(tx)) });
          }
          return outputs;
        },
      },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signAndSendTransaction: async (...inputs: { account: WalletAccount; transaction: Uint8Array }[]) => {
          guard();
          const outputs = [];
          for (const input of inputs) {
            checkAccount(input.account);
            const tx = await sign(input.transaction);
            const signature = await rpc
              .sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: "base64" })
              .send();
            outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) });
          }
          return outputs;
        },
      },
      "solana:signMessage": {
        version: "1.0.0",
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
          guard();
          const outputs = [];
          for (const input of inputs) {
            checkAccount(input.account);
            signed.messages.push(input.message);
            const signature = await signBytes(keyPair.privateKey, input.message);
            outputs.push({ signedMessage: input.message, signature: new Uint8Array(signature) });
          }
          return outputs;
        },
      },
    },
  };

  // The Wallet Standard's registration protocol (as @wallet-standard/wallet's registerWallet).
  const unregisters: (() => void)[] = [];
  const callback = ({ register }: { register: (...wallets: Wallet[]) => () => void }) => {
    unregisters.push(register(wallet));
  };
  const onAppReady = (event: Event) => callback((event as CustomEvent).detail);
  window.dispatchEvent(new CustomEvent("wallet-standard:register-wallet", { detail: callback }));
  window.addEventListener("wallet-standard:app-ready", onAppReady);

  return {
    wallet,
    address,
    chain,
    signed,
    rejectNext: () => {
      reject = true;
    },
    uninstall: () => {
      window.removeEventListener("wallet-standard:app-ready", onAppReady);
      for (const u of unregisters.splice(0)) u();
    },
  };
}
