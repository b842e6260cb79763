import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testConfig } from "../../../test/render";
import { AppConfigProvider } from "../hooks/useAppConfig";
import { type Toast, ToastsProvider, useToasts } from "../hooks/useToasts";
import { toastLifetime } from "../lib/toasts.helpers";
import { Toasts } from "./Toasts";

const HASH = `0x${"ab".repeat(32)}` as const;

function Push({ toast }: { toast: Omit<Toast, "id"> }) {
  const { push } = useToasts();
  return (
    <button type="button" onClick={() => push(toast)}>
      Push
    </button>
  );
}

function renderToasts(toast: Omit<Toast, "id">, chainId?: number) {
  const config = { ...testConfig(), ...(chainId ? { chainId } : {}) };
  return render(
    <AppConfigProvider config={config}>
      <ToastsProvider>
        <Push toast={toast} />
        <Toasts />
      </ToastsProvider>
    </AppConfigProvider>,
  );
}

const region = () => screen.getByRole("region", { name: "Notifications" });

afterEach(() => vi.useRealTimers());

describe("Toasts", () => {
  it("are an aria-live region: a success is a status, a failure an alert", () => {
    renderToasts({ kind: "success", message: "Lockup period started." });
    expect(region().getAttribute("aria-live")).toBe("polite");
    fireEvent.click(screen.getByRole("button", { name: "Push" }));
    expect(within(region()).getByRole("status").textContent).toContain("Lockup period started.");
  });

  it("shows a failure as an alert", () => {
    renderToasts({ kind: "error", message: "User rejected the transaction." });
    fireEvent.click(screen.getByRole("button", { name: "Push" }));
    expect(within(region()).getByRole("alert").textContent).toContain("User rejected the transaction.");
  });

  it("go after their lifetime, paused while hovered and while focused", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    renderToasts({ kind: "success", message: "Wallet whitelisted successfully." });
    fireEvent.click(screen.getByRole("button", { name: "Push" }));
    const lifetime = toastLifetime("success");
    act(() => vi.advanceTimersByTime(lifetime / 2));
    // Hovered: time stands still.
    fireEvent.mouseEnter(region());
    act(() => vi.advanceTimersByTime(lifetime * 3));
    expect(within(region()).getByText("Wallet whitelisted successfully.")).toBeTruthy();
    fireEvent.mouseLeave(region());
    // Focused (keyboard on the × button): still there.
    act(() => within(region()).getByRole("button", { name: "Dismiss notification" }).focus());
    act(() => vi.advanceTimersByTime(lifetime * 3));
    expect(within(region()).getByText("Wallet whitelisted successfully.")).toBeTruthy();
    act(() => screen.getByRole("button", { name: "Push" }).focus());
    // The rest of its lifetime (half), not a fresh one.
    act(() => vi.advanceTimersByTime(lifetime / 2 - 10));
    expect(within(region()).queryByText("Wallet whitelisted successfully.")).toBeTruthy();
    act(() => vi.advanceTimersByTime(20));
    expect(within(region()).queryByText("Wallet whitelisted successfully.")).toBeNull();
  });

  it("Escape dismisses the focused toast and focus goes back to where it was", () => {
    renderToasts({ kind: "success", message: "Proposal transaction submitted" });
    const push = screen.getByRole("button", { name: "Push" });
    push.focus();
    fireEvent.click(push);
    const close = within(region()).getByRole("button", { name: "Dismiss notification" });
    fireEvent.focus(close, { relatedTarget: push });
    close.focus();
    fireEvent.keyDown(close, { key: "Escape" });
    expect(within(region()).queryByText("Proposal transaction submitted")).toBeNull();
    expect(document.activeElement).toBe(push);
  });

  it("show a short hash: linked to the explorer on Sepolia, with the whole hash in its title on the local chain", () => {
    const local = renderToasts({ kind: "success", message: "Done.", hash: HASH });
    fireEvent.click(screen.getByRole("button", { name: "Push" }));
    const code = within(region()).getByTestId("tx-hash");
    expect(code.textContent).toBe("0xabab…abab");
    expect(code.getAttribute("title")).toBe(HASH);
    expect(within(region()).queryByRole("link")).toBeNull();
    local.unmount();

    renderToasts({ kind: "success", message: "Done.", hash: HASH }, 11155111);
    fireEvent.click(screen.getByRole("button", { name: "Push" }));
    const link = within(region()).getByRole("link");
    expect(link.getAttribute("href")).toBe(`https://sepolia.etherscan.io/tx/${HASH}`);
    expect(link.textContent).toBe("View on Etherscan 0xabab…abab (opens in a new tab)");
  });
});
