import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ConfirmAction } from "./ConfirmAction";

function Harness() {
  const [busy, setBusy] = useState(false);
  const [runs, setRuns] = useState(0);
  return (
    <>
      <ConfirmAction
        label="Remove wallet"
        confirmLabel="Confirm: remove"
        busy={busy}
        onConfirm={() => {
          setRuns((n) => n + 1);
          setBusy(true);
        }}
      >
        <p>Remove this trading wallet?</p>
      </ConfirmAction>
      <output data-testid="runs">{runs}</output>
    </>
  );
}

describe("ConfirmAction", () => {
  it("moves focus into the question, and back to its button on Cancel and on Escape", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole("button", { name: "Remove wallet" }));
    expect(screen.getByRole("group", { name: "Remove this trading wallet?" })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));
    await userEvent.keyboard("{Enter}");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove wallet" }));

    await userEvent.keyboard("{Enter}");
    expect(screen.getByRole("group")).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("group")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove wallet" }));
    expect(screen.getByTestId("runs").textContent).toBe("0");
  });

  it("after Confirm, focus is back on its button, which stays focusable but inert while the action runs", async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole("button", { name: "Remove wallet" }));
    await userEvent.click(screen.getByRole("button", { name: "Confirm: remove" }));
    const button = screen.getByRole("button", { name: "Remove wallet" });
    expect(screen.getByTestId("runs").textContent).toBe("1");
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("aria-busy")).toBe("true");
    await userEvent.click(button);
    expect(screen.queryByRole("group")).toBeNull();
  });
});
