import { DEV_MNEMONIC } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { foundry, mainnet } from "viem/chains";
import { describe, expect, it } from "vitest";
import {
  connect,
  disconnect,
  getConnection,
  reconnect,
  sendTransaction,
  signMessage,
  signTypedData,
} from "wagmi/actions";
import { createDevAccountsProvider, DEV_ACCOUNT_ADDRESSES, getDevAccount } from "./createDevAccountsProvider.js";
import { createWalletConfig } from "./createWalletConfig.js";

const { rpcUrl } = testChainForFile();

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("dev accounts", () => {
  it("the ten address constants are those derived from the anvil mnemonic", () => {
    expect(DEV_ACCOUNT_ADDRESSES).toHaveLength(10);
    DEV_ACCOUNT_ADDRESSES.forEach((address, i) => {
      expect(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i }).address).toBe(address);
    });
    expect(getDevAccount(4)).toBe(getDevAccount(4));
    expect(() => getDevAccount(10)).toThrow();
  });

  it("refuses any chain but 31337", () => {
    expect(() => createDevAccountsProvider({ chain: mainnet })).toThrow(/31337/);
  });

  it("is only configured when the local chain is", () => {
    const local = createWalletConfig({ chains: [foundry], storage: memoryStorage() });
    expect(local.connectors.map((c) => c.id)).toContain("devAccounts");
    const remote = createWalletConfig({ chains: [mainnet], storage: memoryStorage() });
    expect(remote.connectors.map((c) => c.id)).not.toContain("devAccounts");
    expect(remote.connectors.map((c) => c.id)).toContain("injected");
  });

  it("connects through wagmi, signs locally and sends through the RPC", async () => {
    const storage = memoryStorage();
    const config = createWalletConfig({ chains: [foundry], rpcUrls: { 31337: rpcUrl }, storage });
    const connector = config.connectors.find((c) => c.id === "devAccounts");
    if (!connector) throw new Error("no dev connector");
    const result = await connect(config, { connector });
    expect(result.chainId).toBe(31337);
    const address = result.accounts[0];
    expect(address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");

    const signature = await signMessage(config, { message: "hello fundament" });
    expect(await verifyMessage({ address, message: "hello fundament", signature })).toBe(true);

    const typed = {
      domain: { name: "Fundament", chainId: 31337 },
      types: { Mail: [{ name: "contents", type: "string" }] },
      primaryType: "Mail",
      message: { contents: "hi" },
    } as const;
    const typedSignature = await signTypedData(config, typed);
    expect(await verifyTypedData({ address, signature: typedSignature, ...typed })).toBe(true);

    const to = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
    const before = await client.getBalance({ address: to });
    const hash = await sendTransaction(config, { to, value: parseEther("1.5") });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
    expect((await client.getBalance({ address: to })) - before).toBe(parseEther("1.5"));

    // A reload: a new config on the same storage reconnects to the same account.
    const reloaded = createWalletConfig({ chains: [foundry], rpcUrls: { 31337: rpcUrl }, storage });
    await reconnect(reloaded);
    expect(getConnection(reloaded).status).toBe("connected");
    expect(getConnection(reloaded).address).toBe(address);

    await disconnect(reloaded);
    const again = createWalletConfig({ chains: [foundry], rpcUrls: { 31337: rpcUrl }, storage });
    await reconnect(again);
    expect(getConnection(again).status).toBe("disconnected");
  });

  it("switches between the ten accounts", async () => {
    const provider = createDevAccountsProvider({ chain: foundry, rpcUrl });
    const changes: unknown[] = [];
    provider.on("accountsChanged", (a) => changes.push(a));
    provider.setAccountIndex(3);
    expect(await provider.request({ method: "eth_accounts" })).toEqual([DEV_ACCOUNT_ADDRESSES[3]]);
    expect(changes).toEqual([[DEV_ACCOUNT_ADDRESSES[3]]]);
    expect(() => provider.setAccountIndex(10)).toThrow();
    await expect(
      provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] }),
    ).rejects.toThrow();
  });
});
