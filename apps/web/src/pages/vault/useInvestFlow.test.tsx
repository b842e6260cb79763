import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { createTestVault, positionOf, usdc } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { testWalletConnector } from "../../../test/testWallet";
import { RefreshGate, RefreshGateRead } from "../../shared/hooks/refreshGate.testing";
import type { ChooseInvestPathInput } from "./investPath.helpers";
import { type InvestFlowState, useInvestFlow } from "./useInvestFlow";

// The hook against the test anvil with the wallet package's test wallet (no batching, no typed data: the two steps),
// its state and every phase it went through shown as text.
const INVESTOR = 2;
const INVEST = toFunctionSelector("invest(uint256,uint256)");
const APPROVE = "0x095ea7b3";
const TWO_STEPS: ChooseInvestPathInput = {
  accountType: "eoa",
  smartAccountReady: false,
  capabilities: undefined,
  supportsPermit: false,
  signsTypedData: false,
};
const IDLE: InvestFlowState = {
  phase: "idle",
  approvalNeeded: true,
  path: "twoStep",
  approvalHash: null,
  hash: null,
  batchId: null,
  failedAt: null,
  message: null,
  fallback: null,
  pathText: null,
};

type Outcome = Awaited<ReturnType<ReturnType<typeof useInvestFlow>["start"]>>;

/** The flow as the widget uses it: a submit (pressed twice at once by "Invest twice"), reset, and what it showed. */
function Flow({ vaultId, phases }: { vaultId: number; phases: string[] }) {
  const flow = useInvestFlow();
  const [outcomes, setOutcomes] = useState<(Outcome | "running")[]>([]);
  if (phases.at(-1) !== flow.state.phase) phases.push(flow.state.phase);
  const start = () => flow.start(vaultId, usdc(300), true, TWO_STEPS);
  return (
    <section aria-label="Flow">
      <button
        type="button"
        onClick={async () => {
          // The second submit starts before React renders the first one's state.
          const first = start();
          const second = start();
          setOutcomes([await second, "running"]);
          setOutcomes([await second, await first]);
        }}
      >
        Invest twice
      </button>
      <button type="button" onClick={async () => setOutcomes([await start()])}>
        Invest
      </button>
      <button type="button" onClick={flow.reset}>
        Reset
      </button>
      <output data-testid="state">{JSON.stringify(flow.state)}</output>
      <output data-testid="busy">{String(flow.busy)}</output>
      <output data-testid="outcomes">{JSON.stringify(outcomes)}</output>
    </section>
  );
}

const state = (): InvestFlowState => JSON.parse(screen.getByTestId("state").textContent ?? "") as InvestFlowState;
const outcomes = (): (Record<string, unknown> | null | "running")[] =>
  JSON.parse(screen.getByTestId("outcomes").textContent ?? "");
const click = (name: string) => userEvent.click(screen.getByRole("button", { name }));

async function openFlow(name: string) {
  const vaultId = await createTestVault(name);
  const { connector, control } = testWalletConnector(INVESTOR);
  const phases: string[] = [];
  const gate = new RefreshGate();
  const view = await renderApp({
    account: DEV_ACCOUNTS[INVESTOR],
    connector,
    children: (
      <>
        <Flow vaultId={vaultId} phases={phases} />
        <RefreshGateRead gate={gate} />
      </>
    ),
  });
  return { vaultId, control, phases, gate, ...view };
}

describe("useInvestFlow (the investment as a mutation)", () => {
  it("follows approval then investment step by step, and refuses a second submit while it runs", async () => {
    await withSnapshot(async () => {
      const { vaultId, control, phases, unmount } = await openFlow("Flow vault");
      expect(state()).toEqual(IDLE);
      await click("Invest twice");
      // Refused at once, with nothing sent for it.
      await waitFor(() => expect(outcomes()).toEqual([null, "running"]));
      await waitFor(() => expect(state().phase).toBe("success"), { timeout: 20_000 });
      const done = state();
      expect(done).toMatchObject({
        phase: "success",
        approvalNeeded: true,
        path: "twoStep",
        failedAt: null,
        message: "Investment transaction submitted successfully!",
        fallback: null,
        pathText: "Invested in two steps: an approval, then the investment.",
      });
      expect(done.approvalHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(done.hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(screen.getByTestId("busy").textContent).toBe("false");
      expect(phases).toEqual(["idle", "checking", "approving", "investing", "success"]);
      await waitFor(() => expect(outcomes()[1]).toMatchObject({ success: true, hash: done.hash }), {
        timeout: 10_000,
      });
      expect(control.transactions.map((t) => t.data.slice(0, 10))).toEqual([APPROVE, INVEST]);
      expect((await positionOf(DEV_ACCOUNTS[INVESTOR] as `0x${string}`, vaultId)).principal).toBe(usdc(300));
      // Reset: back to the idle state, and the hook takes a new investment.
      await click("Reset");
      await waitFor(() => expect(state()).toEqual(IDLE));
      unmount();
    });
  });

  it("stops at a rejected approval, nothing sent; reset, then the next run goes through", async () => {
    await withSnapshot(async () => {
      const { vaultId, control, unmount } = await openFlow("Rejected flow vault");
      control.rejectNext("eth_sendTransaction");
      await click("Invest");
      await waitFor(() => expect(state().phase).toBe("error"), { timeout: 20_000 });
      expect(state()).toEqual({
        ...IDLE,
        phase: "error",
        failedAt: "approve",
        message: "User rejected the transaction.",
      });
      await waitFor(() => expect(outcomes()[0]).toMatchObject({ success: false, kind: "rejected" }));
      expect(control.transactions).toEqual([]);

      await click("Reset");
      await waitFor(() => expect(state()).toEqual(IDLE));
      await click("Invest");
      await waitFor(() => expect(state().phase).toBe("success"), { timeout: 20_000 });
      expect(control.transactions.map((t) => t.data.slice(0, 10))).toEqual([APPROVE, INVEST]);
      expect((await positionOf(DEV_ACCOUNTS[INVESTOR] as `0x${string}`, vaultId)).principal).toBe(usdc(300));
      unmount();
    });
  });

  it("says which step failed when the investment reverts once mined, keeping the approval's hash", async () => {
    await withSnapshot(async () => {
      const { vaultId, control, unmount } = await openFlow("Reverted flow vault");
      control.starveGasNext(INVEST);
      await click("Invest");
      await waitFor(() => expect(state().phase).toBe("error"), { timeout: 20_000 });
      const failed = state();
      expect(failed).toMatchObject({ phase: "error", path: "twoStep", failedAt: "invest", pathText: null });
      expect(failed.approvalHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(failed.hash).toMatch(/^0x[0-9a-f]{64}$/);
      await waitFor(() => expect(outcomes()[0]).toMatchObject({ success: false, kind: "reverted" }));
      expect(failed.message).toBe((outcomes()[0] as { message: string }).message);
      expect(control.transactions.map((t) => t.data.slice(0, 10))).toEqual([APPROVE, INVEST]);
      expect((await positionOf(DEV_ACCOUNTS[INVESTOR] as `0x${string}`, vaultId)).principal).toBe(0n);
      unmount();
    });
  });

  it("shows the result at once and refuses a new submit until the reads are refreshed", async () => {
    await withSnapshot(async () => {
      const { vaultId, control, gate, unmount } = await openFlow("Refreshing flow vault");
      gate.hold();
      await click("Invest");
      await waitFor(() => expect(state().phase).toBe("success"), { timeout: 20_000 });
      expect(screen.getByTestId("busy").textContent).toBe("false");
      // The first submit has not returned yet: the reads are still refreshing. A second one is refused.
      expect(outcomes()).toEqual([]);
      await click("Invest");
      await waitFor(() => expect(outcomes()).toEqual([null]));
      gate.release();
      await waitFor(() => expect(outcomes()[0]).toMatchObject({ success: true }), { timeout: 10_000 });
      expect(control.transactions.map((t) => t.data.slice(0, 10))).toEqual([APPROVE, INVEST]);
      expect((await positionOf(DEV_ACCOUNTS[INVESTOR] as `0x${string}`, vaultId)).principal).toBe(usdc(300));
      unmount();
    });
  });
});
