/** A decoded call in plain words: "approve 200 mUSDC", "invest 200 mUSDC in Crypto futures trading vault". */
import { investmentFundAbi, vaultById } from "@fundament/sdk";
import { type Address, isAddressEqual } from "viem";
import { readContract } from "viem/actions";
import { addressWords, formatAllowance, formatAmount, formatEth } from "./format.js";
import type { CallArguments, CallRequest, DecodedCall, ReadContext } from "./types.js";

type Words = Pick<DecodedCall, "words" | "approval">;

/** The vault's name as the app shows it (the spec's names for vaults 1 and 2, the chain's for later ones). */
async function vaultName(fund: Address, vaultId: unknown, context: ReadContext): Promise<string> {
  if (typeof vaultId !== "bigint") return "a vault";
  const info = await readContract(context.client, {
    address: fund,
    abi: investmentFundAbi,
    functionName: "getVault",
    args: [vaultId],
  }).catch(() => undefined);
  if (!info || vaultId > BigInt(Number.MAX_SAFE_INTEGER)) return `vault ${vaultId}`;
  return vaultById(Number(vaultId), info.name).name;
}

async function tokenWords(call: CallRequest, fn: string, v: Record<string, unknown>, ctx: ReadContext): Promise<Words> {
  const meta = await ctx.tokens(call.to);
  const symbol = meta?.symbol ?? `the token ${addressWords(call.to, ctx.knownContracts)}`;
  const who = (value: unknown) => addressWords(value as Address, ctx.knownContracts, ctx.account);
  const amount = typeof v.amount === "bigint" ? v.amount : typeof v.value === "bigint" ? v.value : undefined;
  if (fn === "approve" && typeof v.spender === "string" && amount !== undefined) {
    if (amount === 0n) return { words: `remove ${who(v.spender)}'s permission to spend your ${symbol}` };
    const allowance = formatAllowance(amount, meta);
    return {
      words: `allow ${who(v.spender)} to spend ${allowance.startsWith("an unlimited") ? "" : "up to "}${allowance}`,
      approval: { spender: v.spender as Address, shortWords: `approve ${allowance}` },
    };
  }
  // viem's erc20Abi names them recipient and sender; other ABIs to and from.
  const to = v.recipient ?? v.to;
  const from = v.sender ?? v.from;
  if (fn === "transfer" && amount !== undefined && typeof to === "string") {
    return { words: `send ${formatAmount(amount, meta)} to ${who(to)}` };
  }
  if (fn === "transferFrom" && amount !== undefined && typeof to === "string" && typeof from === "string") {
    return { words: `move ${formatAmount(amount, meta)} from ${who(from)} to ${who(to)}` };
  }
  return { words: `call ${fn} on ${symbol}` };
}

async function fundWords(call: CallRequest, fn: string, v: Record<string, unknown>, ctx: ReadContext): Promise<Words> {
  const vault = () => vaultName(call.to, v.vaultId, ctx);
  if (fn === "invest" || fn === "investWithPermit") {
    const token = await readContract(ctx.client, {
      address: call.to,
      abi: investmentFundAbi,
      functionName: "investmentToken",
    }).catch(() => undefined);
    const amount = formatAmount(v.amount as bigint, token ? await ctx.tokens(token) : undefined);
    return {
      words: `invest ${amount} in ${await vault()}${fn === "investWithPermit" ? " with your signed permit" : ""}`,
    };
  }
  if (fn === "withdraw") return { words: `withdraw your money from ${await vault()}` };
  if (fn === "emergencyWithdraw") return { words: `withdraw early from ${await vault()} (emergency withdrawal)` };
  return { words: `call ${fn} on ${addressWords(call.to, ctx.knownContracts)}` };
}

/** "swap 100 mUSDC for at least 0.0329 WETH" (ETH in or out where the router takes or pays ETH). */
async function swapWords(call: CallRequest, fn: string, v: Record<string, unknown>, ctx: ReadContext): Promise<Words> {
  const path = Array.isArray(v.path) ? (v.path as Address[]) : [];
  const first = path[0];
  const last = path.at(-1);
  if (!first || !last || typeof v.amountOutMin !== "bigint") return { words: `call ${fn} on the swap router` };
  const paid =
    fn === "swapExactETHForTokens"
      ? formatEth(call.value)
      : formatAmount(v.amountIn as bigint, await ctx.tokens(first));
  const received =
    fn === "swapExactTokensForETH" ? formatEth(v.amountOutMin) : formatAmount(v.amountOutMin, await ctx.tokens(last));
  const recipient = typeof v.to === "string" && !isAddressEqual(v.to as Address, ctx.account);
  const to = recipient ? `, paid to ${addressWords(v.to as Address, ctx.knownContracts, ctx.account)}` : "";
  return { words: `swap ${paid} for at least ${received}${to}` };
}

/** The words for a call the frame decoded; a function it has no words for is named as it is. */
export async function callWords(
  call: CallRequest,
  args: CallArguments,
  functionName: string,
  context: ReadContext,
): Promise<Words> {
  if (args.kind === "erc20") return tokenWords(call, functionName, args.values, context);
  if (args.kind === "investmentFund") return fundWords(call, functionName, args.values, context);
  if (args.kind === "uniswapV2Router") return swapWords(call, functionName, args.values, context);
  return { words: `call ${functionName} on ${args.name}` };
}
