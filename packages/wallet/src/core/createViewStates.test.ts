import { describe, expect, it, vi } from "vitest";
import { createRouter } from "./createRouter.js";
import { createViewStates } from "./createViewStates.js";

function setup() {
  const router = createRouter({ initialView: "Account", onClose: vi.fn() });
  const states = createViewStates(router);
  const top = () => router.entryIds().at(-1) as number;
  return { router, states, top };
}

describe("router entry ids", () => {
  it("one per history entry: new on push, replace and reset; kept when the current view is pushed again", () => {
    const { router } = setup();
    const [account] = router.entryIds();
    router.push("Swap");
    router.push("SwapPreview");
    const ids = router.entryIds();
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    router.push("SwapPreview", { again: true });
    expect(router.entryIds()).toEqual(ids);
    router.replace("Swap");
    expect(router.entryIds().slice(0, 2)).toEqual(ids.slice(0, 2));
    expect(router.entryIds()[2]).not.toBe(ids[2]);
    router.goBack();
    expect(router.entryIds()).toEqual(ids.slice(0, 2));
    router.reset("Account");
    expect(router.entryIds()).toHaveLength(1);
    expect(router.entryIds()[0]).not.toBe(account);
  });
});

describe("createViewStates", () => {
  it("keeps a view's values while a prompt view is over it, and while the view is not mounted at all", () => {
    const { router, states, top } = setup();
    router.push("SwapPreview");
    const preview = top();
    states.set(preview, "status", "swapping");
    // The embedded wallet's approval is pushed over the view (which is unmounted); the frame then replaces it.
    router.push("ApproveTransaction", { embeddedFrame: true });
    router.replace("ApproveTransaction", { embeddedFrame: true, title: "Approve transaction" });
    // The request's error arrives while the view is not on screen.
    states.set(preview, "error", "Signature declined");
    router.goBack();
    expect(top()).toBe(preview);
    expect(states.get(preview, "status")).toBe("swapping");
    expect(states.get(preview, "error")).toBe("Signature declined");
  });

  it("drops an entry's values when it leaves the history; a later write to it is ignored", () => {
    const { router, states, top } = setup();
    router.push("Send");
    const send = top();
    states.set(send, "error", "Insufficient funds for gas");
    router.goBack();
    expect(states.has(send, "error")).toBe(false);
    states.set(send, "error", "late");
    expect(states.has(send, "error")).toBe(false);
    // Opened again: a new entry, nothing kept from the last visit.
    router.push("Send");
    expect(top()).not.toBe(send);
    expect(states.has(top(), "error")).toBe(false);
  });

  it("tells its listeners about a change, not about a write of the same value", () => {
    const { router, states, top } = setup();
    router.push("Send");
    const listener = vi.fn();
    const stop = states.subscribe(listener);
    states.set(top(), "busy", true);
    states.set(top(), "busy", true);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    states.set(top(), "busy", false);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
