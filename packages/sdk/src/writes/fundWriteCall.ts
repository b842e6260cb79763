import type { ContractFunctionArgs, ContractFunctionName } from "viem";
import type { fundWithTokenErrorsAbi } from "../errors.js";

type FundAbi = typeof fundWithTokenErrorsAbi;
type WriteMutability = "nonpayable" | "payable";

/** A state-changing function of the fund, by its name in the generated ABI. */
export type FundWriteName = ContractFunctionName<FundAbi, WriteMutability>;

/** The arguments of the fund's function `functionName`, typed from the generated ABI. */
export type FundWriteArgs<functionName extends FundWriteName> = ContractFunctionArgs<
  FundAbi,
  WriteMutability,
  functionName
>;

/**
 * A call of the fund: one of its functions and that function's arguments, as a union over the ABI's functions keyed by
 * name. A literal `functionName` picks its member, so `args` is checked against that function's inputs (a renamed
 * function, a missing argument or one of the wrong type fails the build); the union, unlike a type parameter, stays
 * assignable to viem's own parameters inside.
 */
export type FundWriteCall<functionName extends FundWriteName = FundWriteName> = {
  [name in functionName]: { functionName: name; args: FundWriteArgs<name> };
}[functionName];
