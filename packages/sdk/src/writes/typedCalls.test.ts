import { type Address, type Client, erc20Abi } from "viem";
import { describe, expect, expectTypeOf, it } from "vitest";
import { countingPublicClient, deployment } from "../../test/chain.js";
import { publicClient } from "../../test/fund.js";
import { fundContract } from "../reads/fundContract.js";
import type { VaultInfo } from "../reads/fundState.js";
import { smartAccountCall } from "../smartAccount/sendSmartAccountCalls.js";
import { readContracts } from "../utils/readContracts.js";
import { type FundWriteArgs, sendFundTransaction } from "./sendFundTransaction.js";
import type { WriteContext } from "./types.js";

// Contract calls are typed from the generated ABI (`src/abi`, `as const`): a renamed or re-typed contract function
// fails the build wherever it is called. The `@ts-expect-error` lines below are the proof, checked by the package's
// typecheck (`tsc --noEmit -p packages/sdk`): were any of them to compile, its directive would be unused, and that is
// an error. They sit in a function that is never run, so nothing is sent.
function mistakes(context: WriteContext, client: Client, to: Address) {
  const fund = fundContract(deployment);
  return [
    // @ts-expect-error the fund has no such function (as after a rename in the contract)
    sendFundTransaction({ ...context, functionName: "investInVault", args: [1n, 1n], successMessage: "" }),
    // @ts-expect-error the amount must be a bigint (token units), not a string
    sendFundTransaction({ ...context, functionName: "invest", args: [1n, "100"], successMessage: "" }),
    // @ts-expect-error invest takes the vault and the amount: one argument is missing
    sendFundTransaction({ ...context, functionName: "invest", args: [1n], successMessage: "" }),
    // @ts-expect-error a view function is read, not sent
    sendFundTransaction({ ...context, functionName: "getVault", args: [1n], successMessage: "" }),
    // @ts-expect-error approve takes the spender and the amount
    smartAccountCall({ to, abi: erc20Abi, functionName: "approve", args: [to] }),
    // @ts-expect-error the fund has no such function
    smartAccountCall({ to, abi: fund.abi, functionName: "investInVault", args: [1n, 1n] }),
    // @ts-expect-error the fund has no such view
    readContracts(client, [{ ...fund, functionName: "getVaultInfo", args: [1n] }]),
    // @ts-expect-error getVault takes a vault id (bigint), not a number
    readContracts(client, [{ ...fund, functionName: "getVault", args: [1] }]),
  ];
}

describe("typed contract calls", () => {
  it("types a write's arguments from the ABI", () => {
    expectTypeOf<FundWriteArgs<"invest">>().toEqualTypeOf<readonly [vaultId: bigint, amount: bigint]>();
    expectTypeOf<FundWriteArgs<"setRollOver">>().toEqualTypeOf<readonly [vaultId: bigint, enabled: boolean]>();
    expectTypeOf(mistakes).toBeFunction();
  });

  it("types each read's result from the ABI and reads them in one multicall", async () => {
    const { client, requests } = countingPublicClient();
    const fund = fundContract(deployment);
    const token = { address: deployment.investmentToken as Address, abi: erc20Abi } as const;
    const [[decimals, vaultCount], vaults] = await Promise.all([
      readContracts(client, [
        { ...token, functionName: "decimals" },
        { ...fund, functionName: "vaultCount" },
      ]),
      readContracts(
        client,
        [1n, 2n].map((id) => ({ ...fund, functionName: "getVault", args: [id] }) as const),
      ),
    ]);
    expectTypeOf(decimals).toEqualTypeOf<number>();
    expectTypeOf(vaultCount).toEqualTypeOf<bigint>();
    expectTypeOf(vaults).toEqualTypeOf<VaultInfo[]>();
    expect(decimals).toBe(6);
    expect(vaultCount).toBe(2n);
    expect(vaults.map((vault) => vault.name)).toEqual([
      await publicClient.readContract({ ...fund, functionName: "getVault", args: [1n] }).then((v) => v.name),
      await publicClient.readContract({ ...fund, functionName: "getVault", args: [2n] }).then((v) => v.name),
    ]);
    // Two reads started together on a batching client: one JSON-RPC request.
    expect(requests()).toBe(1);
  });
});
