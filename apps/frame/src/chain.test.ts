/**
 * Against a real anvil (scripts/lib/anvil.mjs) with the fund and its token deployed from the forge artifacts: the
 * approval screen's decoding of an ERC-20 approve and a fund call, the simulation's balance changes and failure
 * reason, and an approved eth_sendTransaction that is mined.
 */
import { investmentFundAbi, mockUsdcAbi } from "@fundament/sdk";
import {
  type Address,
  type Client,
  createClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
  toHex,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { deployContract, readContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain JavaScript (JSDoc-typed) scripts of the repository, outside this package's tsconfig
import { freePort, startAnvil } from "../../../scripts/lib/anvil.mjs";
// @ts-expect-error: as above
import { loadArtifact } from "../../../scripts/lib/foundry.mjs";
import { APP_ORIGIN, type MountedFrame, mountFrame } from "../test/harness.js";
import { type StandInApi, startStandInApi } from "../test/standInApi.js";
import { type ApprovalView, createTokenReader, describeApproval, parseApprovalRequest } from "./approval.js";
import type { FrameChain, FrameConfig } from "./config.js";

const MNEMONIC = "test test test test test test test test test test test junk";
const admin = mnemonicToAccount(MNEMONIC, { addressIndex: 0 });
const investor = mnemonicToAccount(MNEMONIC, { addressIndex: 1 });
const receiver: Address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

let anvil: { url: string; stop(): Promise<void> };
let client: Client;
let chain: FrameChain;
let token: Address;
let fund: Address;
let api: StandInApi;
let mounted: MountedFrame | undefined;

async function deploy(file: string, name: string, args: readonly unknown[]): Promise<Address> {
  const { abi, bytecode } = loadArtifact(file, name) as { abi: readonly unknown[]; bytecode: Hex };
  const hash = await deployContract(client, { account: admin, chain: foundry, abi, bytecode, args });
  const receipt = await waitForTransactionReceipt(client, { hash });
  if (!receipt.contractAddress) throw new Error(`${name} was not deployed`);
  return getAddress(receipt.contractAddress);
}

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  client = createClient({ chain: foundry, transport: http(anvil.url) });
  chain = { id: 31337, name: "Anvil", rpcUrl: anvil.url };
  token = await deploy("MockUSDC.sol", "MockUSDC", []);
  fund = await deploy("InvestmentFund.sol", "InvestmentFund", [token, admin.address, parseUnits("100", 6), 86_400n]);
  api = await startStandInApi();
});
afterAll(async () => {
  await api?.close();
  await anvil?.stop();
});
afterEach(() => {
  mounted?.close();
  mounted = undefined;
});

const knownContracts = () => [
  { address: fund, name: "Investment fund", abi: "investmentFund" as const },
  { address: token, name: "mUSDC", abi: "erc20" as const },
];

async function describeTx(from: Address, to: Address, data: Hex): Promise<ApprovalView> {
  return describeApproval({
    request: parseApprovalRequest("eth_sendTransaction", [{ from, to, data }], from),
    origin: APP_ORIGIN,
    account: from,
    chain,
    client,
    knownContracts: knownContracts(),
    tokens: createTokenReader(client),
  });
}

const section = (view: ApprovalView, heading: string) => view.sections.find((s) => s.heading === heading);

describe("the approval screen's reading of a transaction", () => {
  it("decodes an ERC-20 approve with the token's decimals and symbol", async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [fund, parseUnits("1234.5", 6)] });
    const view = await describeTx(investor.address, token, data);
    expect(view.title).toBe("Approve transaction");
    expect(view.origin).toBe(APP_ORIGIN);
    expect(section(view, "Calls approve")?.rows).toEqual([
      { label: "spender", value: `Investment fund (${fund})` },
      { label: "amount", value: "1234.5 mUSDC" },
    ]);
    expect(section(view, "Transaction")?.rows).toEqual([
      { label: "To", value: `mUSDC (${token})` },
      { label: "Value sent", value: "0 ETH" },
      { label: "Network fee", value: expect.stringMatching(/^up to 0\.\d+ ETH$/) },
    ]);
    expect(section(view, "Balance changes")?.note).toBe("No token or ETH balance of yours changes (besides the fee).");

    const unlimited = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [fund, maxUint256] });
    expect(section(await describeTx(investor.address, token, unlimited), "Calls approve")?.rows[1]).toEqual({
      label: "amount",
      value: "Unlimited mUSDC",
    });
  });

  it("decodes a fund call, counts its amount in the fund's token, and says why it would fail", async () => {
    const data = encodeFunctionData({
      abi: investmentFundAbi,
      functionName: "invest",
      args: [7n, parseUnits("250", 6)],
    });
    const view = await describeTx(investor.address, fund, data);
    expect(section(view, "Calls invest")?.rows).toEqual([
      { label: "vaultId", value: "7" },
      { label: "amount", value: "250 mUSDC" },
    ]);
    // No vault 7 and no whitelisting: the simulation reports the fund's own revert.
    const simulation = section(view, "Simulation");
    expect(simulation?.warning).toBe(true);
    expect(simulation?.note).toMatch(/^This transaction would fail: [A-Z]\w+/);
  });

  it("shows the token and ETH balance changes from the simulation", async () => {
    await writeContract(client, {
      account: admin,
      chain: foundry,
      address: token,
      abi: mockUsdcAbi,
      functionName: "mint",
      args: [investor.address, parseUnits("500", 6)],
    });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [receiver, parseUnits("40", 6)] });
    const view = await describeTx(investor.address, token, data);
    expect(section(view, "Balance changes")?.rows).toEqual([{ label: "mUSDC", value: "−40 mUSDC" }]);
    const tooMuch = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [receiver, parseUnits("9999", 6)],
    });
    expect(section(await describeTx(investor.address, token, tooMuch), "Simulation")?.note).toMatch(
      /^This transaction would fail: ERC20InsufficientBalance\(/,
    );
  });
});

describe("an approved eth_sendTransaction", () => {
  it("shows the balance change, is sent only on Approve, and is mined", async () => {
    const config: FrameConfig = {
      apiUrl: api.url,
      parentOrigins: [APP_ORIGIN],
      chains: [chain],
      knownContracts: knownContracts(),
    };
    const f = mountFrame({ config });
    mounted = f;
    const email = "dave@example.test";
    await f.request("CONNECT_EMAIL", { email });
    const otpId = f.send("CONNECT_OTP", { otp: api.code(email) });
    URL.createObjectURL = () => "blob:test";
    (await f.waitForButton("Download recovery file")).click();
    f.button("I saved it").click();
    await f.answer(otpId);
    const { address } = (await f.request("GET_USER")).payload as { address: Address };
    await client.request({
      method: "anvil_setBalance" as "eth_chainId",
      params: [address, toHex(parseEther("10"))] as never,
    });
    const before = await readContract(client, {
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [receiver],
    });
    await writeContract(client, {
      account: admin,
      chain: foundry,
      address: token,
      abi: mockUsdcAbi,
      functionName: "mint",
      args: [address, parseUnits("100", 6)],
    });

    const id = f.send("RPC_REQUEST", {
      method: "eth_sendTransaction",
      params: [
        {
          from: address,
          to: token,
          value: "0x0",
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [receiver, parseUnits("25", 6)] }),
        },
      ],
      chainId: 31337,
    });
    const approve = await f.waitForButton("Approve");
    const text = f.root.textContent ?? "";
    expect(text).toContain("Calls transfer");
    expect(text).toContain("25 mUSDC");
    expect(text).toContain("−25 mUSDC");
    expect(text).toMatch(/Network feeup to 0\.\d+ ETH/);
    expect(f.answerTo(id)).toBeUndefined();
    approve.click();
    const answer = await f.answer(id, 20_000);
    expect(answer.type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS");
    const receipt = await waitForTransactionReceipt(client, { hash: answer.payload as Hex });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
    const after = await readContract(client, {
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [receiver],
    });
    expect(after - before).toBe(parseUnits("25", 6));
    expect(f.notices("RPC_REQUEST_DONE").at(-1)?.message.payload).toEqual({ requestId: id, approved: true });
    await f.waitForNotice("HIDE", 2);

    // A safe method goes straight to the node.
    const balance = await f.request("RPC_REQUEST", {
      method: "eth_getBalance",
      params: [address, "latest"],
      chainId: 31337,
    });
    expect(BigInt(balance.payload as string) < parseEther("10")).toBe(true);
  });
});
