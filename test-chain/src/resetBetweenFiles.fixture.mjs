// @ts-check
/**
 * The body of the two `resetBetweenFiles.*.test.mjs` files: each expects the chain as the global setup left it, then
 * changes it (a transfer, a new block, time moved a year on, automine off). Whichever file runs second on a worker
 * fails if the first file's changes were not undone.
 */
import { expect, it } from "vitest";
import { DEV_ACCOUNTS } from "./accounts.mjs";
import { rpc, testChainForFile } from "./vitest.mjs";

const GENESIS_BALANCE = 10_000n * 10n ** 18n;

export function resetBetweenFilesSuite() {
  const { rpcUrl, chainId } = testChainForFile();
  /** @param {string} method @param {unknown[]} [params] */
  const call = (method, params = []) => rpc(rpcUrl, method, params);

  it("starts from the chain the global setup left", async () => {
    expect(Number(await call("eth_chainId"))).toBe(chainId);
    expect(Number(await call("eth_blockNumber"))).toBe(0);
    const [from, to] = [DEV_ACCOUNTS[1], DEV_ACCOUNTS[2]];
    expect(BigInt(/** @type {string} */ (await call("eth_getBalance", [from?.address, "latest"])))).toBe(
      GENESIS_BALANCE,
    );
    expect(BigInt(/** @type {string} */ (await call("eth_getBalance", [to?.address, "latest"])))).toBe(GENESIS_BALANCE);
    const block = /** @type {{ timestamp: string }} */ (await call("eth_getBlockByNumber", ["latest", false]));
    expect(Number(block.timestamp)).toBeLessThan(Date.now() / 1000 + 24 * 3600);
  });

  it("changes it: a transfer, a year later, automine off", async () => {
    const [from, to] = [DEV_ACCOUNTS[1], DEV_ACCOUNTS[2]];
    await call("evm_increaseTime", [365 * 24 * 3600]);
    const hash = await call("eth_sendTransaction", [
      { from: from?.address, to: to?.address, value: "0xde0b6b3a7640000" },
    ]);
    // anvil answers eth_sendTransaction before its automine has mined the block
    await expect.poll(() => call("eth_getTransactionReceipt", [hash])).toBeTruthy();
    expect(Number(await call("eth_blockNumber"))).toBe(1);
    await call("evm_setAutomine", [false]);
    await call("eth_sendTransaction", [{ from: from?.address, to: to?.address, value: "0x1" }]);
    expect(Number(await call("eth_blockNumber"))).toBe(1);
  });
}
