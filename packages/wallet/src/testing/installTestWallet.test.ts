// @vitest-environment happy-dom

import { testChainForFile } from "@fundament/test-chain/vitest";
import { encodeFunctionData, UserRejectedRequestError } from "viem";
import { foundry, type mainnet } from "viem/chains";
import { beforeEach, describe, expect, it } from "vitest";
import {
  connect,
  deployContract,
  getCapabilities,
  getConnection,
  reconnect,
  sendCalls,
  sendTransaction,
  signTypedData,
  switchChain,
  waitForCallsStatus,
  waitForTransactionReceipt,
} from "wagmi/actions";
import { createWalletConfig } from "../connectors/createWalletConfig.js";
import { installTestWallet, type TestWalletControl } from "./installTestWallet.js";
import { testTokenAbi, testTokenBytecode } from "./testToken.js";

const { rpcUrl } = testChainForFile();
let wallet: TestWalletControl;
beforeEach(() => {
  localStorage.clear();
});

function config(chains: readonly [typeof foundry, ...(typeof mainnet)[]] | readonly [typeof foundry] = [foundry]) {
  return createWalletConfig({ chains, rpcUrls: { 31337: rpcUrl }, devAccounts: false });
}

describe("installTestWallet", () => {
  it("is discovered through EIP-6963 by the wallet config", () => {
    wallet = installTestWallet({ rpcUrl });
    const c = config();
    const connector = c.connectors.find((x) => x.id === "org.fundament.testwallet");
    expect(connector?.name).toBe("Test Wallet");
    expect(window.__fundamentTestWallet).toBe(wallet);
  });

  it("connects, sends through anvil, rejects the next prompt with 4001, and reconnects after a reload", async () => {
    wallet = installTestWallet({
      rpcUrl,
      rdns: "org.test.two",
      uuid: "00000000-0000-4000-8000-000000000002",
    });
    const c = config();
    const connector = c.connectors.find((x) => x.id === "org.test.two");
    if (!connector) throw new Error("not discovered");

    wallet.rejectNext();
    await expect(connect(c, { connector })).rejects.toBeInstanceOf(UserRejectedRequestError);

    const { accounts } = await connect(c, { connector });
    expect(accounts[0]).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    const hash = await sendTransaction(c, { to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", value: 1n });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(wallet.requests).toContain("eth_sendTransaction");

    const reloaded = config();
    await reconnect(reloaded);
    expect(getConnection(reloaded).status).toBe("connected");
    expect(getConnection(reloaded).address).toBe(accounts[0]);
  });

  it("reports a wrong network and switches when asked", async () => {
    wallet = installTestWallet({
      rpcUrl,
      chainId: 1,
      rdns: "org.test.three",
      uuid: "00000000-0000-4000-8000-000000000003",
    });
    const c = config();
    const connector = c.connectors.find((x) => x.id === "org.test.three");
    if (!connector) throw new Error("not discovered");
    const { chainId } = await connect(c, { connector });
    expect(chainId).toBe(1);
    await switchChain(c, { chainId: 31337 });
    expect(getConnection(c).chainId).toBe(31337);
  });
});

describe("installTestWallet: EIP-5792 batching and typed data, per wallet", () => {
  const recipient = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

  async function connected(options: { batching?: boolean; typedData?: boolean }, n: number) {
    const rdns = `org.test.batch${n}`;
    const control = installTestWallet({
      rpcUrl,
      rdns,
      uuid: `00000000-0000-4000-8000-00000000010${n}`,
      ...options,
    });
    const c = config();
    const connector = c.connectors.find((x) => x.id === rdns);
    if (!connector) throw new Error("not discovered");
    await connect(c, { connector });
    const hash = await deployContract(c, {
      abi: testTokenAbi,
      bytecode: testTokenBytecode,
      args: ["Test", "TST", 6, 1_000_000n],
    });
    const { contractAddress } = await waitForTransactionReceipt(c, { hash });
    if (!contractAddress) throw new Error("no token");
    const transfer = (value: bigint) => ({
      to: contractAddress,
      data: encodeFunctionData({ abi: testTokenAbi, functionName: "transfer", args: [recipient, value] }),
    });
    return { control, c, transfer, token: contractAddress };
  }

  it("reports atomic support, runs the calls in order and reports 200 with a receipt per call", async () => {
    const { control, c, transfer } = await connected({ batching: true }, 1);
    expect(await getCapabilities(c, { chainId: 31337 })).toEqual({ atomic: { status: "supported" } });
    const { id } = await sendCalls(c, { calls: [transfer(1n), transfer(2n)] });
    const status = await waitForCallsStatus(c, { id });
    expect(status).toMatchObject({ status: "success", statusCode: 200, atomic: false });
    expect(status.receipts?.map((r) => r.status)).toEqual(["success", "success"]);
    expect(control.requests).toContain("wallet_sendCalls");
    expect(control.transactions.filter((t) => t.batchId === id).map((t) => t.data.slice(0, 10))).toEqual([
      "0xa9059cbb",
      "0xa9059cbb",
    ]);
  });

  it("stops at the first call that reverts: 600 when a call before it was mined, 500 when none was", async () => {
    const { control, c, transfer } = await connected({ batching: true }, 2);
    // The token transfer goes out with too little gas: mined and reverted; the call after it is never sent.
    control.starveGasNext("0xa9059cbb");
    const { id } = await sendCalls(c, { calls: [{ to: recipient, value: 1n }, transfer(2n), transfer(3n)] });
    const partial = await waitForCallsStatus(c, { id });
    expect(partial).toMatchObject({ status: "failure", statusCode: 600 });
    expect(partial.receipts?.map((r) => r.status)).toEqual(["success", "reverted"]);
    expect(control.transactions.filter((t) => t.batchId === id)).toHaveLength(2);

    control.starveGasNext("0xa9059cbb");
    const { id: none } = await sendCalls(c, { calls: [transfer(4n), transfer(5n)] });
    const failed = await waitForCallsStatus(c, { id: none });
    expect(failed).toMatchObject({ status: "failure", statusCode: 500 });
    expect(failed.receipts?.map((r) => r.status)).toEqual(["reverted"]);
    expect(control.transactions.filter((t) => t.batchId === none)).toHaveLength(1);
  });

  it("without batching answers 4200 to EIP-5792; without typed data refuses eth_signTypedData_v4 with 4200", async () => {
    const { control, c } = await connected({ typedData: false }, 3);
    await expect(getCapabilities(c, { chainId: 31337 })).rejects.toMatchObject({ code: 4200 });
    const typed = {
      types: { Mail: [{ name: "body", type: "string" }] },
      primaryType: "Mail",
      message: { body: "hi" },
      domain: { name: "Test", version: "1", chainId: 31337 },
    } as const;
    await expect(signTypedData(c, typed)).rejects.toMatchObject({ code: 4200 });
    control.setTypedData(true);
    expect(await signTypedData(c, typed)).toMatch(/^0x[0-9a-f]{130}$/);
    control.setBatching(true);
    expect(await getCapabilities(c, { chainId: 31337 })).toEqual({ atomic: { status: "supported" } });
  });
});
