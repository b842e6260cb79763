import { setEmergencyState } from "@fundament/sdk";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { fundRead } from "../../../test/fund";
import { DEV_ACCOUNTS, renderApp, testConfig } from "../../../test/render";
import { AppConfigProvider } from "../hooks/useAppConfig";
import { useFundAction } from "../hooks/useFundAction";
import { Toasts } from "./Toasts";
import { TxStatus } from "./TxStatus";

const HASH = `0x${"12".repeat(32)}` as const;

describe("TxStatus", () => {
  it("shows only the in-progress step: the wallet, then the pending transaction with its short hash", () => {
    const show = (state: Parameters<typeof TxStatus>[0]["state"]) =>
      render(
        <AppConfigProvider config={testConfig()}>
          <TxStatus state={state} />
        </AppConfigProvider>,
      );
    expect(show({ status: "idle" }).container.textContent).toBe("");
    expect(show({ status: "pending", hash: null }).container.textContent).toBe("Waiting for the wallet…");
    const pending = show({ status: "pending", hash: HASH });
    expect(pending.container.textContent).toBe("Transaction pending…Transaction 0x1212…1212");
    // The result is the toast's: nothing inline.
    expect(show({ status: "success", hash: HASH, message: "Lockup period started." }).container.textContent).toBe("");
    expect(show({ status: "error", message: "User rejected the transaction." }).container.textContent).toBe("");
  });
});

/** An action as a page uses it: its button, its inline status, and the element that shows its result. */
function EmergencySwitch() {
  const action = useFundAction(setEmergencyState);
  return (
    <section aria-label="Emergency">
      <button type="button" onClick={() => void action.run({ emergencyState: true })}>
        Turn on
      </button>
      <TxStatus state={action.state} />
      <p ref={action.resultRef} data-testid="result">
        The result
      </p>
    </section>
  );
}

describe("useFundAction", () => {
  it("says a failure once, as a toast, not inline too", async () => {
    // Account 1 is not an admin: the contract refuses.
    await renderApp({
      account: DEV_ACCOUNTS[1],
      children: (
        <>
          <EmergencySwitch />
          <Toasts />
        </>
      ),
    });
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    const alert = await screen.findByRole("alert", {}, { timeout: 15_000 });
    expect(within(screen.getByRole("region", { name: "Notifications" })).getByRole("alert")).toBe(alert);
    expect(screen.getByRole("region", { name: "Emergency" }).textContent).toBe("Turn onThe result");
    expect(screen.getAllByText(alert.querySelector("p")?.textContent ?? "-")).toHaveLength(1);
  });

  it("says a success once, as a toast with the hash, and moves focus to the result", async () => {
    await withSnapshot(async () => {
      await renderApp({
        account: DEV_ACCOUNTS[0],
        children: (
          <>
            <EmergencySwitch />
            <Toasts />
          </>
        ),
      });
      await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
      const toasts = screen.getByRole("region", { name: "Notifications" });
      await within(toasts).findByText("Emergency state turned on.", {}, { timeout: 15_000 });
      expect(screen.getAllByText("Emergency state turned on.")).toHaveLength(1);
      expect(within(toasts).getByTestId("tx-hash").getAttribute("data-hash")).toMatch(/^0x[0-9a-f]{64}$/);
      expect(screen.getByRole("region", { name: "Emergency" }).textContent).toBe("Turn onThe result");
      await expect.poll(() => document.activeElement, { timeout: 10_000 }).toBe(screen.getByTestId("result"));
      expect(screen.getByTestId("result").getAttribute("tabindex")).toBe("-1");
      expect(await fundRead("emergencyState", [])).toBe(true);
    });
  });
});
