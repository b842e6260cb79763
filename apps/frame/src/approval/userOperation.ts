/**
 * A smart account's user operation (ERC-4337 v0.8, signed as EIP-712 `PackedUserOperation`) in words: its calls
 * decoded from the SimpleAccount's `execute` / `executeBatch`, who pays the gas, and the account's balance changes.
 */
import { fundPaymasterAbi } from "@fundament/sdk";
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  hexToBigInt,
  isAddress,
  isAddressEqual,
  isHex,
  parseAbi,
  type TypedDataDefinition,
} from "viem";
import { readContract } from "viem/actions";
import { type CallRequest, type DecodedCall, decodeCall } from "./decode.js";
import { addressWords, capitalise, formatEth, formatEthWithUsd, joinPhrases, plain, toBigInt } from "./format.js";
import { simulateTransaction, simulationSection } from "./simulate.js";
import type { ApprovalSection, ReadContext, Row, ViewContent } from "./types.js";

/** eth-infinitism's SimpleAccount (v0.8's batch of `Call` structs, and the older batch shapes) and its factory. */
const simpleAccountAbi = parseAbi([
  "function execute(address dest, uint256 value, bytes func)",
  "function executeBatch((address target, uint256 value, bytes data)[] calls)",
  "function executeBatch(address[] dest, uint256[] value, bytes[] func)",
  "function executeBatch(address[] dest, bytes[] func)",
  "function owner() view returns (address)",
]);
const accountFactoryAbi = parseAbi(["function createAccount(address owner, uint256 salt) returns (address)"]);

const USER_OPERATION_FIELDS =
  "accountGasLimits:bytes32,callData:bytes,gasFees:bytes32,initCode:bytes,nonce:uint256,paymasterAndData:bytes,preVerificationGas:uint256,sender:address";

export type UserOperation = {
  entryPoint: Address;
  sender: Address;
  nonce: bigint;
  initCode: Hex;
  callData: Hex;
  verificationGasLimit: bigint;
  callGasLimit: bigint;
  preVerificationGas: bigint;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
  paymaster?: { address: Address; verificationGasLimit: bigint; postOpGasLimit: bigint; data: Hex } | undefined;
};

/** Two uint128 packed in a bytes32 (`accountGasLimits`, `gasFees`): high, low. */
function unpack128(value: Hex): [bigint, bigint] {
  return [hexToBigInt(`0x${value.slice(2, 34)}`), hexToBigInt(`0x${value.slice(34, 66)}`)];
}

/** `paymaster ‖ verificationGasLimit (16) ‖ postOpGasLimit (16) ‖ data`, or nothing when the field is empty. */
function readPaymaster(paymasterAndData: Hex): UserOperation["paymaster"] {
  if (paymasterAndData.length < 42) return undefined;
  const part = (from: number, to: number) => paymasterAndData.slice(from, to);
  const gas = (from: number) => (paymasterAndData.length >= from + 32 ? hexToBigInt(`0x${part(from, from + 32)}`) : 0n);
  return {
    address: getAddress(`0x${part(2, 42)}`),
    verificationGasLimit: gas(42),
    postOpGasLimit: gas(74),
    data: `0x${part(106, paymasterAndData.length)}`,
  };
}

/** The user operation the typed data is, if it is exactly the EntryPoint v0.8 `PackedUserOperation`. */
export function readUserOperation(typedData: TypedDataDefinition): UserOperation | undefined {
  const domain = (typedData.domain ?? {}) as Record<string, unknown>;
  const message = (typedData.message ?? {}) as Record<string, unknown>;
  const fields = (typedData.types as Record<string, readonly { name: string; type: string }[]>).PackedUserOperation;
  const shape = (fields ?? [])
    .map((f) => `${f.name}:${f.type}`)
    .sort()
    .join(",");
  const entryPoint = domain.verifyingContract;
  if (typedData.primaryType !== "PackedUserOperation" || shape !== USER_OPERATION_FIELDS) return undefined;
  if (domain.name !== "ERC4337" || typeof entryPoint !== "string" || !isAddress(entryPoint, { strict: false })) {
    return undefined;
  }
  const { sender, initCode, callData, accountGasLimits, gasFees, paymasterAndData } = message;
  const nonce = toBigInt(message.nonce);
  const preVerificationGas = toBigInt(message.preVerificationGas);
  const bytes = (value: unknown): value is Hex => typeof value === "string" && isHex(value);
  const word = (value: unknown): value is Hex => bytes(value) && value.length === 66;
  if (typeof sender !== "string" || !isAddress(sender, { strict: false }) || nonce === undefined) return undefined;
  if (!bytes(initCode) || !bytes(callData) || !bytes(paymasterAndData) || preVerificationGas === undefined) {
    return undefined;
  }
  if (!word(accountGasLimits) || !word(gasFees)) return undefined;
  const [verificationGasLimit, callGasLimit] = unpack128(accountGasLimits);
  const [maxPriorityFeePerGas, maxFeePerGas] = unpack128(gasFees);
  return {
    entryPoint: getAddress(entryPoint),
    sender: getAddress(sender),
    nonce,
    initCode,
    callData,
    verificationGasLimit,
    callGasLimit,
    preVerificationGas,
    maxPriorityFeePerGas,
    maxFeePerGas,
    paymaster: readPaymaster(paymasterAndData),
  };
}

/** The calls of a SimpleAccount's `execute` / `executeBatch`, or undefined when the call data is something else. */
export function accountCalls(callData: Hex): CallRequest[] | undefined {
  let decoded: { functionName: string; args?: readonly unknown[] | undefined };
  try {
    decoded = decodeFunctionData({ abi: simpleAccountAbi, data: callData });
  } catch {
    return undefined;
  }
  const args = decoded.args ?? [];
  if (decoded.functionName === "execute") {
    const [to, value, data] = args as [Address, bigint, Hex];
    return [{ to, value, data }];
  }
  if (decoded.functionName !== "executeBatch") return undefined;
  if (args.length === 1) {
    return (args[0] as readonly { target: Address; value: bigint; data: Hex }[]).map((c) => ({
      to: c.target,
      value: c.value,
      data: c.data,
    }));
  }
  const targets = args[0] as readonly Address[];
  const values = args.length === 3 ? (args[1] as readonly bigint[]) : [];
  const datas = args.at(-1) as readonly Hex[];
  return targets.map((to, i) => ({ to, value: values[i] ?? 0n, data: datas[i] ?? "0x" }));
}

/** The smart account's owner: from the factory call that deploys it (first operation), else from the account. */
async function accountOwner(operation: UserOperation, context: ReadContext): Promise<Address | undefined> {
  if (operation.initCode.length > 42) {
    try {
      const { args } = decodeFunctionData({ abi: accountFactoryAbi, data: `0x${operation.initCode.slice(42)}` });
      return args[0];
    } catch {
      return undefined;
    }
  }
  return readContract(context.client, {
    address: operation.sender,
    abi: simpleAccountAbi,
    functionName: "owner",
  }).catch(() => undefined);
}

type GasPayment = { words: string; row: string; warning?: string | undefined };

/**
 * Who pays the gas: the fund (its paymaster, listed in the frame's config as `fundPaymaster`, or else a paymaster whose
 * `fund()` on chain is a known InvestmentFund), another paymaster, or the smart account itself.
 */
async function gasPayment(operation: UserOperation, context: ReadContext): Promise<GasPayment> {
  const paymaster = operation.paymaster;
  if (paymaster) {
    const listed = context.knownContracts.find(
      (k) => k.abi === "fundPaymaster" && isAddressEqual(k.address, paymaster.address),
    );
    const fund = listed
      ? undefined
      : await readContract(context.client, {
          address: paymaster.address,
          abi: fundPaymasterAbi,
          functionName: "fund",
        }).catch(() => undefined);
    const fundsPaymaster =
      listed ??
      (fund
        ? context.knownContracts.find((k) => k.abi === "investmentFund" && isAddressEqual(k.address, fund))
        : undefined);
    if (fundsPaymaster) {
      return { words: "gas paid by the fund", row: `Paid by the fund (its paymaster ${paymaster.address})` };
    }
    return {
      words: `gas paid by the paymaster ${addressWords(paymaster.address, context.knownContracts)}`,
      row: `Paid by the paymaster ${paymaster.address}`,
      warning: `The gas is paid by a paymaster the wallet does not know (${paymaster.address}).`,
    };
  }
  const gas = operation.verificationGasLimit + operation.callGasLimit + operation.preVerificationGas;
  const wei = gas * operation.maxFeePerGas;
  const fee = formatEthWithUsd(wei, await context.ethUsd?.().catch(() => undefined));
  return { words: `gas up to ${fee} from your smart account`, row: `Up to ${fee}, paid by your smart account` };
}

/** "Approve 200 mUSDC and invest 200 mUSDC in …": an approval followed by its spender's call says only the amount. */
function operationWords(
  calls: readonly CallRequest[],
  decoded: readonly (DecodedCall | undefined)[],
  context: ReadContext,
) {
  return calls.map((call, i) => {
    const words = decoded[i];
    const next = calls[i + 1];
    if (words?.approval && next && isAddressEqual(words.approval.spender, next.to)) return words.approval.shortWords;
    if (words) return words.words;
    if (call.data === "0x") return `send ${formatEth(call.value)} to ${addressWords(call.to, context.knownContracts)}`;
    return `call the unknown contract ${call.to}`;
  });
}

function callDetails(calls: readonly CallRequest[], decoded: readonly (DecodedCall | undefined)[]): ApprovalSection[] {
  return calls.map((call, i) => {
    const words = decoded[i];
    const value: Row[] = call.value > 0n ? [{ label: "Value sent", value: formatEth(call.value) }] : [];
    if (words)
      return { heading: `Call ${i + 1}: ${words.functionName} on ${words.contract}`, rows: [...value, ...words.args] };
    return { heading: `Call ${i + 1} to ${call.to}`, rows: [...value, { label: "Data", value: call.data }] };
  });
}

function gasDetails(operation: UserOperation): ApprovalSection {
  const rows: Row[] = [
    { label: "Smart account", value: operation.sender },
    { label: "EntryPoint", value: operation.entryPoint },
    { label: "Nonce", value: plain(operation.nonce) },
    { label: "Verification gas limit", value: plain(operation.verificationGasLimit) },
    { label: "Call gas limit", value: plain(operation.callGasLimit) },
    { label: "Pre-verification gas", value: plain(operation.preVerificationGas) },
    { label: "Max fee per gas (wei)", value: plain(operation.maxFeePerGas) },
    { label: "Max priority fee per gas (wei)", value: plain(operation.maxPriorityFeePerGas) },
  ];
  if (operation.paymaster) rows.push({ label: "Paymaster", value: operation.paymaster.address });
  if (operation.initCode !== "0x") rows.push({ label: "Deploys the account", value: "yes (its first operation)" });
  return { heading: "User operation", rows };
}

export async function describeUserOperation(operation: UserOperation, context: ReadContext): Promise<ViewContent> {
  const calls = accountCalls(operation.callData);
  const asAccount = { ...context, account: operation.sender };
  const [owner, gas, decoded, simulation] = await Promise.all([
    accountOwner(operation, context),
    gasPayment(operation, context),
    Promise.all((calls ?? []).map((call) => (call.data === "0x" ? undefined : decodeCall(call, asAccount)))),
    calls ? simulateTransaction(context.client, operation.sender, calls, context.tokens) : undefined,
  ]);
  const warnings: string[] = [];
  if (owner && !isAddressEqual(owner, context.account)) {
    warnings.push(`This operation is for the smart account ${operation.sender}, whose owner is ${owner}, not you.`);
  }
  if (gas.warning) warnings.push(gas.warning);
  const title = "Sign a smart account operation";
  const network = { label: "Network fee", value: gas.row };
  if (!calls) {
    warnings.push("The wallet cannot read what this operation does: approve it only if you trust the app.");
    return {
      title,
      action: "sign an operation of your smart account",
      warnings,
      sections: [{ heading: "Operation", rows: [{ label: "Call data", value: operation.callData }, network] }],
      details: [gasDetails(operation)],
    };
  }
  const sentence = joinPhrases(operationWords(calls, decoded, context));
  const sections: ApprovalSection[] = [];
  if (simulation) sections.push(simulationSection(simulation, true));
  sections.push({
    heading: "Operation",
    rows: [
      { label: "From", value: `Your smart account ${operation.sender}` },
      ...operationWords(calls, decoded, context).map((words, i) => ({
        label: `Call ${i + 1}`,
        value: capitalise(words),
      })),
      network,
    ],
  });
  return {
    title,
    action: `${sentence} from your smart account`,
    summary: `${capitalise(sentence)} · ${gas.words}`,
    warnings,
    sections,
    details: [...callDetails(calls, decoded), gasDetails(operation)],
  };
}
