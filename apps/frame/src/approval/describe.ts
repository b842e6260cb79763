/**
 * What the approval screen shows, worked out inside the frame from the request itself and the chain — never from
 * anything the app says about it, since the approval screen is the one thing a compromised app cannot fake.
 */
import type { Address, Client } from "viem";
import type { FrameChain, KnownContract } from "../config.js";
import { decodeCall } from "./decode.js";
import { addressLabel, addressWords, capitalise, formatEth, formatEthWithUsd, knownName } from "./format.js";
import { describeMessage } from "./message.js";
import { estimateFee, simulateTransaction, simulationSection } from "./simulate.js";
import type { TokenReader } from "./tokens.js";
import { describeTypedData } from "./typedData.js";
import type {
  ApprovalRequest,
  ApprovalSection,
  ApprovalView,
  ReadContext,
  TransactionRequest,
  ViewContent,
} from "./types.js";

/** A transaction: its balance changes first, then what it does in words, its fee (with dollars when known). */
export async function describeTransaction(tx: TransactionRequest, context: ReadContext): Promise<ViewContent> {
  const { client, account, knownContracts, tokens } = context;
  const call = tx.to && tx.data ? { to: tx.to, value: tx.value, data: tx.data } : undefined;
  const [decoded, simulation, fee, ethUsd] = await Promise.all([
    call ? decodeCall(call, context) : undefined,
    simulateTransaction(client, account, tx, tokens),
    estimateFee(client, account, tx),
    context.ethUsd?.().catch(() => undefined),
  ]);
  const sections: ApprovalSection[] = [simulationSection(simulation)];
  sections.push({
    heading: "Transaction",
    rows: [
      { label: "To", value: tx.to ? addressLabel(tx.to, knownContracts) : "New contract" },
      { label: "Value sent", value: tx.value > 0n ? formatEthWithUsd(tx.value, ethUsd) : formatEth(tx.value) },
      {
        label: "Network fee",
        value: "wei" in fee ? `up to ${formatEthWithUsd(fee.wei, ethUsd)}` : `Unknown (${fee.error})`,
      },
    ],
  });
  const details: ApprovalSection[] = [];
  if (decoded) {
    details.push({ heading: `Calls ${decoded.functionName}`, rows: decoded.args });
    details.push({ heading: "Call data", rows: [{ label: "Data", value: tx.data ?? "0x" }] });
  } else if (tx.data) {
    sections.push({
      heading: "Call data",
      rows: [{ label: "Data", value: tx.data }],
      note: "This contract is not known to the wallet: its call cannot be read.",
      warning: true,
    });
  }
  const words =
    decoded?.words ??
    (tx.to && !tx.data ? `send ${formatEth(tx.value)} to ${addressWords(tx.to, knownContracts, account)}` : undefined);
  const target = tx.to ? knownName(tx.to, knownContracts) : undefined;
  return {
    title: "Approve transaction",
    action: words ?? (tx.to ? `send a transaction${target ? ` to ${target}` : ""}` : "deploy a contract"),
    ...(words ? { summary: capitalise(words) } : {}),
    warnings: [],
    sections,
    details,
  };
}

export type DescribeApprovalParameters = {
  request: ApprovalRequest;
  origin: string;
  account: Address;
  chain: FrameChain;
  client: Client;
  knownContracts: readonly KnownContract[];
  tokens: TokenReader;
  /** ETH's US-dollar price from the wallet's API (the fee is shown in ETH alone without it). */
  ethUsd?: (() => Promise<number | undefined>) | undefined;
};

export async function describeApproval(parameters: DescribeApprovalParameters): Promise<ApprovalView> {
  const { request, origin, account, chain } = parameters;
  const base = { origin, account, network: `${chain.name} (chain ${chain.id})` };
  const context: ReadContext = parameters;
  if (request.method === "personal_sign") {
    return { ...base, ...describeMessage(request.message, origin, account, chain) };
  }
  if (request.method === "eth_signTypedData_v4") {
    return { ...base, ...(await describeTypedData(request.typedData, context)) };
  }
  return { ...base, ...(await describeTransaction(request.transaction, context)) };
}
