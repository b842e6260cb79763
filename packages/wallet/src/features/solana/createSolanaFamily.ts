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
import type { Wallet, WalletAccount } from "@wallet-standard/base";
import { formatUnits, parseUnits } from "viem";
import type { WalletCore } from "../../core/createWalletCore.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import { messages } from "../../core/messages.js";
import type { CaipNetwork } from "../../core/network.js";
import { createWalletStandardConnection } from "../families/createWalletStandardConnection.js";
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
const SIGN_TRANSACTION = "solana:signTransaction";

type ConnectFeature = { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }> };
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
  const network = (): CaipNetwork => {
    const n = core.state.chain("solana").network.activeNetwork ?? solana.networks[0];
    if (!n) throw new Error(messages.networkNotFound);
    return n;
  };
  const rpcOf = (n: CaipNetwork) => solanaRpc(n.rpcUrls.default.http[0] ?? solana.config.rpcUrl);
  // The local dev accounts, when offered: a wallet of this page only (not registered for other apps to see).
  const devWallet = solanaDevWalletFor(solana);
  const wallets = createWalletStandardConnection({
    core,
    namespace: "solana",
    storageKey: SOLANA_WALLET_KEY,
    usable: (registered) => [...registered.filter(isSolanaWallet), ...(devWallet ? [devWallet.wallet] : [])],
    connectorId: solanaConnectorId,
    toConnector: toSolanaConnector,
    connectors: solana.connectors,
    // The Solana family becomes active only when no EVM connection is there or being restored.
    activateOnRestore: () => core.state.chain("eip155").account.status === "disconnected",
    restore: (id, options) => family.connect(id, options),
    nextAccount: (accounts) => accounts[0],
    showAccount: (wallet, account) =>
      core.state.setConnected("solana", account.address, {
        id: solanaConnectorId(wallet),
        name: wallet.name,
        icon: wallet.icon,
      }),
    label: "Solana",
  });

  const family: SolanaFamily = {
    namespace: "solana",
    networks: solana.networks,
    connectors: wallets.connectors,
    devAccounts: devWallet,
    watch: wallets.watch,
    async connect(connectorId, options = {}) {
      const wallet = wallets.find(connectorId);
      if (!wallet) throw new Error(messages.walletConnectConnectorNotFound);
      const { accounts } = await (wallet.features[CONNECT] as ConnectFeature).connect(
        options.silent ? { silent: true } : undefined,
      );
      const account = accounts.find((a) => a.chains.some((c) => c.startsWith("solana:"))) ?? accounts[0];
      if (!account) throw new Error(messages.addressOrAuthConnectorNotFound);
      // The first requested network the wallet has; else the family's active one.
      const target = solana.networks.find((n) => account.chains.some((c) => isSameSolanaChain(c, n))) ?? network();
      wallets.connected({ wallet, account, connectorId, network: target, activate: options.activate });
    },
    disconnect: wallets.disconnect,
    balances: async (owner) => readSolanaBalances(rpcOf(network()), network(), owner, solana.config.tokens),
    async send({ token, amount, receiver }) {
      const connected = wallets.current();
      if (!connected) throw new Error(messages.addressOrAuthConnectorNotFound);
      if (!isSolanaAddress(receiver)) throw new Error(messages.invalidAmountAndReceiver);
      const n = network();
      const rpc = rpcOf(n);
      const { wallet, account } = connected;
      try {
        const owner = address(account.address);
        // No token: SOL (9 decimals).
        const instructions = await transferInstructions({ owner, receiver, amount, token: token ?? { decimals: 9 } });
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
        const signature = getSignatureFromTransaction(signed);
        await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send();
        await confirm(rpc, signature, p.pollInterval ?? 400, p.confirmTimeout ?? 60_000);
        return signature;
      } catch (error) {
        throw new SolanaSendError({ cause: error });
      }
    },
    activity: async (owner, options = {}) => readSolanaActivity(rpcOf(network()), owner, options, solana.config.tokens),
    // Solana message signing (solana:signMessage) is not offered by the layer.
    signMessage: undefined,
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
        id: r.signature,
        signature: r.signature,
        slot: Number(r.slot),
        position: `Slot ${Number(r.slot)}`,
        blockTime: r.blockTime === null ? undefined : Number(r.blockTime),
        failed: r.err !== null,
        memo: r.memo ?? undefined,
      };
      // What moved for this address (SOL without the fee, or an SPL token): best effort.
      const tx: TransactionJson | null = await rpc
        .getTransaction(r.signature, { encoding: "json", maxSupportedTransactionVersion: 0 })
        .send()
        .catch(() => null);
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
  transaction: { message: { accountKeys: readonly string[] } };
  meta: {
    fee: number | bigint;
    preBalances: readonly (number | bigint)[];
    postBalances: readonly (number | bigint)[];
    preTokenBalances?: readonly TokenBalanceJson[] | null | undefined;
    postTokenBalances?: readonly TokenBalanceJson[] | null | undefined;
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
  const sum = (list: readonly TokenBalanceJson[] | null | undefined, mint: string) =>
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
