import { setEmergencyState, type WriteResult } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { rpc, withSnapshot } from "../../../test/chain";
import { fundRead } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp } from "../../../test/render";
import { testWalletConnector } from "../../../test/testWallet";
import { findToast } from "../../../test/toasts";
import { Toasts } from "../components/Toasts";
import { RefreshGate, RefreshGateRead } from "./refreshGate.testing";
import { type TxState, useFundAction } from "./useFundAction";

// The hook against the test anvil with the admin's wallet: a real sdk write (counted), its state as text.
const ADMIN_INDEX = 0;

/** The emergency switch as a page would use it, with the second run of a double click and the last result shown. */
function EmergencySwitch({ onWrite }: { onWrite: () => void }) {
  const action = useFundAction((parameters: Parameters<typeof setEmergencyState>[0]) => {
    onWrite();
    return setEmergencyState(parameters);
  });
  const [results, setResults] = useState<WriteResult[]>([]);
  return (
    <section aria-label="Emergency">
      <button
        type="button"
        onClick={async () => {
          // A double click: the second run starts before React renders the first one's pending state.
          const first = action.run({ emergencyState: true });
          const second = action.run({ emergencyState: true });
          setResults([await second]);
          setResults([await first, await second]);
        }}
      >
        Turn on twice
      </button>
      <button type="button" onClick={async () => setResults([await action.run({ emergencyState: true })])}>
        Turn on
      </button>
      <button type="button" onClick={action.reset}>
        Reset
      </button>
      <output data-testid="state">{JSON.stringify(action.state)}</output>
      <output data-testid="results">{JSON.stringify(results)}</output>
      <p ref={action.resultRef} data-testid="result">
        The result
      </p>
    </section>
  );
}

const state = (): TxState => JSON.parse(screen.getByTestId("state").textContent ?? "") as TxState;
const results = (): WriteResult[] => JSON.parse(screen.getByTestId("results").textContent ?? "") as WriteResult[];
const click = (name: string) => userEvent.click(screen.getByRole("button", { name }));

describe("useFundAction (a write as a mutation)", () => {
  it("is pending with the hash once sent, refuses a second run meanwhile, and ends in the spec's success", async () => {
    await withSnapshot(async () => {
      let writes = 0;
      const { unmount } = await renderApp({
        account: DEV_ACCOUNTS[ADMIN_INDEX],
        children: (
          <>
            <EmergencySwitch onWrite={() => writes++} />
            <Toasts />
          </>
        ),
      });
      expect(state()).toEqual({ status: "idle" });
      await rpc("evm_setAutomine", [false]);
      let hash: string | null = null;
      try {
        await click("Turn on twice");
        // The second run is refused at once, while the first waits for its block.
        await waitFor(
          () =>
            expect(results()).toEqual([
              { hash: null, success: false, message: "A transaction is already pending.", kind: "invalid" },
            ]),
          { timeout: 10_000 },
        );
        await waitFor(
          () => {
            const now = state();
            expect(now.status === "pending" && now.hash).toMatch(/^0x[0-9a-f]{64}$/);
            hash = now.status === "pending" ? now.hash : null;
          },
          { timeout: 15_000 },
        );
        await rpc("evm_mine");
        await waitFor(() => expect(state().status).toBe("success"), { timeout: 15_000 });
      } finally {
        await rpc("evm_setAutomine", [true]);
      }
      expect(state()).toEqual({ status: "success", hash, message: "Emergency state turned on." });
      expect(writes).toBe(1);
      expect(results()[0]).toEqual({ hash, success: true, message: "Emergency state turned on.", kind: null });
      await findToast("Emergency state turned on.");
      expect(await fundRead("emergencyState", [])).toBe(true);
      unmount();
    });
  });

  it("says a rejection in the spec's words, once as a toast; reset puts it back to idle", async () => {
    await withSnapshot(async () => {
      let writes = 0;
      const { connector, control } = testWalletConnector(ADMIN_INDEX);
      const { unmount } = await renderApp({
        account: DEV_ACCOUNTS[ADMIN_INDEX],
        connector,
        children: (
          <>
            <EmergencySwitch onWrite={() => writes++} />
            <Toasts />
          </>
        ),
      });
      control.rejectNext("eth_sendTransaction");
      await click("Turn on");
      await waitFor(() => expect(state().status).toBe("error"), { timeout: 15_000 });
      expect(state()).toEqual({ status: "error", message: "User rejected the transaction." });
      expect(results()).toEqual([
        { hash: null, success: false, message: "User rejected the transaction.", kind: "rejected" },
      ]);
      const toasts = screen.getByRole("region", { name: "Notifications" });
      expect(within(toasts).getAllByText("User rejected the transaction.")).toHaveLength(1);
      expect(control.transactions).toEqual([]);

      await click("Reset");
      await waitFor(() => expect(state()).toEqual({ status: "idle" }));
      await click("Turn on");
      await waitFor(() => expect(state().status).toBe("success"), { timeout: 15_000 });
      expect(writes).toBe(2);
      expect(control.transactions).toHaveLength(1);
      expect(await fundRead("emergencyState", [])).toBe(true);
      unmount();
    });
  });

  it("shows the success at once, refuses a second run until the reads are refreshed, then moves focus", async () => {
    await withSnapshot(async () => {
      let writes = 0;
      const gate = new RefreshGate();
      const { unmount } = await renderApp({
        account: DEV_ACCOUNTS[ADMIN_INDEX],
        children: (
          <>
            <EmergencySwitch onWrite={() => writes++} />
            <RefreshGateRead gate={gate} />
            <Toasts />
          </>
        ),
      });
      gate.hold();
      await click("Turn on");
      await waitFor(() => expect(state().status).toBe("success"), { timeout: 15_000 });
      await findToast("Emergency state turned on.");
      // The first run has not returned yet: its reads are still refreshing.
      expect(results()).toEqual([]);
      await click("Turn on");
      await waitFor(() =>
        expect(results()).toEqual([
          { hash: null, success: false, message: "A transaction is already pending.", kind: "invalid" },
        ]),
      );
      expect(writes).toBe(1);
      gate.release();
      await waitFor(() => expect(results()[0]?.success).toBe(true), { timeout: 10_000 });
      expect(document.activeElement).toBe(screen.getByTestId("result"));
      unmount();
    });
  });
});
