import { deployDex, seedDexPools } from "@fundament/scripts/lib/dex";
import { devLocalAccount } from "@fundament/test-chain";
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  parseUnits,
} from "viem";
import { foundry } from "viem/chains";
import type { SwapTestToken } from "./startSwapTestServer.js";

/**
 * A minimal ERC-20 with an open `mint` and the decimals it is given, for the swap tests (compiled with solc 0.8.37,
 * optimizer 200 runs, evm paris). Source:
 *
 * // SPDX-License-Identifier: MIT
 * pragma solidity ^0.8.20;
 * contract SwapTestToken {
 *     string public name; string public symbol; uint8 public decimals; uint256 public totalSupply;
 *     mapping(address => uint256) public balanceOf;
 *     mapping(address => mapping(address => uint256)) public allowance;
 *     event Transfer(address indexed from, address indexed to, uint256 value);
 *     event Approval(address indexed owner, address indexed spender, uint256 value);
 *     constructor(string memory n, string memory s, uint8 d) { name = n; symbol = s; decimals = d; }
 *     function mint(address to, uint256 value) external { totalSupply += value; balanceOf[to] += value; emit Transfer(address(0), to, value); }
 *     function approve(address spender, uint256 value) external returns (bool) { allowance[msg.sender][spender] = value; emit Approval(msg.sender, spender, value); return true; }
 *     function transfer(address to, uint256 value) external returns (bool) { _move(msg.sender, to, value); return true; }
 *     function transferFrom(address from, address to, uint256 value) external returns (bool) {
 *         uint256 allowed = allowance[from][msg.sender];
 *         require(allowed >= value, "ERC20: insufficient allowance");
 *         if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
 *         _move(from, to, value);
 *         return true;
 *     }
 *     function _move(address from, address to, uint256 value) private {
 *         require(balanceOf[from] >= value, "ERC20: transfer amount exceeds balance");
 *         balanceOf[from] -= value; balanceOf[to] += value; emit Transfer(from, to, value);
 *     }
 * }
 */
export const swapTestTokenAbi = parseAbi([
  "constructor(string n, string s, uint8 d)",
  "function name() view returns (string)",
  "function symbol() view returns (string)",
  "function decimals() view returns (uint8)",
  "function totalSupply() view returns (uint256)",
  "function balanceOf(address) view returns (uint256)",
  "function allowance(address, address) view returns (uint256)",
  "function mint(address to, uint256 value)",
  "function approve(address spender, uint256 value) returns (bool)",
  "function transfer(address to, uint256 value) returns (bool)",
  "function transferFrom(address from, address to, uint256 value) returns (bool)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Approval(address indexed owner, address indexed spender, uint256 value)",
]);

/** Creation bytecode of `SwapTestToken`. */
export const swapTestTokenBytecode: Hex =
  "0x608060405234801561001057600080fd5b50604051610a15380380610a1583398101604081905261002f9161011e565b600061003b8482610237565b5060016100488382610237565b506002805460ff191660ff92909216919091179055506102f99050565b634e487b7160e01b600052604160045260246000fd5b600082601f83011261008c57600080fd5b81516001600160401b038111156100a5576100a5610065565b604051601f8201601f19908116603f011681016001600160401b03811182821017156100d3576100d3610065565b6040528181528382016020018510156100eb57600080fd5b60005b8281101561010a576020818601810151838301820152016100ee565b506000918101602001919091529392505050565b60008060006060848603121561013357600080fd5b83516001600160401b0381111561014957600080fd5b6101558682870161007b565b602086015190945090506001600160401b0381111561017357600080fd5b61017f8682870161007b565b925050604084015160ff8116811461019657600080fd5b809150509250925092565b600181811c908216806101b557607f821691505b6020821081036101d557634e487b7160e01b600052602260045260246000fd5b50919050565b601f821115610232578282111561023257806000526020600020601f840160051c6020851015610209575060005b90810190601f840160051c0360005b8181101561022e57600083820155600101610218565b5050505b505050565b81516001600160401b0381111561025057610250610065565b6102648161025e84546101a1565b846101db565b6020601f82116001811461029857600083156102805750848201515b600019600385901b1c1916600184901b1784556102f2565b600084815260208120601f198516915b828110156102c857878501518255602094850194600190920191016102a8565b50848210156102e65786840151600019600387901b60f8161c191681555b505060018360011b0184555b5050505050565b61070d806103086000396000f3fe608060405234801561001057600080fd5b506004361061009e5760003560e01c806340c10f191161006657806340c10f191461012d57806370a082311461014257806395d89b4114610162578063a9059cbb1461016a578063dd62ed3e1461017d57600080fd5b806306fdde03146100a3578063095ea7b3146100c157806318160ddd146100e457806323b872dd146100fb578063313ce5671461010e575b600080fd5b6100ab6101a8565b6040516100b8919061053b565b60405180910390f35b6100d46100cf3660046105a5565b610236565b60405190151581526020016100b8565b6100ed60035481565b6040519081526020016100b8565b6100d46101093660046105cf565b6102a3565b60025461011b9060ff1681565b60405160ff90911681526020016100b8565b61014061013b3660046105a5565b61036a565b005b6100ed61015036600461060c565b60046020526000908152604090205481565b6100ab6103f3565b6100d46101783660046105a5565b610400565b6100ed61018b36600461062e565b600560209081526000928352604080842090915290825290205481565b600080546101b590610661565b80601f01602080910402602001604051908101604052809291908181526020018280546101e190610661565b801561022e5780601f106102035761010080835404028352916020019161022e565b820191906000526020600020905b81548152906001019060200180831161021157829003601f168201915b505050505081565b3360008181526005602090815260408083206001600160a01b038716808552925280832085905551919290917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925906102919086815260200190565b60405180910390a35060015b92915050565b6001600160a01b03831660009081526005602090815260408083203384529091528120548281101561031c5760405162461bcd60e51b815260206004820152601d60248201527f45524332303a20696e73756666696369656e7420616c6c6f77616e636500000060448201526064015b60405180910390fd5b60001981146103545761032f83826106b1565b6001600160a01b03861660009081526005602090815260408083203384529091529020555b61035f858585610416565b506001949350505050565b806003600082825461037c91906106c4565b90915550506001600160a01b038216600090815260046020526040812080548392906103a99084906106c4565b90915550506040518181526001600160a01b038316906000907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef9060200160405180910390a35050565b600180546101b590610661565b600061040d338484610416565b50600192915050565b6001600160a01b03831660009081526004602052604090205481111561048d5760405162461bcd60e51b815260206004820152602660248201527f45524332303a207472616e7366657220616d6f756e7420657863656564732062604482015265616c616e636560d01b6064820152608401610313565b6001600160a01b038316600090815260046020526040812080548392906104b59084906106b1565b90915550506001600160a01b038216600090815260046020526040812080548392906104e29084906106c4565b92505081905550816001600160a01b0316836001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef8360405161052e91815260200190565b60405180910390a3505050565b602081526000825180602084015260005b81811015610569576020818601810151604086840101520161054c565b506000604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b03811681146105a057600080fd5b919050565b600080604083850312156105b857600080fd5b6105c183610589565b946020939093013593505050565b6000806000606084860312156105e457600080fd5b6105ed84610589565b92506105fb60208501610589565b929592945050506040919091013590565b60006020828403121561061e57600080fd5b61062782610589565b9392505050565b6000806040838503121561064157600080fd5b61064a83610589565b915061065860208401610589565b90509250929050565b600181811c9082168061067557607f821691505b60208210810361069557634e487b7160e01b600052602260045260246000fd5b50919050565b634e487b7160e01b600052601160045260246000fd5b8181038181111561029d5761029d61069b565b8082018082111561029d5761029d61069b56fea26469706673582212200d872e73804b904ee04d7a8ea467e0448034dee91690e2d1797098c1bcadc4d964736f6c63430008250033";

/** A local Uniswap V2 with its tokens, as scripts/deploy.mjs records it (`dex`, `tokens`: mUSDC first). */
export type SwapTestDex = {
  chainId: number;
  client: PublicClient;
  dex: { factory: Address; router: Address; weth: Address };
  tokens: [SwapTestToken, SwapTestToken];
  /** Mints `amount` (whole tokens, as text) of a token to `to`. */
  mint(token: Address, to: Address, amount: string): Promise<void>;
};

/**
 * Deploys Uniswap V2 (WETH9, factory, Router02 from the npm build artifacts, through scripts/lib/dex.mjs) and two
 * test tokens, mUSDC (6 decimals) and mWBTC (8), on anvil from dev account 0, then seeds the pools as the local
 * deployment does: WETH/mUSDC at 3,000 mUSDC per ETH (200 ETH deep), mWBTC/mUSDC at 60,000 mUSDC per mWBTC.
 * No forge build needed.
 */
export async function deploySwapTestDex(rpcUrl: string): Promise<SwapTestDex> {
  const account = devLocalAccount(0);
  const walletClient = createWalletClient({ account, chain: foundry, transport: http(rpcUrl) });
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const deployContract = async (artifact: { abi: Abi; bytecode: Hex }, args: readonly unknown[], label: string) => {
    const hash = await walletClient.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success" || !receipt.contractAddress) throw new Error(`${label} deployment reverted`);
    return { address: getAddress(receipt.contractAddress) };
  };
  const token = { abi: swapTestTokenAbi, bytecode: swapTestTokenBytecode };
  const dex = await deployDex({ feeToSetter: account.address, deployContract });
  const usdc = (await deployContract(token, ["Mock USD Coin", "mUSDC", 6], "mUSDC")).address;
  const wbtc = (await deployContract(token, ["Mock Wrapped Bitcoin", "mWBTC", 8], "mWBTC")).address;
  await seedDexPools({ publicClient: client, walletClient, dex, usdc, wbtc, recipients: [] });
  const tokens: [SwapTestToken, SwapTestToken] = [
    { address: usdc, symbol: "mUSDC", name: "Mock USD Coin", decimals: 6 },
    { address: wbtc, symbol: "mWBTC", name: "Mock Wrapped Bitcoin", decimals: 8 },
  ];
  return {
    chainId: foundry.id,
    client,
    dex,
    tokens,
    async mint(address, to, amount) {
      const decimals = tokens.find((t) => t.address === address)?.decimals ?? 18;
      const hash = await walletClient.writeContract({
        address,
        abi: swapTestTokenAbi,
        functionName: "mint",
        args: [to, parseUnits(amount, decimals)],
      });
      await client.waitForTransactionReceipt({ hash });
    },
  };
}
