/**
 * Against the run's anvil (@fundament/test-chain) with the fund and its token deployed from the forge artifacts: the
 * approval screen's decoding of an ERC-20 approve and a fund call, the simulation's balance changes and failure
 * reason, and an approved eth_sendTransaction that is mined.
 */

import { deployAccountAbstraction } from "@fundament/scripts/deploy";
import { linkArtifact, loadArtifact } from "@fundament/scripts/lib/foundry";
import { type Deployment, investmentFundAbi, mockUsdcAbi, toFundSmartAccount } from "@fundament/sdk";
import { devAccount, devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import {
  type Address,
  type Client,
  createClient,
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseSignature,
  parseUnits,
  toHex,
  verifyTypedData,
} from "viem";
import { deployContract, readContract, waitForTransactionReceipt, writeContract } from "viem/actions";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { APP_ORIGIN, type MountedFrame, mountFrame } from "../test/harness.js";
import { type StandInApi, startStandInApi } from "../test/standInApi.js";
import {
  type ApprovalView,
  createTokenReader,
  describeApproval,
  formatDateTime,
  parseApprovalRequest,
  shortAddress,
} from "./approval/index.js";
import type { FrameChain, FrameConfig } from "./config.js";

const admin = devLocalAccount(0);
const investor = devLocalAccount(1);
const receiver: Address = devAccount(3).address;

const { rpcUrl } = testChainForFile();
let client: Client;
let chain: FrameChain;
let token: Address;
let fund: Address;
let api: StandInApi;
let mounted: MountedFrame | undefined;

async function deploy(
  file: string,
  name: string,
  args: readonly unknown[],
  libraries: Record<string, Address> = {},
): Promise<Address> {
  const { abi, bytecode } = linkArtifact(loadArtifact(file, name), libraries);
  const hash = await deployContract(client, { account: admin, chain: foundry, abi, bytecode, args });
  const receipt = await waitForTransactionReceipt(client, { hash });
  if (!receipt.contractAddress) throw new Error(`${name} was not deployed`);
  return getAddress(receipt.contractAddress);
}

beforeAll(async () => {
  client = createClient({ chain: foundry, transport: http(rpcUrl) });
  chain = { id: 31337, name: "Anvil", rpcUrl };
  token = await deploy("MockUSDC.sol", "MockUSDC", []);
  const walletList = await deploy("TradingWalletList.sol", "TradingWalletList", []);
  const settlement = await deploy("Settlement.sol", "Settlement", []);
  fund = await deploy("InvestmentFund.sol", "InvestmentFund", [token, admin.address, parseUnits("100", 6), 86_400n], {
    TradingWalletList: walletList,
    Settlement: settlement,
  });
  api = await startStandInApi();
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  mounted?.close();
  mounted = undefined;
  api.setEthUsd(undefined);
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
const detail = (view: ApprovalView, heading: string) => view.details.find((s) => s.heading === heading);

async function describeTyped(from: Address, typedData: unknown): Promise<ApprovalView> {
  return describeApproval({
    request: parseApprovalRequest("eth_signTypedData_v4", [from, JSON.stringify(typedData)], from),
    origin: APP_ORIGIN,
    account: from,
    chain,
    client,
    knownContracts: knownContracts(),
    tokens: createTokenReader(client),
  });
}

const EIP712_DOMAIN = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
];
const PERMIT_TYPES = [
  { name: "owner", type: "address" },
  { name: "spender", type: "address" },
  { name: "value", type: "uint256" },
  { name: "nonce", type: "uint256" },
  { name: "deadline", type: "uint256" },
];

/** An EIP-2612 permit for the fund's token, as a dapp sends it (numbers as decimal strings). */
function permit(message: { owner: Address; spender: Address; value: bigint; deadline: bigint }, chainId = 31337) {
  return {
    types: { EIP712Domain: EIP712_DOMAIN, Permit: PERMIT_TYPES },
    primaryType: "Permit",
    domain: { name: "Mock USD Coin", version: "1", chainId, verifyingContract: token },
    message: {
      owner: message.owner,
      spender: message.spender,
      value: message.value.toString(),
      nonce: "0",
      deadline: message.deadline.toString(),
    },
  };
}

const dateOf = (seconds: bigint) => formatDateTime(new Date(Number(seconds) * 1000));

/** Logs a new email user into a mounted frame, saving the recovery file; returns the wallet's address. */
async function login(f: MountedFrame, email: string): Promise<Address> {
  await f.request("CONNECT_EMAIL", { email });
  const otpId = f.send("CONNECT_OTP", { otp: api.code(email) });
  URL.createObjectURL = () => "blob:test";
  (await f.waitForButton("Download recovery file")).click();
  f.button("I saved it").click();
  await f.answer(otpId);
  return ((await f.request("GET_USER")).payload as { address: Address }).address;
}

/** Approve only becomes active a second after the screen appears (anti-clickjacking). */
async function waitForEnabled(button: HTMLButtonElement) {
  await vi.waitFor(() => expect(button.disabled).toBe(false), { timeout: 5_000, interval: 10 });
}

describe("the approval screen's reading of a transaction", () => {
  it("decodes an ERC-20 approve with the token's decimals and symbol", async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [fund, parseUnits("1234.5", 6)] });
    const view = await describeTx(investor.address, token, data);
    expect(view.title).toBe("Approve transaction");
    expect(view.origin).toBe(APP_ORIGIN);
    expect(view.summary).toBe("Allow Investment fund to spend up to 1,234.5 mUSDC");
    expect(view.action).toBe("allow Investment fund to spend up to 1,234.5 mUSDC");
    // The decoded arguments and the raw calldata are folded under Details.
    expect(detail(view, "Calls approve")?.rows).toEqual([
      { label: "spender", value: `Investment fund (${fund})` },
      { label: "amount", value: "1,234.5 mUSDC" },
    ]);
    expect(detail(view, "Call data")?.rows).toEqual([{ label: "Data", value: data }]);
    expect(view.sections.map((s) => s.heading)).toEqual(["Balance changes", "Transaction"]);
    expect(section(view, "Transaction")?.rows).toEqual([
      { label: "To", value: `mUSDC (${token})` },
      { label: "Value sent", value: "0 ETH" },
      { label: "Network fee", value: expect.stringMatching(/^up to 0\.\d+ ETH$/) },
    ]);
    expect(section(view, "Balance changes")?.note).toBe("No token or ETH balance of yours changes (besides the fee).");

    const unlimited = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [fund, maxUint256] });
    const unlimitedView = await describeTx(investor.address, token, unlimited);
    expect(detail(unlimitedView, "Calls approve")?.rows[1]).toEqual({
      label: "amount",
      value: "an unlimited amount of mUSDC",
    });
    expect(unlimitedView.summary).toBe("Allow Investment fund to spend an unlimited amount of mUSDC");
  });

  it("decodes a fund call, counts its amount in the fund's token, and says why it would fail", async () => {
    const data = encodeFunctionData({
      abi: investmentFundAbi,
      functionName: "invest",
      args: [7n, parseUnits("250", 6)],
    });
    const view = await describeTx(investor.address, fund, data);
    expect(view.summary).toBe("Invest 250 mUSDC in vault 7");
    expect(detail(view, "Calls invest")?.rows).toEqual([
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
    api.setEthUsd(2_500);
    const address = await login(f, "dave@example.test");
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
    expect(f.root.querySelector("h1")?.textContent).toBe(
      `app.test:5173 asks you to send 25 mUSDC to ${shortAddress(receiver)}`,
    );
    const text = f.root.textContent ?? "";
    expect(text).toContain("Calls transfer");
    expect(text).toContain("25 mUSDC");
    expect(text).toContain("−25 mUSDC");
    // The fee in ETH, and in dollars at the API's ETH price (asked for this chain's native token).
    expect(text).toMatch(/Network feeup to 0\.\d+ ETH \((≈ \$\d+\.\d\d|< \$0\.01)\)/);
    expect(api.priceRequests.at(-1)).toEqual({
      currency: "usd",
      addresses: ["eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"],
    });
    expect(f.answerTo(id)).toBeUndefined();
    await waitForEnabled(approve);
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

describe("a permit on the approval screen", () => {
  // A year from now (a fixed date would expire, and the screen would then rightly warn about it).
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 365 * 24 * 3600);

  it("puts an EIP-2612 permit in one sentence: the spender's name, the amount in the token's units, the deadline", async () => {
    const view = await describeTyped(
      investor.address,
      permit({ owner: investor.address, spender: fund, value: parseUnits("100", 6), deadline }),
    );
    expect(view.title).toBe("Sign a spending permit for mUSDC");
    expect(view.action).toBe("let Investment fund spend your mUSDC");
    expect(view.summary).toBe(`Allow Investment fund to spend up to 100 mUSDC until ${dateOf(deadline)}.`);
    expect(view.warnings).toEqual([]);
    // The raw fields are still there, folded away under "Details", with the token and the fund named.
    expect(view.sections).toEqual([]);
    expect(view.details).toEqual([
      {
        heading: "Domain",
        rows: [
          { label: "name", value: "Mock USD Coin" },
          { label: "version", value: "1" },
          { label: "chainId", value: "31337" },
          { label: "verifyingContract", value: `mUSDC (${token})` },
        ],
      },
      {
        heading: "Permit",
        rows: [
          { label: "owner (address)", value: investor.address },
          { label: "spender (address)", value: `Investment fund (${fund})` },
          { label: "value (uint256)", value: "100000000" },
          { label: "nonce (uint256)", value: "0" },
          { label: "deadline (uint256)", value: `${deadline} (${dateOf(deadline)})` },
        ],
      },
    ]);
    expect(formatDateTime(new Date(1_795_726_523_000), { locale: "en-GB", timeZone: "UTC" })).toBe(
      "26 Nov 2026, 20:55 UTC",
    );
  });

  it("says Unlimited for max uint, shortens an unlisted spender, and warns about a past deadline or another owner", async () => {
    const unlimited = await describeTyped(
      investor.address,
      permit({ owner: investor.address, spender: fund, value: maxUint256, deadline }),
    );
    expect(unlimited.summary).toBe(
      `Allow Investment fund to spend any amount of your mUSDC until ${dateOf(deadline)}.`,
    );

    const stranger = await describeTyped(
      investor.address,
      permit({ owner: investor.address, spender: receiver, value: parseUnits("1.5", 6), deadline: maxUint256 }),
    );
    expect(stranger.summary).toBe("Allow 0x90F7…b906 to spend up to 1.5 mUSDC with no end date.");
    expect(stranger.action).toBe("let 0x90F7…b906 spend your mUSDC");

    const past = 1_700_000_000n;
    const expired = await describeTyped(
      investor.address,
      permit({ owner: admin.address, spender: fund, value: 1n, deadline: past }),
    );
    expect(expired.summary).toBe(`Allow Investment fund to spend up to 0.000001 mUSDC until ${dateOf(past)}.`);
    expect(expired.warnings).toEqual([
      `This permit is for the account ${admin.address}, not yours.`,
      `This permission expired on ${dateOf(past)}: the token will refuse it.`,
    ]);
  });

  it("does not read a token on another chain from this chain's node", async () => {
    const view = await describeTyped(
      investor.address,
      permit({ owner: investor.address, spender: fund, value: parseUnits("100", 6), deadline }, 1),
    );
    expect(view.warnings).toEqual(["This signature is for chain 1, not Anvil (chain 31337)."]);
    expect(view.summary).toBe(
      `Allow Investment fund to spend up to 100000000 (raw units of an unknown token) until ${dateOf(deadline)}.`,
    );
  });

  it("reads a DAI-style permit (holder, expiry, allowed)", async () => {
    const dai = (allowed: boolean, expiry: bigint) => ({
      types: {
        EIP712Domain: EIP712_DOMAIN,
        Permit: [
          { name: "holder", type: "address" },
          { name: "spender", type: "address" },
          { name: "nonce", type: "uint256" },
          { name: "expiry", type: "uint256" },
          { name: "allowed", type: "bool" },
        ],
      },
      primaryType: "Permit",
      domain: { name: "Mock USD Coin", version: "1", chainId: 31337, verifyingContract: token },
      message: { holder: investor.address, spender: fund, nonce: 0, expiry: Number(expiry), allowed },
    });
    // DAI's permit is all or nothing, and an expiry of 0 never ends.
    expect((await describeTyped(investor.address, dai(true, 0n))).summary).toBe(
      "Allow Investment fund to spend any amount of your mUSDC with no end date.",
    );
    expect((await describeTyped(investor.address, dai(true, deadline))).summary).toBe(
      `Allow Investment fund to spend any amount of your mUSDC until ${dateOf(deadline)}.`,
    );
    const revoke = await describeTyped(investor.address, dai(false, 0n));
    expect(revoke.summary).toBe("Remove Investment fund's permission to spend your mUSDC.");
    expect(revoke.warnings).toEqual([]);
  });

  it("shows the permit in words in the frame, signs exactly it on Approve, and the token accepts the signature", async () => {
    const f = mountFrame({
      config: { apiUrl: api.url, parentOrigins: [APP_ORIGIN], chains: [chain], knownContracts: knownContracts() },
    });
    mounted = f;
    const owner = await login(f, "erin@example.test");
    const block = await client.request({ method: "eth_getBlockByNumber", params: ["latest", false] });
    const until = BigInt(block?.timestamp ?? "0x0") + 3_600n;
    const typedData = permit({ owner, spender: fund, value: parseUnits("100", 6), deadline: until });
    const id = f.send("RPC_REQUEST", {
      method: "eth_signTypedData_v4",
      params: [owner, JSON.stringify(typedData)],
      chainId: 31337,
    });
    const approve = await f.waitForButton("Approve");
    expect(f.root.querySelector("h1")?.textContent).toBe(
      "app.test:5173 asks you to let Investment fund spend your mUSDC",
    );
    expect(f.root.querySelector(".summary")?.textContent).toBe(
      `Allow Investment fund to spend up to 100 mUSDC until ${dateOf(until)}.`,
    );
    const details = f.root.querySelector("details");
    expect(details?.hasAttribute("open")).toBe(false);
    expect(details?.querySelector("summary")?.textContent).toBe("Details");
    expect(details?.textContent).toContain("deadline (uint256)");
    expect(details?.textContent).toContain(`Investment fund (${fund})`);
    expect(approve.disabled).toBe(true);
    await waitForEnabled(approve);
    approve.click();
    const signature = (await f.answer(id)).payload as Hex;
    const message = { owner, spender: fund, value: parseUnits("100", 6), nonce: 0n, deadline: until };
    const domain = { name: "Mock USD Coin", version: "1", chainId: 31337, verifyingContract: token };
    const types = { Permit: PERMIT_TYPES };
    expect(await verifyTypedData({ address: owner, domain, types, primaryType: "Permit", message, signature })).toBe(
      true,
    );
    // Anyone may submit a permit: the token itself checks it was signed by the owner, for these values.
    const { v, r, s } = parseSignature(signature);
    const hash = await writeContract(client, {
      account: admin,
      chain: foundry,
      address: token,
      abi: mockUsdcAbi,
      functionName: "permit",
      args: [owner, fund, parseUnits("100", 6), until, Number(v), r, s],
    });
    expect((await waitForTransactionReceipt(client, { hash })).status).toBe("success");
    expect(
      await readContract(client, { address: token, abi: erc20Abi, functionName: "allowance", args: [owner, fund] }),
    ).toBe(parseUnits("100", 6));
  });
});

/** The ERC-4337 contracts deployed as scripts/deploy.mjs deploys them: EntryPoint v0.8, factory, the fund's paymaster. */
async function deploySmartAccounts() {
  const wallet = createWalletClient({ account: admin, chain: foundry, transport: http(rpcUrl) });
  return deployAccountAbstraction({
    publicClient: createPublicClient({ chain: foundry, transport: http(rpcUrl) }),
    walletClient: wallet,
    fund,
    owner: admin.address,
    paymasterDeposit: parseEther("10"),
    sponsorBudget: parseEther("0.01"),
    deployContract: async (artifact: { abi: unknown; bytecode: Hex }, args: readonly unknown[], label: string) => {
      const hash = await deployContract(client, {
        account: admin,
        chain: foundry,
        abi: artifact.abi as never,
        bytecode: artifact.bytecode,
        args: args as never,
      });
      const receipt = await waitForTransactionReceipt(client, { hash });
      if (!receipt.contractAddress) throw new Error(`${label} was not deployed`);
      return { address: receipt.contractAddress };
    },
    log: () => undefined,
  });
}

/**
 * The owner's one prompt for a smart-account operation, as the SDK's own smart account (`toFundSmartAccount`, a
 * SimpleAccount v0.8 through permissionless) asks it of the wallet: the eth_signTypedData_v4 params, caught.
 */
async function userOperationPrompt(options: {
  owner: Address;
  deployment: Deployment;
  calls: { to: Address; data: Hex }[];
  paymaster?: Address;
}): Promise<{ params: unknown[]; smartAccount: Address }> {
  let params: unknown[] | undefined;
  const owner = createWalletClient({
    account: options.owner,
    chain: foundry,
    transport: custom({
      async request({ method, params: p }) {
        if (method !== "eth_signTypedData_v4") throw new Error(`unexpected ${method}`);
        params = p as unknown[];
        return `0x${"11".repeat(65)}`;
      },
    }),
  });
  const account = await toFundSmartAccount({ deployment: options.deployment, publicClient: client as never, owner });
  const callData = await account.encodeCalls(options.calls.map((c) => ({ ...c, value: 0n })));
  const factoryArgs = await account.getFactoryArgs();
  await account.signUserOperation({
    sender: account.address,
    nonce: await account.getNonce(),
    ...(factoryArgs.factory ? { factory: factoryArgs.factory, factoryData: factoryArgs.factoryData } : {}),
    callData,
    callGasLimit: 300_000n,
    verificationGasLimit: 500_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    ...(options.paymaster
      ? {
          paymaster: options.paymaster,
          paymasterVerificationGasLimit: 100_000n,
          paymasterPostOpGasLimit: 50_000n,
          paymasterData: "0x",
        }
      : {}),
    signature: "0x",
  } as never);
  if (!params) throw new Error("the smart account did not ask the wallet to sign");
  return { params, smartAccount: account.address };
}

describe("a smart account's user operation on the approval screen", () => {
  it("decodes the SDK's invest operation into its calls, says the fund pays the gas, and folds the raw fields", async () => {
    const aa = await deploySmartAccounts();
    const deployment = {
      chainId: 31337,
      investmentFund: fund,
      investmentToken: token,
      deploymentBlock: 0n,
      ...aa,
    } as Deployment;
    const owner = devAccount(5).address;
    const amount = parseUnits("200", 6);
    const calls = [
      { to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [fund, amount] }) },
      {
        to: fund,
        data: encodeFunctionData({ abi: investmentFundAbi, functionName: "invest", args: [1n, amount] }),
      },
    ];
    const { params, smartAccount } = await userOperationPrompt({
      owner,
      deployment,
      calls,
      paymaster: aa.fundPaymaster,
    });
    // The smart account holds the tokens and is whitelisted: the simulation shows the investment leaving it.
    await writeContract(client, {
      account: admin,
      chain: foundry,
      address: token,
      abi: mockUsdcAbi,
      functionName: "mint",
      args: [smartAccount, amount],
    });
    const hash = await writeContract(client, {
      account: admin,
      chain: foundry,
      address: fund,
      abi: investmentFundAbi,
      functionName: "whitelistInvestor",
      args: [smartAccount],
    });
    await waitForTransactionReceipt(client, { hash });

    const view = await describeApproval({
      request: parseApprovalRequest("eth_signTypedData_v4", params, owner),
      origin: APP_ORIGIN,
      account: owner,
      chain,
      client,
      knownContracts: knownContracts(),
      tokens: createTokenReader(client),
    });
    expect(view.title).toBe("Sign a smart account operation");
    expect(view.summary).toBe(
      "Approve 200 mUSDC and invest 200 mUSDC in Crypto futures trading vault · gas paid by the fund",
    );
    expect(view.action).toBe(
      "approve 200 mUSDC and invest 200 mUSDC in Crypto futures trading vault from your smart account",
    );
    expect(view.warnings).toEqual([]);
    expect(view.sections).toEqual([
      { heading: "Balance changes of your smart account", rows: [{ label: "mUSDC", value: "−200 mUSDC" }] },
      {
        heading: "Operation",
        rows: [
          { label: "From", value: `Your smart account ${smartAccount}` },
          { label: "Call 1", value: "Approve 200 mUSDC" },
          { label: "Call 2", value: "Invest 200 mUSDC in Crypto futures trading vault" },
          { label: "Network fee", value: `Paid by the fund (its paymaster ${getAddress(aa.fundPaymaster)})` },
        ],
      },
    ]);
    // No hex on the face of it: every raw field is under Details.
    expect(JSON.stringify(view.sections)).not.toMatch(/0x[0-9a-fA-F]{41,}/);
    expect(view.details.map((d) => d.heading)).toEqual([
      `Call 1: approve on mUSDC (${token})`,
      `Call 2: invest on Investment fund (${fund})`,
      "User operation",
      "Domain",
      "PackedUserOperation",
    ]);
    expect(view.details[1]?.rows).toEqual([
      { label: "vaultId", value: "1" },
      { label: "amount", value: "200 mUSDC" },
    ]);
    const packed = view.details.find((d) => d.heading === "PackedUserOperation")?.rows.map((r) => r.label);
    expect(packed).toContain("paymasterAndData (bytes)");
    expect(packed).toContain("callData (bytes)");

    // The same when the frame's config lists the paymaster itself.
    const listed = await describeApproval({
      request: parseApprovalRequest("eth_signTypedData_v4", params, owner),
      origin: APP_ORIGIN,
      account: owner,
      chain,
      client,
      knownContracts: [
        ...knownContracts(),
        { address: aa.fundPaymaster, name: "Fund paymaster", abi: "fundPaymaster" },
      ],
      tokens: createTokenReader(client),
    });
    expect(listed.summary).toBe(view.summary);

    // A paymaster that is not the fund's is named, with a warning.
    const other = await userOperationPrompt({ owner, deployment, calls, paymaster: receiver });
    const foreign = await describeApproval({
      request: parseApprovalRequest("eth_signTypedData_v4", other.params, owner),
      origin: APP_ORIGIN,
      account: owner,
      chain,
      client,
      knownContracts: knownContracts(),
      tokens: createTokenReader(client),
    });
    expect(foreign.summary).toMatch(/ · gas paid by the paymaster 0x90F7…b906$/);
    expect(foreign.warnings).toEqual([`The gas is paid by a paymaster the wallet does not know (${receiver}).`]);

    // Without the paymaster the account pays: the most it can cost, in ETH and (when a price is known) dollars.
    const selfPaid = await userOperationPrompt({ owner, deployment, calls });
    const paying = await describeApproval({
      request: parseApprovalRequest("eth_signTypedData_v4", selfPaid.params, owner),
      origin: APP_ORIGIN,
      account: owner,
      chain,
      client,
      knownContracts: knownContracts(),
      tokens: createTokenReader(client),
      ethUsd: async () => 2_500,
    });
    // (300k + 500k + 60k) gas × 2 gwei = 0.00172 ETH, × $2,500 = $4.30.
    expect(paying.summary).toBe(
      "Approve 200 mUSDC and invest 200 mUSDC in Crypto futures trading vault · gas up to 0.00172 ETH (≈ $4.30) from your smart account",
    );

    // Someone else's smart account is flagged.
    const stranger = await describeApproval({
      request: parseApprovalRequest("eth_signTypedData_v4", [investor.address, params[1]], investor.address),
      origin: APP_ORIGIN,
      account: investor.address,
      chain,
      client,
      knownContracts: knownContracts(),
      tokens: createTokenReader(client),
    });
    expect(stranger.warnings).toEqual([
      `This operation is for the smart account ${smartAccount}, whose owner is ${owner}, not you.`,
    ]);
  });
});

describe("a transaction's plain words", () => {
  it("invests with a permit without showing the signature's v, r and s", async () => {
    const data = encodeFunctionData({
      abi: investmentFundAbi,
      functionName: "investWithPermit",
      args: [1n, parseUnits("100", 6), maxUint256, 27, `0x${"ab".repeat(32)}`, `0x${"cd".repeat(32)}`],
    });
    const view = await describeTx(investor.address, fund, data);
    expect(view.summary).toBe("Invest 100 mUSDC in Crypto futures trading vault with your signed permit");
    expect(detail(view, "Calls investWithPermit")?.rows.map((r) => r.label)).toEqual(["vaultId", "amount", "deadline"]);
  });

  it("shows the fee in dollars beside the ETH when the API has a price, and the ETH alone when it has none", async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [fund, 1n] });
    const describe = (ethUsd: () => Promise<number | undefined>) =>
      describeApproval({
        request: parseApprovalRequest(
          "eth_sendTransaction",
          [{ from: investor.address, to: token, data }],
          investor.address,
        ),
        origin: APP_ORIGIN,
        account: investor.address,
        chain,
        client,
        knownContracts: knownContracts(),
        tokens: createTokenReader(client),
        ethUsd,
      });
    const fee = (view: ApprovalView) =>
      section(view, "Transaction")?.rows.find((r) => r.label === "Network fee")?.value;
    expect(fee(await describe(async () => 3_000))).toMatch(/^up to [\d.]+ ETH \((≈ \$[\d,]+\.\d\d|< \$0\.01)\)$/);
    expect(fee(await describe(async () => undefined))).toMatch(/^up to [\d.]+ ETH$/);
    expect(fee(await describe(async () => Number.NaN))).toMatch(/^up to [\d.]+ ETH$/);
    expect(fee(await describe(() => Promise.reject(new Error("API down"))))).toMatch(/^up to [\d.]+ ETH$/);
  });
});
