// @vitest-environment happy-dom
import { UserRejectedRequestError } from "viem";
import { foundry, type mainnet } from "viem/chains";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect, getConnection, reconnect, sendTransaction, switchChain } from "wagmi/actions";
import { createWalletConfig } from "../connectors/createWalletConfig.js";
import { installTestWallet, type TestWalletControl } from "./installTestWallet.js";
import { type Anvil, startAnvil } from "./startAnvil.js";

let anvil: Anvil;
let wallet: TestWalletControl;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.stop();
});
beforeEach(() => {
  localStorage.clear();
});

function config(chains: readonly [typeof foundry, ...(typeof mainnet)[]] | readonly [typeof foundry] = [foundry]) {
  return createWalletConfig({ chains, rpcUrls: { 31337: anvil.rpcUrl }, devAccounts: false });
}

describe("installTestWallet", () => {
  it("is discovered through EIP-6963 by the wallet config", () => {
    wallet = installTestWallet({ rpcUrl: anvil.rpcUrl });
    const c = config();
    const connector = c.connectors.find((x) => x.id === "org.fundament.testwallet");
    expect(connector?.name).toBe("Test Wallet");
    expect(window.__fundamentTestWallet).toBe(wallet);
  });

  it("connects, sends through anvil, rejects the next prompt with 4001, and reconnects after a reload", async () => {
    wallet = installTestWallet({
      rpcUrl: anvil.rpcUrl,
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
      rpcUrl: anvil.rpcUrl,
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
