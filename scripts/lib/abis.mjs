// @ts-check
/**
 * Types of the contracts' ABIs for the scripts, which read the ABIs from the forge artifacts at run time: the SDK's
 * generated files (`packages/sdk/src/abi`, `as const`; `npm run lint` checks they match the artifacts). A script casts
 * an artifact's ABI to its type once, and every call through it is then checked: a renamed or re-typed contract
 * function fails `tsc -p tsconfig.json` at the repository root.
 *
 * @typedef {typeof import("../../packages/sdk/src/abi/InvestmentFund.js").investmentFundAbi} InvestmentFundAbi
 * @typedef {typeof import("../../packages/sdk/src/abi/FundGovernor.js").fundGovernorAbi} FundGovernorAbi
 * @typedef {typeof import("../../packages/sdk/src/abi/FundTimelock.js").fundTimelockAbi} FundTimelockAbi
 * @typedef {typeof import("../../packages/sdk/src/abi/MockUSDC.js").mockUsdcAbi} MockUsdcAbi
 * @typedef {typeof import("../../packages/sdk/src/abi/FundPaymaster.js").fundPaymasterAbi} FundPaymasterAbi
 */

/**
 * A state-changing call of `abi`: one of its functions and that function's arguments, as a union keyed by name, so
 * that a literal `functionName` has its `args` checked against that function's inputs.
 * @template {import("viem").Abi} abi
 * @typedef {{
 *   [name in import("viem").ContractFunctionName<abi, "nonpayable" | "payable">]: {
 *     functionName: name,
 *     args: import("viem").ContractFunctionArgs<abi, "nonpayable" | "payable", name>,
 *   }
 * }[import("viem").ContractFunctionName<abi, "nonpayable" | "payable">]} WriteCall
 */

export {};
