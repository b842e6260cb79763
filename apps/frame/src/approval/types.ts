/** The shapes the approval screen is built from: a parsed request, and the view of it the frame shows. */
import type { Address, Client, Hex, TypedDataDefinition } from "viem";
import type { FrameChain, KnownContract, KnownContractAbi } from "../config.js";
import type { TokenReader } from "./tokens.js";

export type Row = { label: string; value: string };

export type TransactionRequest = { to?: Address; value: bigint; data?: Hex; gas?: bigint };

/** A parsed, checked signing request: what gets signed is exactly what was shown. */
export type ApprovalRequest =
  | { method: "personal_sign"; message: Hex }
  | { method: "eth_signTypedData_v4"; typedData: TypedDataDefinition }
  | { method: "eth_sendTransaction"; transaction: TransactionRequest };

export type ApprovalSection = {
  heading: string;
  rows: Row[];
  note?: string | undefined;
  warning?: boolean | undefined;
};

export type ApprovalView = {
  /** What is asked, in a few words ("Sign in to app.test", "Approve transaction"): the modal's title. */
  title: string;
  /** What the app asks, completing "<the origin's host> asks you to …" at the top of the screen. */
  action: string;
  /** The requesting app's origin, from the message event (not from anything the app claims). */
  origin: string;
  account: Address;
  network: string;
  /** The request in one plain sentence, when the frame understands it (a permit, a sign-in, a call). */
  summary?: string | undefined;
  /** Reasons to stop and think, shown above everything else. */
  warnings: string[];
  sections: ApprovalSection[];
  /** The raw fields behind the summary, shown folded ("Details"). */
  details: ApprovalSection[];
};

/** The parts of a view a describer works out (the base fields come from the request's context). */
export type ViewContent = Omit<ApprovalView, "origin" | "account" | "network">;

/** What the describers read from: the chain, the contracts the wallet knows, token metadata and the ETH price. */
export type ReadContext = {
  account: Address;
  chain: FrameChain;
  client: Client;
  knownContracts: readonly KnownContract[];
  tokens: TokenReader;
  /** ETH's price in US dollars from the wallet's own API, or undefined when none is available. */
  ethUsd?: (() => Promise<number | undefined>) | undefined;
};

/** One call: to a contract, with ETH and calldata (a transaction, or one call of a smart account's operation). */
export type CallRequest = { to: Address; value: bigint; data: Hex };

export type DecodedCall = {
  /** "mUSDC (0x…)", or the bare address of an unlisted token. */
  contract: string;
  functionName: string;
  /** The arguments, labelled (a permit's v, r and s left out: they are a signature, not something to check). */
  args: Row[];
  /** The call in plain words, lower case: "invest 200 mUSDC in Crypto futures trading vault". */
  words: string;
  /** For a token approval: the spender, and the words without it, for when the next call is the spender's. */
  approval?: { spender: Address; shortWords: string } | undefined;
};

/** A decoded call's arguments by name (or position), with the ABI's inputs. */
export type CallArguments = { kind: KnownContractAbi; name: string; values: Record<string, unknown> };
