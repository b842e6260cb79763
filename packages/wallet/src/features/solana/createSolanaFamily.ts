import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  type Instruction,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { getWallets } from "@wallet-standard/app";
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import { formatUnits, parseUnits } from "viem";
import type { WalletCore } from "../../core/createWalletCore.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import { messages } from "../../core/messages.js";
import type { CaipNetwork } from "../../core/network.js";
import { isSolanaAddress } from "./address.js";
import { solanaDevWalletFor } from "./createSolanaDevWallet.js";
import { isSameSolanaChain, walletStandardChain } from "./networks.js";
import { type SolanaRpc, solanaRpc } from "./rpc.js";
import {
  SOLANA_CONNECTOR_PREFIX,
  SOLANA_WALLET_KEY,
  type SolanaActivityItem,
  type SolanaConnectorItem,
  type SolanaFamily,
  type SolanaRuntime,
  type SolanaTokenEntry,
} from "./types.js";

const CONNECT = "standard:connect";
const DISCONNECT = "standard:disconnect";
const EVENTS = "standard:events";
const SIGN_TRANSACTION = "solana:signTransaction";

type ConnectFeature = { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> };
type DisconnectFeature = { disconnect(): Promise<void> };
type EventsFeature = {
  on(event: "change", listener: (p: { accounts?: readonly WalletAccount[] }) => void): () => void;
};
type SignTransactionFeature = {
  signTransaction(
    ...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]
  ): Promise<readonly { signedTransaction: Uint8Array }[]>;
};

/** A Wallet Standard wallet that can be used here: it connects, signs Solana transactions and has a solana chain. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return (
    CONNECT in wallet.features &&
    SIGN_TRANSACTION in wallet.features &&
    wallet.chains.some((c) => c.startsWith("solana:"))
  );
}

/** The connector id of a Wallet Standard wallet. */
export function solanaConnectorId(wallet: Pick<Wallet, "name">): string {
  return `${SOLANA_CONNECTOR_PREFIX}${wallet.name}`;
}

/** A wallet as the Connect view lists it (type ANNOUNCED, chain solana). */
export function toSolanaConnector(wallet: Wallet): SolanaConnectorItem {
  return {
    id: solanaConnectorId(wallet),
    name: wallet.name,
    imageUrl: wallet.icon,
    type: "ANNOUNCED",
    chain: "solana",
  };
}

/** A Solana send failed: the toast says 'Failed to send transaction. Please try again.'. */
export class SolanaSendError extends Error {
  readonly shortMessage = messages.solanaSendFailed;
  constructor(options?: { cause?: unknown }) {
    super(messages.solanaSendFailed, options);
    this.name = "SolanaSendError";
  }
}

function storage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** What the Solana family works with: the core (state, router, toasts) and the runtime's Solana part. */
export type CreateSolanaFamilyParameters = {
  core: WalletCore;
  solana: Pick<SolanaRuntime, "config" | "networks" | "connectors">;
  /** Confirmation polling (ms). */
  pollInterval?: number | undefined;
  confirmTimeout?: number | undefined;
};

/**
 * The Solana chain family: Wallet Standard discovery and connection, balances (getBalance, getTokenAccountsByOwner
 * jsonParsed), sends of SOL and SPL tokens (built with @solana/kit, signed by the wallet's solana:signTransaction, sent
 * and confirmed through the RPC) and activity (getSignaturesForAddress).
 */
export function createSolanaFamily(p: CreateSolanaFamilyParameters): SolanaFamily {
  const { core, solana } = p;
  const wallets = getWallets();
  let connected: { wallet: Wallet; account: WalletAccount; off: () => void } | undefined;

  const network = (): CaipNetwork => {
    const n = core.state.chain("solana").network.activeNetwork ?? solana.networks[0];
    if (!n) throw new Error(messages.networkNotFound);
    return n;
  };
  const rpcOf = (n: CaipNetwork) => solanaRpc(n.rpcUrls.default.http[0] ?? solana.config.rpcUrl);
  // The local dev accounts, when offered: a wallet of this page only (not registered for other apps to see).
  const devWallet = solanaDevWalletFor(solana);
  const usable = () => [...wallets.get().filter(isSolanaWallet), ...(devWallet ? [devWallet.wallet] : [])];
  // The wallet connected last visit: restored silently once it has registered (and only once).
  let toRestore = storage()?.getItem(SOLANA_WALLET_KEY) ?? undefined;
  const refresh = () => {
    solana.connectors.setState({ list: usable().map(toSolanaConnector) });
    const id = toRestore;
    if (!id || connected || !usable().some((w) => solanaConnectorId(w) === id)) return;
    toRestore = undefined;
    // The Solana family becomes active only when no EVM connection is there or being restored.
    const activate = core.state.chain("eip155").account.status === "disconnected";
    family.connect(id, { silent: true, activate }).catch((error) => {
      storage()?.removeItem(SOLANA_WALLET_KEY);
      console.warn("[wallet] the Solana wallet was not reconnected", error);
    });
  };

  const setAccount = (wallet: Wallet, account: WalletAccount) => {
    core.state.setConnected("solana", account.address, {
      id: solanaConnectorId(wallet),
      name: wallet.name,
      icon: wallet.icon,
    });
  };

  const family: SolanaFamily = {
    connectors: () => usable().map(toSolanaConnector),
    devAccounts: devWallet,
    watchWallets() {
      refresh();
      const offs = [wallets.on("register", refresh), wallets.on("unregister", refresh)];
      return () => {
        for (const off of offs) off();
      };
    },
    async connect(connectorId, options = {}) {
      const wallet = usable().find((w) => solanaConnectorId(w) === connectorId);
      if (!wallet) throw new Error(messages.walletConnectConnectorNotFound);
      toRestore = undefined;
      const { accounts } = await (wallet.features[CONNECT] as ConnectFeature).connect(
        options.silent ? { silent: true } : undefined,
      );
      const account = accounts.find((a) => a.chains.some((c) => c.startsWith("solana:"))) ?? accounts[0];
      if (!account) throw new Error(messages.addressOrAuthConnectorNotFound);
      connected?.off();
      // The first requested network the wallet has; else the family's active one.
      const target = solana.networks.find((n) => account.chains.some((c) => isSameSolanaChain(c, n))) ?? network();
      const events = wallet.features[EVENTS] as EventsFeature | undefined;
      const off =
        events?.on("change", ({ accounts: next }) => {
          if (!next || !connected || connected.wallet !== wallet) return;
          const nextAccount = next[0];
          if (!nextAccount) {
            connected.off();
            connected = undefined;
            core.state.resetAccount("solana");
            return;
          }
          connected.account = nextAccount;
          setAccount(wallet, nextAccount);
        }) ?? (() => undefined);
      connected = { wallet, account, off };
      storage()?.setItem(SOLANA_WALLET_KEY, connectorId);
      if (options.activate === false) {
        // The family's network and account, without making Solana the active family.
        const current = core.state.chain("solana");
        core.state.setState((s) => ({
          chains: { ...s.chains, solana: { ...current, network: { ...current.network, activeNetwork: target } } },
        }));
        setAccount(wallet, account);
        return;
      }
      core.state.setActiveNetwork(target);
      setAccount(wallet, account);
      core.onNetworkChanged(target);
    },
    async disconnect() {
      const current = connected;
      connected = undefined;
      toRestore = undefined;
      storage()?.removeItem(SOLANA_WALLET_KEY);
      current?.off();
      const feature = current?.wallet.features[DISCONNECT] as DisconnectFeature | undefined;
      await feature?.disconnect();
    },
    getBalances: async (owner) => readSolanaBalances(rpcOf(network()), network(), owner, solana.config.tokens),
    async send({ token, amount, receiver }) {
      if (!connected) throw new Error(messages.addressOrAuthConnectorNotFound);
      if (!isSolanaAddress(receiver)) throw new Error(messages.invalidAmountAndReceiver);
      const n = network();
      const rpc = rpcOf(n);
      const { wallet, account } = connected;
      try {
        const owner = address(account.address);
        const instructions = await transferInstructions({ owner, receiver, amount, token });
        const { value: blockhash } = await rpc.getLatestBlockhash().send();
        const message = pipe(
          createTransactionMessage({ version: "legacy" }),
          (m) => setTransactionMessageFeePayer(owner, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
          (m) => appendTransactionMessageInstructions(instructions, m),
        );
        const bytes = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
        const chain = account.chains.find((c) => isSameSolanaChain(c, n)) ?? walletStandardChain(n);
        const [output] = await (wallet.features[SIGN_TRANSACTION] as SignTransactionFeature).signTransaction({
          account,
          transaction: bytes,
          chain,
        });
        if (!output) throw new Error("The wallet returned no signed transaction");
        const signed = getTransactionDecoder().decode(output.signedTransaction);
        const signature = getSignatureFromTransaction(signed as never);
        await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send();
        await confirm(rpc, signature, p.pollInterval ?? 400, p.confirmTimeout ?? 60_000);
        return signature;
      } catch (error) {
        throw new SolanaSendError({ cause: error });
      }
    },
    getActivity: async (owner, options = {}) =>
      readSolanaActivity(rpcOf(network()), owner, options, solana.config.tokens),
  };
  return family;
}

type TokenAccountInfo = { mint: string; tokenAmount: { amount: string; decimals: number } };

/** The address's latest signatures, newest first, each with what moved for it when the transaction says. */
async function readSolanaActivity(
  rpc: SolanaRpc,
  owner: string,
  options: { limit?: number; before?: string },
  tokens: readonly SolanaTokenEntry[] | undefined,
): Promise<SolanaActivityItem[]> {
  const rows = await rpc
    .getSignaturesForAddress(address(owner), {
      limit: options.limit ?? 20,
      ...(options.before ? { before: options.before as Signature } : {}),
    })
    .send();
  return Promise.all(
    rows.map(async (r): Promise<SolanaActivityItem> => {
      const item: SolanaActivityItem = {
        signature: r.signature,
        slot: Number(r.slot),
        blockTime: r.blockTime === null ? undefined : Number(r.blockTime),
        failed: r.err !== null,
        memo: r.memo ?? undefined,
      };
      // What moved for this address (SOL without the fee, or an SPL token): best effort.
      const tx = (await rpc
        .getTransaction(r.signature, { encoding: "json", maxSupportedTransactionVersion: 0 })
        .send()
        .catch(() => null)) as unknown as TransactionJson | null;
      return tx ? { ...item, ...describeTransfer(tx, owner, tokens) } : item;
    }),
  );
}

/** The instructions of a send: a SOL transfer, or an SPL transfer (creating the receiver's token account if need be). */
async function transferInstructions(p: {
  owner: Address;
  receiver: string;
  amount: string;
  token: { address?: string | undefined; decimals: number };
}): Promise<Instruction[]> {
  const { owner, token } = p;
  const signer = createNoopSigner(owner);
  const to = address(p.receiver.trim());
  const value = parseUnits(p.amount.trim(), token.decimals);
  const mint = token.address?.split(":").at(-1);
  if (!mint) return [getTransferSolInstruction({ source: signer, destination: to, amount: lamports(value) })];
  const mintAddress = address(mint);
  const [source] = await findAssociatedTokenPda({ owner, mint: mintAddress, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const [destination] = await findAssociatedTokenPda({
    owner: to,
    mint: mintAddress,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: destination, owner: to, mint: mintAddress }),
    getTransferCheckedInstruction({
      source,
      mint: mintAddress,
      destination,
      authority: signer,
      amount: value,
      decimals: token.decimals,
    }),
  ];
}

/** SOL and the SPL tokens (zero-decimal ones dropped, spec section 3) of an address, named from the config's tokens. */
async function readSolanaBalances(
  rpc: SolanaRpc,
  n: CaipNetwork,
  owner: string,
  tokens: readonly SolanaTokenEntry[] | undefined,
): Promise<TokenBalance[]> {
  const [sol, tokenAccounts] = await Promise.all([
    rpc.getBalance(address(owner)).send(),
    rpc
      .getTokenAccountsByOwner(address(owner), { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: "jsonParsed" })
      .send(),
  ]);
  const native: TokenBalance = {
    name: n.nativeCurrency.name,
    symbol: n.nativeCurrency.symbol,
    chainId: n.caipNetworkId,
    value: 0,
    price: 0,
    quantity: { decimals: String(n.nativeCurrency.decimals), numeric: formatUnits(sol.value, 9) },
    iconUrl: "",
  };
  const byMint = new Map<string, { amount: bigint; decimals: number }>();
  for (const { account } of tokenAccounts.value) {
    const info = (account.data as { parsed?: { info?: TokenAccountInfo } }).parsed?.info;
    if (!info) continue;
    const prev = byMint.get(info.mint);
    byMint.set(info.mint, {
      amount: (prev?.amount ?? 0n) + BigInt(info.tokenAmount.amount),
      decimals: info.tokenAmount.decimals,
    });
  }
  const listed: TokenBalance[] = [];
  for (const [mint, { amount, decimals }] of byMint) {
    // Balances with zero decimals are dropped (spec section 3).
    if (decimals === 0) continue;
    const named = tokens?.find((t) => t.mint === mint);
    listed.push({
      name: named?.name ?? named?.symbol ?? `${mint.slice(0, 4)}…${mint.slice(-4)}`,
      symbol: named?.symbol ?? `${mint.slice(0, 4)}…`,
      chainId: n.caipNetworkId,
      address: `${n.caipNetworkId}:${mint}`,
      value: 0,
      price: 0,
      quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
      iconUrl: "",
    });
  }
  return [native, ...listed];
}

type TokenBalanceJson = { mint: string; owner?: string; uiTokenAmount: { amount: string; decimals: number } };
/** The parts of getTransaction (json) read here. */
type TransactionJson = {
  transaction: { message: { accountKeys: string[] } };
  meta: {
    fee: number | bigint;
    preBalances: (number | bigint)[];
    postBalances: (number | bigint)[];
    preTokenBalances?: TokenBalanceJson[] | null;
    postTokenBalances?: TokenBalanceJson[] | null;
  } | null;
};

/**
 * Sent or received, how much and of what, for an address in a transaction: an SPL token when its balance of one
 * changed, else SOL (the fee left out when the address paid it).
 */
export function describeTransfer(
  tx: TransactionJson,
  owner: string,
  tokens?: readonly { mint: string; symbol: string }[],
): Pick<SolanaActivityItem, "direction" | "amount" | "symbol"> {
  const meta = tx.meta;
  if (!meta) return {};
  const sum = (list: TokenBalanceJson[] | null | undefined, mint: string) =>
    (list ?? [])
      .filter((b) => b.owner === owner && b.mint === mint)
      .reduce((n, b) => n + BigInt(b.uiTokenAmount.amount), 0n);
  const mints = new Set(
    [...(meta.preTokenBalances ?? []), ...(meta.postTokenBalances ?? [])]
      .filter((b) => b.owner === owner)
      .map((b) => b.mint),
  );
  for (const mint of mints) {
    const delta = sum(meta.postTokenBalances, mint) - sum(meta.preTokenBalances, mint);
    if (delta === 0n) continue;
    const decimals =
      [...(meta.postTokenBalances ?? []), ...(meta.preTokenBalances ?? [])].find((b) => b.mint === mint)?.uiTokenAmount
        .decimals ?? 0;
    return {
      direction: delta < 0n ? "sent" : "received",
      amount: formatUnits(delta < 0n ? -delta : delta, decimals),
      symbol: tokens?.find((t) => t.mint === mint)?.symbol ?? `${mint.slice(0, 4)}…`,
    };
  }
  const index = tx.transaction.message.accountKeys.indexOf(owner);
  if (index < 0) return {};
  const fee = index === 0 ? BigInt(meta.fee) : 0n;
  const delta = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0) + fee;
  if (delta === 0n) return {};
  return {
    direction: delta < 0n ? "sent" : "received",
    amount: formatUnits(delta < 0n ? -delta : delta, 9),
    symbol: "SOL",
  };
}

async function confirm(rpc: SolanaRpc, signature: Signature, interval: number, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err) throw new Error(`Transaction ${signature} failed`);
    if (status && (status.confirmationStatus === "confirmed" || status.confirmationStatus === "finalized")) return;
    if (Date.now() > deadline) throw new Error(`Transaction ${signature} was not confirmed`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
