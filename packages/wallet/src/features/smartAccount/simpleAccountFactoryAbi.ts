/** The read of eth-infinitism's SimpleAccountFactory v0.8 that gives an owner's account address before deployment. */
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
] as const;
