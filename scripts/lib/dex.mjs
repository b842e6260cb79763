// @ts-check
/**
 * Uniswap V2 on the local chain: WETH9, UniswapV2Factory and UniswapV2Router02 deployed from the official npm build
 * artifacts (`@uniswap/v2-core`, `@uniswap/v2-periphery`) as they are, so Router02's `pairFor` init-code hash matches
 * the factory's pairs; and the pools the wallet swaps through, seeded with depth from the deployer:
 * WETH/mUSDC at 3,000 mUSDC per ETH and mWBTC/mUSDC at 60,000 mUSDC per mWBTC.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { erc20Abi, getAddress, maxUint256, parseAbi, parseEther, parseUnits } from "viem";
import { CONTRACTS_DIR } from "./paths.mjs";

const requireFromContracts = createRequire(join(CONTRACTS_DIR, "package.json"));

/** The WETH/mUSDC pool: 200 ETH against 600,000 mUSDC (3,000 mUSDC per ETH). */
export const WETH_POOL = Object.freeze({ eth: parseEther("200"), usdc: parseUnits("600000", 6) });
/** The mWBTC/mUSDC pool: 10 mWBTC against 600,000 mUSDC (60,000 mUSDC per mWBTC). */
export const WBTC_POOL = Object.freeze({ wbtc: parseUnits("10", 8), usdc: parseUnits("600000", 6) });
/** The mWBTC each of the dev accounts 1-5 receives. */
export const DEV_WBTC_AMOUNT = parseUnits("2", 8);

/** The faucet mint of the local mock tokens (MockUSDC, MockWBTC). */
const mintAbi = parseAbi(["function mint(address to, uint256 amount)"]);

/**
 * @typedef {object} Dex
 * @property {import("viem").Address} factory UniswapV2Factory
 * @property {import("viem").Address} router UniswapV2Router02
 * @property {import("viem").Address} weth WETH9
 */

/**
 * @typedef {object} DeploymentToken a token the wallet lists and swaps besides native ETH
 * @property {import("viem").Address} address
 * @property {string} symbol
 * @property {string} name
 * @property {number} decimals
 */

/**
 * An official Uniswap V2 build artifact (`abi` + creation `bytecode`).
 * @param {"UniswapV2Factory" | "UniswapV2Pair" | "UniswapV2Router02" | "WETH9"} name
 * @returns {import("./foundry.mjs").Artifact}
 */
export function loadUniswapArtifact(name) {
  const pkg = name === "UniswapV2Factory" || name === "UniswapV2Pair" ? "@uniswap/v2-core" : "@uniswap/v2-periphery";
  const dir = dirname(requireFromContracts.resolve(`${pkg}/package.json`));
  const json = JSON.parse(readFileSync(join(dir, "build", `${name}.json`), "utf8"));
  /** @type {string} */
  const bytecode = json.bytecode ?? json.evm?.bytecode?.object ?? "";
  if (!bytecode || bytecode === "0x") throw new Error(`${pkg} ${name} has no bytecode`);
  return {
    abi: json.abi,
    bytecode: /** @type {import("viem").Hex} */ (bytecode.startsWith("0x") ? bytecode : `0x${bytecode}`),
  };
}

/**
 * Deploys WETH9, the factory (fee setter: `feeToSetter`) and Router02.
 * @param {{
 *   feeToSetter: import("viem").Address,
 *   deployContract: (artifact: import("./foundry.mjs").Artifact, args: readonly unknown[], label: string) => Promise<{ address: import("viem").Address }>,
 * }} parameters
 * @returns {Promise<Dex>}
 */
export async function deployDex({ feeToSetter, deployContract }) {
  const weth = (await deployContract(loadUniswapArtifact("WETH9"), [], "WETH9")).address;
  const factory = (await deployContract(loadUniswapArtifact("UniswapV2Factory"), [feeToSetter], "UniswapV2Factory"))
    .address;
  const router = (await deployContract(loadUniswapArtifact("UniswapV2Router02"), [factory, weth], "Router02")).address;
  return { factory, router, weth };
}

/**
 * Seeds the local pools from the wallet client's account: mints the mock tokens to it, approves the router and
 * adds liquidity (WETH/mUSDC, mWBTC/mUSDC), then mints `DEV_WBTC_AMOUNT` mWBTC to each of `recipients`.
 * @param {{
 *   publicClient: import("viem").PublicClient,
 *   walletClient: import("viem").WalletClient,
 *   dex: Dex,
 *   usdc: import("viem").Address,
 *   wbtc: import("viem").Address,
 *   recipients: readonly import("viem").Address[],
 *   log?: (line: string) => void,
 * }} parameters
 */
export async function seedDexPools({ publicClient, walletClient, dex, usdc, wbtc, recipients, log = () => {} }) {
  const account = walletClient.account;
  if (!account) throw new Error("seedDexPools: the wallet client has no account");
  const routerAbi = loadUniswapArtifact("UniswapV2Router02").abi;
  /**
   * @param {import("viem").Address} address
   * @param {import("viem").Abi} abi
   * @param {string} functionName
   * @param {readonly unknown[]} args
   * @param {bigint} [value]
   */
  const send = async (address, abi, functionName, args, value) => {
    const hash = await walletClient.writeContract({
      account,
      chain: walletClient.chain,
      address,
      abi,
      functionName,
      args,
      ...(value === undefined ? {} : { value }),
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} on ${address} reverted (tx ${hash})`);
  };
  await send(usdc, mintAbi, "mint", [account.address, WETH_POOL.usdc + WBTC_POOL.usdc]);
  await send(wbtc, mintAbi, "mint", [account.address, WBTC_POOL.wbtc]);
  await send(usdc, erc20Abi, "approve", [dex.router, maxUint256]);
  await send(wbtc, erc20Abi, "approve", [dex.router, maxUint256]);
  const deadline = maxUint256;
  await send(
    dex.router,
    routerAbi,
    "addLiquidityETH",
    [usdc, WETH_POOL.usdc, 0n, 0n, account.address, deadline],
    WETH_POOL.eth,
  );
  await send(dex.router, routerAbi, "addLiquidity", [
    wbtc,
    usdc,
    WBTC_POOL.wbtc,
    WBTC_POOL.usdc,
    0n,
    0n,
    account.address,
    deadline,
  ]);
  log("  pools           WETH/mUSDC 200 ETH : 600,000 mUSDC, mWBTC/mUSDC 10 mWBTC : 600,000 mUSDC");
  for (const recipient of recipients) await send(wbtc, mintAbi, "mint", [recipient, DEV_WBTC_AMOUNT]);
}

/**
 * Reads an ERC-20's symbol, name and decimals into a deployment token entry.
 * @param {import("viem").PublicClient} publicClient
 * @param {import("viem").Address} address
 * @returns {Promise<DeploymentToken>}
 */
export async function readToken(publicClient, address) {
  const [symbol, name, decimals] = await Promise.all([
    publicClient.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
    publicClient.readContract({ address, abi: erc20Abi, functionName: "name" }),
    publicClient.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
  ]);
  return { address: getAddress(address), symbol, name, decimals: Number(decimals) };
}
