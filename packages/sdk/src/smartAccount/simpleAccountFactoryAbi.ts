/**
 * The part of eth-infinitism's SimpleAccountFactory v0.8 (npm `@account-abstraction/contracts`) the SDK calls. The
 * factory is deployed from the package's artifact (scripts/deploy.mjs), not compiled here, so its ABI is not among
 * the generated ones.
 */
export const simpleAccountFactoryAbi = [
  {
    type: "function",
    name: "getAddress",
    stateMutability: "view",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "", type: "address" }],
  },
  {
    type: "function",
    name: "createAccount",
    stateMutability: "nonpayable",
    inputs: [
      { name: "owner", type: "address" },
      { name: "salt", type: "uint256" },
    ],
    outputs: [{ name: "ret", type: "address" }],
  },
] as const;
