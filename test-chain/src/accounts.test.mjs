// @ts-check
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { DEV_ACCOUNTS, DEV_MNEMONIC, devAccount, devAccountIndex } from "./accounts.mjs";
import { freePort, startAnvil } from "./anvil.mjs";
import { rpc } from "./vitest.mjs";

describe("dev accounts", () => {
  it("are anvil's: derived from its mnemonic, with their private keys", () => {
    expect(DEV_ACCOUNTS).toHaveLength(10);
    for (const account of DEV_ACCOUNTS) {
      const derived = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: account.index });
      expect(derived.address).toBe(account.address);
      expect(privateKeyToAccount(account.privateKey).address).toBe(derived.address);
    }
    expect(devAccountIndex(devAccount(7).address.toLowerCase())).toBe(7);
    expect(() => devAccount(10)).toThrow("no anvil dev account 10");
  });
});

describe("startAnvil", () => {
  it("starts a node that funds the dev accounts, and says clearly when its port is taken", async () => {
    const anvil = await startAnvil({ port: await freePort(), extraArgs: ["--silent"] });
    try {
      const accounts = /** @type {string[]} */ (await rpc(anvil.url, "eth_accounts"));
      expect(accounts.map((a) => a.toLowerCase())).toEqual(DEV_ACCOUNTS.map((a) => a.address.toLowerCase()));
      await expect(startAnvil({ port: anvil.port })).rejects.toThrow(/already in use/);
    } finally {
      await anvil.stop();
    }
    expect(anvil.child.exitCode !== null || anvil.child.signalCode !== null).toBe(true);
  });
});
