/** Calldata read against the contracts the wallet knows: each argument labelled, amounts in their token's units. */
import { fundGovernorAbi, fundPaymasterAbi, fundTimelockAbi, investmentFundAbi } from "@fundament/sdk";
import {
  type Abi,
  type AbiParameter,
  type Address,
  decodeFunctionData,
  erc20Abi,
  isAddressEqual,
  parseAbi,
} from "viem";
import { readContract } from "viem/actions";
import type { KnownContractAbi } from "../config.js";
import { callWords } from "./callWords.js";
import { addressLabel, formatAllowance, formatDateTime, plain, unixSeconds } from "./format.js";
import type { CallRequest, DecodedCall, ReadContext, Row } from "./types.js";

/** The router functions the app's swaps use (apps/api/src/convert/dex.ts), enough to read a swap. */
export const uniswapV2RouterAbi = parseAbi([
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);

export const KNOWN_ABIS: Record<KnownContractAbi, Abi> = {
  investmentFund: investmentFundAbi,
  fundGovernor: fundGovernorAbi,
  fundTimelock: fundTimelockAbi,
  erc20: erc20Abi,
  uniswapV2Router: uniswapV2RouterAbi,
  fundPaymaster: fundPaymasterAbi,
};

export type { CallArguments, CallRequest, DecodedCall } from "./types.js";

/** Inputs that are a signature's parts: not shown (Details keeps the raw calldata). */
const SIGNATURE_PARTS = new Set(["v", "r", "s"]);

/** The token each amount argument is counted in, per known contract kind. */
async function amountTokens(
  kind: KnownContractAbi,
  contract: Address,
  functionName: string,
  args: Record<string, unknown>,
  context: ReadContext,
): Promise<Record<string, Address>> {
  if (kind === "erc20") return { amount: contract, value: contract };
  if (kind === "investmentFund" && (functionName === "invest" || functionName === "investWithPermit")) {
    const token = await readContract(context.client, {
      address: contract,
      abi: investmentFundAbi,
      functionName: "investmentToken",
    }).catch(() => undefined);
    return token ? { amount: token } : {};
  }
  if (kind === "uniswapV2Router" && Array.isArray(args.path) && args.path.length >= 2) {
    const path = args.path as Address[];
    return { amountIn: path[0] as Address, amountOutMin: path[path.length - 1] as Address };
  }
  return {};
}

async function argumentRow(
  input: AbiParameter,
  index: number,
  value: unknown,
  token: Address | undefined,
  context: ReadContext,
): Promise<Row> {
  const label = input.name || `argument ${index + 1}`;
  if (typeof value === "bigint" && token) return { label, value: formatAllowance(value, await context.tokens(token)) };
  if (typeof value === "bigint" && input.name === "deadline") {
    const date = unixSeconds(value);
    return { label, value: date ? formatDateTime(date) : plain(value) };
  }
  if (typeof value === "string" && input.type === "address") {
    return { label, value: addressLabel(value as Address, context.knownContracts) };
  }
  if (Array.isArray(value) && input.type === "address[]") {
    return { label, value: value.map((a: Address) => addressLabel(a, context.knownContracts)).join(" → ") };
  }
  return { label, value: plain(value) };
}

/** Decodes calldata against the known contracts (or as an ERC-20 call on an unlisted token). */
export async function decodeCall(call: CallRequest, context: ReadContext): Promise<DecodedCall | undefined> {
  const { to, data } = call;
  const known = context.knownContracts.find((k) => isAddressEqual(k.address, to));
  const kind: KnownContractAbi = known ? known.abi : "erc20";
  let decoded: { functionName: string; args?: readonly unknown[] | undefined };
  try {
    decoded = decodeFunctionData({ abi: KNOWN_ABIS[kind], data });
  } catch {
    return undefined;
  }
  const fn = KNOWN_ABIS[kind].find(
    (item) =>
      item.type === "function" &&
      item.name === decoded.functionName &&
      item.inputs.length === (decoded.args?.length ?? 0),
  );
  const inputs = fn && fn.type === "function" ? fn.inputs : [];
  const values: Record<string, unknown> = {};
  inputs.forEach((input, i) => {
    values[input.name || String(i)] = decoded.args?.[i];
  });
  const tokensOf = await amountTokens(kind, to, decoded.functionName, values, context);
  const signed = inputs.some((input) => input.name === "v") && inputs.some((input) => input.name === "r");
  const args: Row[] = [];
  for (const [i, input] of inputs.entries()) {
    if (signed && SIGNATURE_PARTS.has(input.name ?? "")) continue;
    const token = input.name ? tokensOf[input.name] : undefined;
    args.push(await argumentRow(input, i, decoded.args?.[i], token, context));
  }
  const name = known?.name ?? "Token";
  const words = await callWords(call, { kind, name, values }, decoded.functionName, context);
  return {
    contract: known ? `${name} (${to})` : `${to}`,
    functionName: decoded.functionName,
    args,
    ...words,
  };
}
