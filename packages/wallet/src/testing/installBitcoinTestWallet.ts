import * as ecc from "@bitcoinerlab/secp256k1";
import type { Wallet, WalletAccount, WalletIcon } from "@wallet-standard/base";
import { crypto as btcCrypto, networks, Psbt, payments } from "bitcoinjs-lib";
import { ECPairFactory } from "ecpair";

/** The test wallet's name, as listed in the Connect view. */
export const BITCOIN_TEST_WALLET_NAME = "Fundament Bitcoin Test Wallet";

const ICON: WalletIcon =
  "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iI0Y3OTMxQSIvPjwvc3ZnPg==";

const NETWORKS = { mainnet: networks.bitcoin, testnet: networks.testnet, regtest: networks.regtest } as const;

/** The fee the test wallet pays per send, in satoshis. */
export const BITCOIN_TEST_WALLET_FEE_SATS = 1_000n;

/** The key the test wallet signs with, its network and (for sends) the Esplora-style API. */
export type InstallBitcoinTestWalletParameters = {
  /** 32-byte secp256k1 private key. */
  privateKey: Uint8Array;
  network?: keyof typeof NETWORKS | undefined;
  /** An Esplora-style API (`/address/:a/utxo`, `POST /tx`): with it the wallet offers `bitcoin:sendTransfer`. */
  apiUrl?: string | undefined;
  name?: string | undefined;
};

/** The installed test wallet and its controls. */
export type BitcoinTestWallet = {
  wallet: Wallet;
  /** The P2WPKH payment address. */
  address: string;
  /** The compressed public key. */
  publicKey: Uint8Array;
  /** `bitcoin:<network>`. */
  chain: `bitcoin:${string}`;
  /** Make the next connect / signing / send request fail as if the person refused it (code 4001). */
  rejectNext(): void;
  /** What was signed, for assertions. */
  signed: { messages: Uint8Array[]; transfers: { recipientAddress: string; amount: string; txid: string }[] };
  uninstall(): void;
};

class UserRejectedError extends Error {
  code = 4001;
  constructor() {
    super("User rejected the request.");
    this.name = "UserRejectedRequestError";
  }
}

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8);
  return Uint8Array.of(0xfe, n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) {
    out.set(p, i);
    i += p.length;
  }
  return out;
}

const MAGIC = new TextEncoder().encode("\u0018Bitcoin Signed Message:\n");

/** The legacy "Bitcoin Signed Message" hash: hash256(prefix ‖ varint(len) ‖ message). */
export function bitcoinMessageHash(message: Uint8Array): Uint8Array {
  return btcCrypto.hash256(concat(MAGIC, varint(message.length), message));
}

/**
 * A bitcoin wallet that implements the Wallet Standard, for tests and the dev stack: it registers through the standard's
 * window events and offers standard:connect, standard:disconnect, standard:events, bitcoin:connect (purpose `payment`:
 * one P2WPKH account), bitcoin:signMessage — a BIP-137 signature (65 bytes: header 39 + recovery id for P2WPKH, then r
 * and s) over the legacy "Bitcoin Signed Message" hash — and, with `apiUrl`, bitcoin:sendTransfer (a real signed
 * P2WPKH transaction from the API's UTXOs, posted to `POST /tx`; resolves with the txid). No prompts.
 */
export function installBitcoinTestWallet(p: InstallBitcoinTestWalletParameters): BitcoinTestWallet {
  const networkName = p.network ?? "regtest";
  const network = NETWORKS[networkName];
  const keyPair = ECPairFactory(ecc).fromPrivateKey(p.privateKey, { network });
  const publicKey = keyPair.publicKey;
  const payment = payments.p2wpkh({ pubkey: publicKey, network });
  const address = payment.address as string;
  const chain = `bitcoin:${networkName}` as const;
  const features = ["bitcoin:signMessage", ...(p.apiUrl ? ["bitcoin:sendTransfer"] : [])] as `${string}:${string}`[];
  const account: WalletAccount = { address, publicKey, chains: [chain], features, label: "Payment" };
  let accounts: WalletAccount[] = [];
  let reject = false;
  const listeners = new Set<(properties: { accounts?: readonly WalletAccount[] }) => void>();
  const signed: BitcoinTestWallet["signed"] = { messages: [], transfers: [] };
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
  const emit = () => {
    for (const l of listeners) l({ accounts });
  };
  const connect = async () => {
    guard();
    accounts = [account];
    emit();
    return { accounts };
  };

  const sendTransfer = async (input: { account: WalletAccount; recipientAddress: string; amount: string }) => {
    guard();
    checkAccount(input.account);
    const api = (p.apiUrl as string).replace(/\/$/, "");
    const amount = BigInt(input.amount);
    const utxoRes = await fetch(`${api}/address/${address}/utxo`);
    if (!utxoRes.ok) throw new Error(`UTXOs unavailable (${utxoRes.status})`);
    const utxos = (await utxoRes.json()) as { txid: string; vout: number; value: number }[];
    const psbt = new Psbt({ network });
    let total = 0n;
    for (const u of utxos) {
      psbt.addInput({
        hash: u.txid,
        index: u.vout,
        witnessUtxo: { script: payment.output as Uint8Array, value: BigInt(u.value) },
      });
      total += BigInt(u.value);
      if (total >= amount + BITCOIN_TEST_WALLET_FEE_SATS) break;
    }
    if (total < amount + BITCOIN_TEST_WALLET_FEE_SATS) throw new Error("Insufficient funds");
    psbt.addOutput({ address: input.recipientAddress, value: amount });
    const change = total - amount - BITCOIN_TEST_WALLET_FEE_SATS;
    if (change > 0n) psbt.addOutput({ address, value: change });
    psbt.signAllInputs(keyPair);
    psbt.finalizeAllInputs();
    const hex = psbt.extractTransaction().toHex();
    const res = await fetch(`${api}/tx`, { method: "POST", headers: { "content-type": "text/plain" }, body: hex });
    const text = await res.text();
    if (!res.ok) throw new Error(`Broadcast failed: ${text}`);
    signed.transfers.push({ recipientAddress: input.recipientAddress, amount: input.amount, txid: text });
    return { txid: text };
  };

  const wallet: Wallet = {
    version: "1.0.0",
    name: p.name ?? BITCOIN_TEST_WALLET_NAME,
    icon: ICON,
    chains: [chain],
    get accounts() {
      return accounts;
    },
    features: {
      "standard:connect": { version: "1.0.0", connect },
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
      "bitcoin:connect": {
        version: "1.0.0",
        connect: async (input?: { purposes?: readonly string[] }) => {
          // One account: the payment address (an ordinals-only request gets nothing).
          const purposes = input?.purposes ?? ["payment"];
          const result = await connect();
          return { accounts: purposes.includes("payment") ? result.accounts : [] };
        },
      },
      "bitcoin:signMessage": {
        version: "1.0.0",
        signMessage: async (...inputs: { account: WalletAccount; message: Uint8Array }[]) => {
          guard();
          const outputs = [];
          for (const input of inputs) {
            checkAccount(input.account);
            signed.messages.push(input.message);
            const hash = bitcoinMessageHash(input.message);
            const { signature, recoveryId } = ecc.signRecoverable(hash, p.privateKey);
            // BIP-137 header: 39–42 = P2WPKH (bech32), compressed key.
            outputs.push({
              signedMessage: input.message,
              signature: concat(Uint8Array.of(39 + recoveryId), signature),
            });
          }
          return outputs;
        },
      },
      ...(p.apiUrl ? { "bitcoin:sendTransfer": { version: "1.0.0", sendTransfer } } : {}),
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
    publicKey,
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
