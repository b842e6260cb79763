/** What a transaction (or an operation's calls) would do: its balance changes from a simulation, its fee at most. */
import { fundGovernorAbi, fundPaymasterAbi, fundTimelockAbi, investmentFundAbi, mockUsdcAbi } from "@fundament/sdk";
import {
  type Abi,
  type Address,
  BaseError,
  type Client,
  ContractFunctionRevertedError,
  decodeErrorResult,
  getAddress,
  type Hex,
  hexToBigInt,
  isAddressEqual,
  type Log,
  RawContractError,
} from "viem";
import { call, estimateFeesPerGas, estimateGas, getGasPrice, simulateCalls } from "viem/actions";
import { formatAmount, formatEth, plain } from "./format.js";
import type { TokenReader } from "./tokens.js";
import type { ApprovalSection, Row, TransactionRequest } from "./types.js";

/** Custom errors a revert may carry: the fund's, its governor's, its paymaster's and the token's (OpenZeppelin ERC-20). */
const ERRORS_ABI: Abi = [
  ...investmentFundAbi,
  ...fundGovernorAbi,
  ...fundTimelockAbi,
  ...fundPaymasterAbi,
  ...mockUsdcAbi,
].filter((item) => item.type === "error");

/** traceTransfers reports ETH moves as Transfer logs from this pseudo-address (eth_simulateV1). */
const ETH_PSEUDO_ADDRESS = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** The revert reason in words: Error(string), a known custom error, or the node's own message. */
export function revertReason(error: unknown): string {
  if (!(error instanceof BaseError)) return error instanceof Error ? error.message : String(error);
  const raw = error.walk((e) => e instanceof RawContractError || e instanceof ContractFunctionRevertedError);
  let data: Hex | undefined;
  if (raw instanceof RawContractError) data = typeof raw.data === "string" ? raw.data : raw.data?.data;
  if (raw instanceof ContractFunctionRevertedError) {
    if (raw.reason) return raw.reason;
    data = raw.raw;
  }
  if (data && data !== "0x") {
    try {
      const decoded = decodeErrorResult({ abi: ERRORS_ABI, data });
      if (decoded.errorName === "Error" && typeof decoded.args?.[0] === "string") return decoded.args[0];
      return `${decoded.errorName}(${(decoded.args ?? []).map(plain).join(", ")})`;
    } catch {
      return `reverted with ${data.slice(0, 10)}`;
    }
  }
  return error.shortMessage.split("\n")[0] ?? error.shortMessage;
}

export type Simulation = { changes: Row[] } | { failure: string } | { note: string };

/** The net change per asset for `account` in the simulated logs (ERC-20 Transfers and the ETH pseudo-transfers). */
async function balanceChanges(logs: readonly Log[], account: Address, tokens: TokenReader): Promise<Row[]> {
  const deltas = new Map<string, bigint>();
  for (const log of logs) {
    // ERC-20 Transfer (and the ETH pseudo-transfers): 3 topics and a 32-byte amount. ERC-721 has 4 topics.
    if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3 || log.data.length !== 66) continue;
    const from = `0x${(log.topics[1] ?? "").slice(26)}` as Address;
    const to = `0x${(log.topics[2] ?? "").slice(26)}` as Address;
    const amount = hexToBigInt(log.data);
    const key = getAddress(log.address);
    let delta = deltas.get(key) ?? 0n;
    if (isAddressEqual(from, account)) delta -= amount;
    if (isAddressEqual(to, account)) delta += amount;
    deltas.set(key, delta);
  }
  const changes: Row[] = [];
  for (const [asset, delta] of deltas) {
    if (delta === 0n) continue;
    const sign = delta > 0n ? "+" : "−";
    const magnitude = delta > 0n ? delta : -delta;
    if (isAddressEqual(asset as Address, ETH_PSEUDO_ADDRESS)) {
      changes.push({ label: "ETH", value: `${sign}${formatEth(magnitude)}` });
    } else {
      const meta = await tokens(asset as Address);
      changes.push({ label: meta?.symbol ?? asset, value: `${sign}${formatAmount(magnitude, meta)}` });
    }
  }
  return changes;
}

/**
 * The balance changes the calls would cause to `account`, from one eth_simulateV1 call with `traceTransfers` (ETH
 * moves appear as Transfer logs of the 0xEeee… pseudo-token); the calls run in order from `account`, as a smart
 * account runs its batch. viem's `traceAssetChanges` is not used: anvil 1.7.1 refuses its probe calls ("missing keys:
 * to"). A node without eth_simulateV1 gets a plain eth_call of a single call, which still tells whether it would fail.
 */
export async function simulateTransaction(
  client: Client,
  account: Address,
  calls: TransactionRequest | readonly TransactionRequest[],
  tokens: TokenReader,
): Promise<Simulation> {
  const list = Array.isArray(calls) ? calls : [calls as TransactionRequest];
  const requests = list.map((tx) => ({
    ...(tx.to ? { to: tx.to } : {}),
    value: tx.value,
    ...(tx.data ? { data: tx.data } : {}),
  }));
  let logs: Log[] | undefined;
  if (list.every((tx) => tx.to)) {
    try {
      const { results } = await simulateCalls(client, {
        account,
        calls: requests as { to: Address; value: bigint; data?: Hex }[],
        traceTransfers: true,
      });
      const failed = results.find((result) => result.status === "failure");
      if (failed?.status === "failure") {
        const which = results.length > 1 ? `call ${results.indexOf(failed) + 1}: ` : "";
        return { failure: `${which}${revertReason(failed.error)}` };
      }
      logs = results.flatMap((result) => [...(result.logs ?? [])]);
    } catch {
      // No eth_simulateV1 on this node: the eth_call below still tells whether the transaction would fail.
    }
  }
  if (!logs) {
    if (requests.length === 1) {
      try {
        await call(client, { account, ...requests[0] });
      } catch (error) {
        return { failure: revertReason(error) };
      }
    }
    return { note: "This network cannot simulate the balance changes." };
  }
  return { changes: await balanceChanges(logs, account, tokens) };
}

/** The network fee at most, in wei: the gas estimate (or the request's gas) × the max fee per gas. */
export async function estimateFee(
  client: Client,
  account: Address,
  tx: TransactionRequest,
): Promise<{ wei: bigint } | { error: string }> {
  try {
    const [gas, fees] = await Promise.all([
      tx.gas ??
        estimateGas(client, {
          account,
          ...(tx.to ? { to: tx.to } : {}),
          value: tx.value,
          ...(tx.data ? { data: tx.data } : {}),
        }),
      estimateFeesPerGas(client).catch(() => undefined),
    ]);
    const perGas = fees?.maxFeePerGas ?? fees?.gasPrice ?? (await getGasPrice(client));
    return { wei: gas * perGas };
  } catch (error) {
    return { error: revertReason(error) };
  }
}

/**
 * The simulation as the screen's first section: the balance changes, or why it would fail. `smartAccount`: the
 * changes are the smart account's (an operation), not the signing account's.
 */
export function simulationSection(simulation: Simulation, smartAccount = false): ApprovalSection {
  const what = smartAccount ? "operation" : "transaction";
  if ("failure" in simulation) {
    return { heading: "Simulation", rows: [], note: `This ${what} would fail: ${simulation.failure}`, warning: true };
  }
  const heading = smartAccount ? "Balance changes of your smart account" : "Balance changes";
  if ("note" in simulation) return { heading, rows: [], note: simulation.note };
  return {
    heading,
    rows: simulation.changes,
    ...(simulation.changes.length === 0
      ? {
          note: `No token or ETH balance of ${smartAccount ? "your smart account" : "yours"} changes (besides the fee).`,
        }
      : {}),
  };
}
