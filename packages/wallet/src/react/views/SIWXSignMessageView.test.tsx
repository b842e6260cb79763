// @vitest-environment happy-dom

import { testChainForFile } from "@fundament/test-chain/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createPublicClient, http, type PublicClient } from "viem";
import { foundry } from "viem/chains";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installTestWallet, type TestWalletControl } from "../../testing/installTestWallet.js";
import { type SiwxTestServer, startSiwxTestServer } from "../../testing/startSiwxTestServer.js";
import { renderWallet } from "../testUtils.js";

const { rpcUrl } = testChainForFile();
let server: SiwxTestServer;
let wallet: TestWalletControl;
beforeAll(async () => {
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) }) as PublicClient;
  server = await startSiwxTestServer({ client, domain: window.location.host });
  wallet = installTestWallet({
    rpcUrl,
    rdns: "org.test.siwx",
    uuid: "00000000-0000-4000-8000-0000000000b1",
    name: "Signing Wallet",
    accountIndex: 2,
  });
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(() => {
  localStorage.clear();
  server?.sessions.clear();
});
afterEach(() => cleanup());

async function connectWithSiwx(required: boolean) {
  const rendered = renderWallet({
    rpcUrl,
    devAccounts: false,
    apiUrl: server.url,
    siwx: { required },
  });
  await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
  const connectDialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
  await userEvent.click(within(connectDialog).getByRole("button", { name: /Signing Wallet/ }));
  const dialog = await screen.findByRole("dialog", { name: "Sign In" });
  await within(dialog).findByRole("button", { name: "Sign" });
  return { ...rendered, dialog };
}

describe("sign in with the wallet (SIWX)", () => {
  it("a decline shows 'Signature declined' and reopens the view; signing then starts a session and closes", async () => {
    const { dialog, core } = await connectWithSiwx(false);
    wallet.rejectNext("personal_sign");
    await userEvent.click(within(dialog).getByRole("button", { name: "Sign" }));
    expect(await screen.findByText("Signature declined", { selector: ".fw-toast span" })).toBeTruthy();
    const again = await screen.findByRole("dialog", { name: "Sign In" });
    expect(await within(again).findByText("Signature declined", { selector: "p.fw-error" })).toBeTruthy();
    expect(core.router.getState().view).toBe("SIWXSignMessage");

    await userEvent.click(within(again).getByRole("button", { name: "Sign" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect([...server.sessions.values()].map((s) => s.address)).toContain("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    expect(core.bus.history().map((e) => e.event)).toContain("SIWX_AUTH_SUCCESS");
  });

  it("says why the app asks", async () => {
    const { dialog } = await connectWithSiwx(false);
    expect(within(dialog).getByTestId("siwx-reason").textContent).toBe(
      "Why: Signing proves to this app's server that this address is yours and starts a 24-hour session for the features that need it. Cancel, and everything else works as before.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
  });

  it("with the API down, signing fails once with a clear text, back on the prompt, and stops spinning", async () => {
    const { dialog } = await connectWithSiwx(false);
    const stop = server.stop;
    await stop.call(server);
    try {
      await userEvent.click(within(dialog).getByRole("button", { name: "Sign" }));
      const prompt = await screen.findByRole("dialog", { name: "Sign In" });
      const alert = await within(prompt).findByText(/^A problem occurred/, { selector: "p.fw-error" });
      expect(alert.textContent).toBe(
        "A problem occurred while trying initialize authentication Sign-in is unavailable: the app's server cannot be reached. Everything that does not need a session works; try again later.",
      );
      expect(screen.queryByRole("status", { name: /Authenticating/ })).toBeNull();
      expect(within(prompt).getByRole("button", { name: "Sign" }).hasAttribute("disabled")).toBe(false);
    } finally {
      const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) }) as PublicClient;
      server = await startSiwxTestServer({ client, domain: window.location.host });
    }
  });

  it("cancelling a required sign-in disconnects", async () => {
    const { dialog } = await connectWithSiwx(true);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeTruthy();
  });

  it("a connect on an unsupported network signs in after switching to a supported one", async () => {
    wallet.setChainId(1);
    renderWallet({ rpcUrl, devAccounts: false, apiUrl: server.url, siwx: {} });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    let dialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(within(dialog).getByRole("button", { name: /Signing Wallet/ }));
    dialog = await screen.findByRole("dialog", { name: "Switch Network" });
    await userEvent.click(await within(dialog).findByRole("button", { name: /Foundry/ }));
    dialog = await screen.findByRole("dialog", { name: "Sign In" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Sign" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect([...server.sessions.values()]).toEqual([
      { address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", chainId: 31337 },
    ]);
  });
});

describe("sign in where a person chooses it (askOnConnect false)", () => {
  async function connectAsking() {
    const rendered = renderWallet({
      rpcUrl,
      devAccounts: false,
      apiUrl: server.url,
      siwx: { required: false, askOnConnect: false },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
    const connectDialog = await screen.findByRole("dialog", { name: "Connect Wallet" });
    await userEvent.click(within(connectDialog).getByRole("button", { name: /Signing Wallet/ }));
    const accountButton = await screen.findByRole("button", { name: /^Account 0x3C44/ });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await userEvent.click(accountButton);
    const account = await screen.findByRole("dialog", { name: "Account" });
    return { ...rendered, account };
  }

  it("connecting asks nothing; the Account view's Sign in says why, opens the prompt, and signing starts a session", async () => {
    const { account, core, runtime } = await connectAsking();
    expect(core.bus.history().map((e) => e.event)).not.toContain("SIWX_AUTH_SUCCESS");
    expect(runtime.siwx?.getState().session).toBeNull();
    expect(server.sessions.size).toBe(0);
    expect(within(account).getByTestId("siwx-account-reason").textContent).toBe(
      "Signing proves to this app's server that this address is yours and starts a 24-hour session for the features that need it. Cancel, and everything else works as before.",
    );
    await userEvent.click(within(account).getByRole("button", { name: "Sign in" }));
    const prompt = await screen.findByRole("dialog", { name: "Sign In" });
    expect(within(prompt).getByTestId("siwx-reason").textContent).toMatch(/^Why: Signing proves/);
    await userEvent.click(within(prompt).getByRole("button", { name: "Sign" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect([...server.sessions.values()]).toEqual([
      { address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", chainId: 31337 },
    ]);

    await userEvent.click(screen.getByRole("button", { name: /^Account 0x3C44/ }));
    const again = await screen.findByRole("dialog", { name: "Account" });
    expect(within(again).getByTestId("siwx-status").textContent).toBe("Signed in");
    await userEvent.click(within(again).getByRole("button", { name: "Sign out" }));
    expect(await within(again).findByRole("button", { name: "Sign in" })).toBeTruthy();
    expect(server.sessions.size).toBe(0);
  });

  it("a declined signature says 'Signature declined' on the prompt; cancelling keeps the connection, not signed in", async () => {
    const { account, runtime } = await connectAsking();
    await userEvent.click(within(account).getByRole("button", { name: "Sign in" }));
    const prompt = await screen.findByRole("dialog", { name: "Sign In" });
    wallet.rejectNext("personal_sign");
    await userEvent.click(within(prompt).getByRole("button", { name: "Sign" }));
    const again = await screen.findByRole("dialog", { name: "Sign In" });
    expect(await within(again).findByText("Signature declined", { selector: "p.fw-error" })).toBeTruthy();
    await userEvent.click(within(again).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: /^Account 0x3C44/ })).toBeTruthy();
    expect(runtime.siwx?.getState().session).toBeNull();
    expect(server.sessions.size).toBe(0);
  });

  it("an account that already has a session shows 'Signed in' in the Account view after connecting", async () => {
    const first = await connectAsking();
    await userEvent.click(within(first.account).getByRole("button", { name: "Sign in" }));
    const prompt = await screen.findByRole("dialog", { name: "Sign In" });
    await userEvent.click(within(prompt).getByRole("button", { name: "Sign" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    cleanup();
    localStorage.clear();
    const second = await connectAsking();
    expect(await within(second.account).findByText("Signed in")).toBeTruthy();
    expect(within(second.account).queryByRole("button", { name: "Sign in" })).toBeNull();
  });
});
