import { describe, expect, it, vi } from "vitest";
import { createRouter } from "./createRouter.js";
import type { View } from "./views.js";

function setup(views: View[]) {
  const onClose = vi.fn();
  const router = createRouter({ initialView: views[0] as View, onClose });
  for (const view of views.slice(1)) router.push(view);
  return { router, onClose };
}

describe("createRouter.goBack", () => {
  it.each<{ history: View[]; closes: boolean; after: View[] }>([
    { history: ["Connect"], closes: true, after: ["Connect"] },
    { history: ["Account"], closes: true, after: ["Account"] },
    { history: ["Connect", "AllWallets"], closes: false, after: ["Connect"] },
    { history: ["Connect", "AllWallets", "ConnectingExternal"], closes: false, after: ["Connect", "AllWallets"] },
    { history: ["Account", "Networks"], closes: false, after: ["Account"] },
    { history: ["UnsupportedChain"], closes: true, after: ["UnsupportedChain"] },
    { history: ["UnsupportedChain", "Networks"], closes: true, after: ["UnsupportedChain", "Networks"] },
    {
      history: ["Account", "UnsupportedChain", "Networks"],
      closes: true,
      after: ["Account", "UnsupportedChain", "Networks"],
    },
    { history: ["Account", "Send", "ApproveTransaction"], closes: false, after: ["Account", "Send"] },
  ])("from $history closes=$closes", ({ history, closes, after }) => {
    const { router, onClose } = setup(history);
    router.goBack();
    expect(onClose).toHaveBeenCalledTimes(closes ? 1 : 0);
    expect(router.getState().history).toEqual(after);
    expect(router.getState().view).toBe(after[after.length - 1]);
  });
});

describe("createRouter stack operations", () => {
  it("push adds, replace swaps the top, reset clears the stack", () => {
    const { router } = setup(["Connect"]);
    router.push("AllWallets");
    router.push("ConnectingExternal", { connectorId: "io.metamask" });
    expect(router.getState().history).toEqual(["Connect", "AllWallets", "ConnectingExternal"]);
    expect(router.getState().data).toEqual({ connectorId: "io.metamask" });
    router.replace("SIWXSignMessage");
    expect(router.getState().history).toEqual(["Connect", "AllWallets", "SIWXSignMessage"]);
    router.reset("Account");
    expect(router.getState()).toEqual({ view: "Account", data: undefined, history: ["Account"] });
  });

  it("pushing the current view again does not grow the stack", () => {
    const { router } = setup(["Connect", "AllWallets"]);
    router.push("AllWallets", { walletId: "x" });
    expect(router.getState().history).toEqual(["Connect", "AllWallets"]);
    expect(router.getState().data).toEqual({ walletId: "x" });
  });

  it("notifies subscribers", () => {
    const { router } = setup(["Connect"]);
    const views: View[] = [];
    router.subscribe((s) => views.push(s.view));
    router.push("AllWallets");
    router.goBack();
    expect(views).toEqual(["AllWallets", "Connect"]);
  });

  it("going back restores the data the earlier view was opened with", () => {
    const router = createRouter({ onClose: () => undefined });
    router.push("ConnectingSocial", { provider: "google" });
    router.push("EmbeddedFrame", { reason: "recovery-save" });
    router.goBack();
    expect(router.getState()).toMatchObject({ view: "ConnectingSocial", data: { provider: "google" } });
    router.replace("Account");
    router.push("Send", { to: "0x1" });
    router.goBack();
    expect(router.getState()).toMatchObject({ view: "Account", data: undefined });
  });
});
