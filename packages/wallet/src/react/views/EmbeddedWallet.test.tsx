// @vitest-environment happy-dom

import { testChainForFile } from "@fundament/test-chain/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { verifyMessage } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getConnectorClient, signMessage } from "wagmi/actions";
import {
  EMBEDDED_EMAIL_KEY,
  EMBEDDED_EMAIL_LOGIN_KEY,
  EMBEDDED_LAST_EMAIL_TIME_KEY,
} from "../../features/embedded/loginStorage.js";
import { installStandInFrame, type StandInFrame, type StandInFrameOptions } from "../../testing/standInFrame.js";
import { memoryStorage, renderWallet } from "../testUtils.js";

const FRAME_URL = "http://127.0.0.1:5174/";
const { rpcUrl } = testChainForFile();
let standIn: StandInFrame | undefined;
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  standIn?.stop();
  standIn = undefined;
  document.body.innerHTML = "";
});

function render(options: Partial<StandInFrameOptions> = {}, storage = memoryStorage()) {
  standIn = installStandInFrame({ frameUrl: FRAME_URL, ...options });
  return renderWallet({
    rpcUrl,
    devAccounts: false,
    storage,
    embeddedWallet: { frameUrl: FRAME_URL, socialProviders: ["github", "google"], farcaster: true },
  });
}

async function openConnect() {
  await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
  // The dialog's chunk loads with the first open: on a busy machine that takes more than a second.
  return screen.findByRole("dialog", { name: "Connect Wallet" }, { timeout: 5000 });
}

async function enterCode(dialogName: string, code: string) {
  const dialog = await screen.findByRole("dialog", { name: dialogName }, { timeout: 5000 });
  // The view's chunk may still be loading: wait for its form, then use it.
  const form = await waitFor(() => {
    const input = within(dialog).getByLabelText("Code");
    return { input, button: within(dialog).getByRole("button", { name: "Continue" }) };
  });
  await userEvent.clear(form.input);
  await userEvent.type(form.input, code);
  await userEvent.click(form.button);
  return dialog;
}

/** Connected: the modal closed, as after any wallet's connection; the Account view opens from the header's button. */
async function openAccount() {
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 5000 });
  await userEvent.click(await screen.findByRole("button", { name: /^Account 0x/ }));
  return screen.findByRole("dialog", { name: "Account" });
}

/** Email login through the Connect view and the code view; ends on Account. */
async function loginByEmail(email: string) {
  const connect = await openConnect();
  await userEvent.type(within(connect).getByLabelText("Email"), email);
  await userEvent.click(within(connect).getByRole("button", { name: "Continue with email" }));
  await enterCode("Confirm Email", "123456");
  return openAccount();
}

describe("embedded wallet views (against the stand-in frame)", () => {
  it("offers email and the configured providers in the spec's order; checks the email", async () => {
    render();
    const connect = await openConnect();
    const names = within(connect)
      .getAllByRole("button", { name: /^Continue with (?!email)/ })
      .map((b) => b.getAttribute("aria-label"));
    expect(names).toEqual(["Continue with Google", "Continue with Farcaster", "Continue with GitHub"]);
    // Issue 32: each provider's bundled mark beside its name; "Continue with email" said once (the button).
    const marks = within(connect)
      .getAllByRole("button", { name: /^Continue with (?!email)/ })
      .map((b) => [b.querySelector("svg[aria-hidden='true']")?.getAttribute("data-brand"), b.textContent]);
    expect(marks).toEqual([
      ["google", "Google"],
      ["farcaster", "Farcaster"],
      ["github", "GitHub"],
    ]);
    expect(within(connect).getAllByText(/continue with email/i)).toHaveLength(1);
    expect(within(connect).queryByRole("heading", { name: /email/i })).toBeNull();
    // Nothing of the frame before a login is used.
    expect(document.querySelector("iframe")).toBeNull();
    await userEvent.type(within(connect).getByLabelText("Email"), "not-an-email");
    await userEvent.click(within(connect).getByRole("button", { name: "Continue with email" }));
    expect((await within(connect).findByRole("alert")).textContent).toBe("Invalid email");
  });

  it("email → code → connected, with spec §4's stored login data and the resend cooldown", async () => {
    const { wagmiConfig } = render();
    const connect = await openConnect();
    await userEvent.type(within(connect).getByLabelText("Email"), "alice@example.test");
    await userEvent.click(within(connect).getByRole("button", { name: "Continue with email" }));
    const otp = await screen.findByRole("dialog", { name: "Confirm Email" }, { timeout: 5000 });
    expect(await within(otp).findByText("alice@example.test")).toBeTruthy();
    // The code is what this view asks for: its field has the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(otp).getByLabelText("Code")));
    // Spec §5: no new email within 30 s.
    expect((within(otp).getByRole("button", { name: "Resend code" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(otp).getByText(/^Please try again after (30|29) seconds$/)).toBeTruthy();
    expect(localStorage.getItem(EMBEDDED_LAST_EMAIL_TIME_KEY)).not.toBeNull();
    await enterCode("Confirm Email", "000000");
    expect((await within(otp).findByRole("alert")).textContent).toBe("Invalid code");
    await enterCode("Confirm Email", "123456");
    const account = await openAccount();
    expect(within(account).getByText("alice@example.test")).toBeTruthy();
    // One login: the email sign-in is the session; no second "Sign in" under "Signed in as …".
    expect(within(account).queryByRole("button", { name: "Sign in" })).toBeNull();
    expect(wagmiConfig.state.status).toBe("connected");
    expect(localStorage.getItem(EMBEDDED_EMAIL_KEY)).toBe("alice@example.test");
    expect(localStorage.getItem(EMBEDDED_EMAIL_LOGIN_KEY)).toBe("true");
    expect(localStorage.getItem(EMBEDDED_LAST_EMAIL_TIME_KEY)).toBeNull();
    const connector = wagmiConfig.state.connections.get(wagmiConfig.state.current ?? "")?.connector;
    expect([connector?.id, connector?.name, connector?.type]).toEqual(["embedded", "Email & Social", "AUTH"]);
  });

  it("an empty wallet's Account view: 'Add funds' first, its security rows after the actions, one login (issue 32)", async () => {
    // A key nobody funded (the stand-in's default is a funded anvil account).
    standIn = installStandInFrame({ frameUrl: FRAME_URL, privateKey: generatePrivateKey() });
    // Sign-in with the app is on (as in the web app): an email login must not be asked to "Sign in" again.
    const noSession = async () => null;
    renderWallet({
      rpcUrl,
      devAccounts: false,
      storage: memoryStorage(),
      embeddedWallet: { frameUrl: FRAME_URL, socialProviders: [], farcaster: false },
      siwx: {
        askOnConnect: false,
        adapter: {
          getNonce: async () => "n0nce123",
          verify: async () => ({ address: "", chainId: 1 }),
          getSession: noSession,
          signOut: async () => {},
        },
      },
    });
    const account = await loginByEmail("carol@example.test");
    const addFunds = await within(account).findByRole("button", { name: "Add funds" }, { timeout: 5000 });
    expect(within(account).getByText("This wallet is empty. Add funds to start.")).toBeTruthy();
    expect(within(account).queryByRole("button", { name: "Sign in" })).toBeNull();
    expect(within(account).queryByText("Session")).toBeNull();
    // In reading order: Add funds, then the actions, then the email wallet's rows.
    const order = [
      addFunds,
      within(account).getByRole("button", { name: "Receive" }),
      within(account).getByRole("button", { name: "Update email" }),
    ] as const;
    const [first, second, third] = order;
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(second.compareDocumentPosition(third) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Without the app's API there is nothing to buy with: it opens Receive.
    await userEvent.click(addFunds);
    await screen.findByRole("dialog", { name: "Receive" });
  });

  it("a new device is approved by the emailed link, then the code", async () => {
    render({ newDeviceEmails: ["bob@example.test"] });
    const connect = await openConnect();
    await userEvent.type(within(connect).getByLabelText("Email"), "bob@example.test");
    await userEvent.click(within(connect).getByRole("button", { name: "Continue with email" }));
    const device = await screen.findByRole("dialog", { name: "Register Device" }, { timeout: 5000 });
    expect(await within(device).findByText("Approve this device: we sent a link to bob@example.test")).toBeTruthy();
    // The view keeps asking (CONNECT_DEVICE) until the link is opened.
    await waitFor(() =>
      expect(standIn?.received.filter((m) => m.type === "@w3m-app/CONNECT_DEVICE").length).toBeGreaterThan(1),
    );
    standIn?.approveDevice();
    await enterCode("Confirm Email", "123456");
    await openAccount();
  });

  it("Farcaster: QR code and link, connected once the Farcaster app approved", async () => {
    render();
    const connect = await openConnect();
    await userEvent.click(within(connect).getByRole("button", { name: "Continue with Farcaster" }));
    const view = await screen.findByRole("dialog", { name: "Farcaster" });
    expect(await within(view).findByRole("img", { name: "Farcaster sign-in QR code" }, { timeout: 5000 })).toBeTruthy();
    const link = within(view).getByRole("link", { name: "Open in Farcaster" });
    expect(link.getAttribute("href")).toBe("https://farcaster.xyz/~/siwf?channelToken=stand-in-channel");
    standIn?.completeFarcaster();
    await openAccount();
  });

  it("updates the email in two code steps", async () => {
    render();
    const account = await loginByEmail("carol@example.test");
    await userEvent.click(within(account).getByRole("button", { name: "Update email" }));
    const edit = await screen.findByRole("dialog", { name: "Edit Email" });
    await userEvent.type(await within(edit).findByLabelText("New email"), "carol.new@example.test");
    await userEvent.click(within(edit).getByRole("button", { name: "Continue" }));
    await enterCode("Confirm Current Email", "123456");
    await enterCode("Confirm New Email", "123456");
    const back = await screen.findByRole("dialog", { name: "Account" }, { timeout: 5000 });
    expect(within(back).getByText("carol.new@example.test")).toBeTruthy();
    expect(localStorage.getItem(EMBEDDED_EMAIL_KEY)).toBe("carol.new@example.test");
  });

  it("lists the signed-in devices; another device is signed out after a confirm step, this one is not offered", async () => {
    const day = 86_400_000;
    const lost = {
      pci: "3f0c7d2e-1b4a-4c8e-9d6f-0a1b2c3d4e5f",
      createdAt: new Date(Date.now() - 40 * day).toISOString(),
      lastUsedAt: new Date(Date.now() - 3 * day).toISOString(),
      loginMethod: "google",
    };
    const laptop = {
      pci: "7a9b8c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
      createdAt: new Date(Date.now() - 2 * day).toISOString(),
      lastUsedAt: null,
      loginMethod: "farcaster",
    };
    render({ otherSessions: [lost, laptop] });
    const account = await loginByEmail("grace@example.test");
    const devices = await within(account).findByRole("list", { name: "Signed-in devices" }, { timeout: 5000 });
    const rows = within(devices).getAllByRole("listitem");
    const methods = () =>
      within(devices)
        .getAllByRole("listitem")
        .map((row) => row.querySelector("strong")?.textContent);
    expect(methods()).toEqual(["Email", "Google", "Farcaster"]);
    // This device first and marked, without a sign-out of its own (that is Disconnect).
    expect(within(rows[0] as HTMLElement).getByText("This device")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByRole("button")).toBeNull();
    const google = rows[1] as HTMLElement;
    expect(google.textContent).toContain("First sign-in: 1 month ago (");
    expect(google.textContent).toContain("Last used: 3 days ago (");
    expect(
      within(google)
        .getByText(/^3 days ago/)
        .getAttribute("datetime"),
    ).toBe(lost.lastUsedAt);
    expect((rows[2] as HTMLElement).textContent).toContain("Last used: unknown");

    // Sign out asks first; Cancel keeps the session and gives the focus back.
    await userEvent.click(within(google).getByRole("button", { name: "Sign out" }));
    expect(within(google).getByText(/^Sign this device out\?/)).toBeTruthy();
    const cancel = within(google).getByRole("button", { name: "Cancel" });
    expect(document.activeElement).toBe(cancel);
    await userEvent.click(cancel);
    expect(document.activeElement).toBe(within(google).getByRole("button", { name: "Sign out" }));
    expect(standIn?.received.some((m) => m.type === "@w3m-app/REVOKE_SESSION")).toBe(false);

    await userEvent.click(within(google).getByRole("button", { name: "Sign out" }));
    await userEvent.click(within(google).getByRole("button", { name: "Confirm sign-out" }));
    await waitFor(() => expect(methods()).toEqual(["Email", "Farcaster"]));
    const said = within(account).getByText(/^The Google sign-in of .+ UTC is signed out\.$/);
    expect(said.getAttribute("role")).toBe("status");
    expect(document.activeElement?.textContent).toBe("Signed-in devices");
    // The frame signed the revoke with the wallet's key.
    expect(standIn?.revocations.map((r) => r.pci)).toEqual([lost.pci]);
    expect(
      await verifyMessage({
        address: standIn?.user.address ?? "0x",
        message: `Revoke session ${lost.pci}`,
        signature: standIn?.revocations[0]?.signature ?? "0x",
      }),
    ).toBe(true);
    expect(standIn?.sessions().map((s) => s.pci)).not.toContain(lost.pci);
  });

  it("says why the devices cannot be listed, and lists them on Try again", async () => {
    const errors: NonNullable<StandInFrameOptions["errors"]> = { GET_SESSIONS: "The server answered 503" };
    render({ errors });
    const account = await loginByEmail("heidi@example.test");
    const alert = await within(account).findByText(/^Could not load the signed-in devices/, {}, { timeout: 5000 });
    expect(alert.textContent).toBe("Could not load the signed-in devices: The server answered 503");
    expect(alert.getAttribute("role")).toBe("alert");
    delete errors.GET_SESSIONS;
    await userEvent.click(within(account).getByRole("button", { name: "Try again" }));
    const devices = await within(account).findByRole("list", { name: "Signed-in devices" });
    expect(within(devices).getAllByRole("listitem")).toHaveLength(1);
    expect(within(account).queryByText(/^Could not load/)).toBeNull();
  });

  it("signs through the frame's approval: SHOW opens ApproveTransaction over which the frame is shown", async () => {
    const { wagmiConfig } = render();
    await loginByEmail("dave@example.test");
    const signing = signMessage(wagmiConfig, { message: "Sign in to Fundament" });
    // The dialog is titled with what the frame asks (issue 32: not "Approve Transaction" over a signature).
    const approve = await screen.findByRole("dialog", { name: "Sign this message" }, { timeout: 5000 });
    expect(await within(approve).findByTestId("embedded-frame-slot")).toBeTruthy();
    const iframe = document.querySelector("iframe") as HTMLIFrameElement;
    await waitFor(() => expect(iframe.style.visibility).toBe("visible"));
    expect(iframe.style.pointerEvents).toBe("auto");
    expect(iframe.hasAttribute("aria-hidden")).toBe(false);
    // The same iframe (never moved into the dialog).
    expect(iframe.parentElement).toBe(document.body);
    await standIn?.approve();
    const signature = await signing;
    expect(
      await verifyMessage({ address: standIn?.user.address ?? "0x", message: "Sign in to Fundament", signature }),
    ).toBe(true);
    await screen.findByRole("dialog", { name: "Account" });
    expect(iframe.style.visibility).toBe("hidden");
  });

  it("a method the frame refuses: 'Requested RPC call is not allowed' to the caller, 'Action not allowed' on screen", async () => {
    const { wagmiConfig } = render();
    await loginByEmail("frank@example.test");
    const client = await getConnectorClient(wagmiConfig);
    await expect(
      client.request({ method: "eth_sign" as never, params: ["0x0", "0x0"] as never }),
    ).rejects.toMatchObject({
      details: "Requested RPC call is not allowed",
    });
    expect(await screen.findAllByText("Action not allowed")).toHaveLength(1);
  });

  it("reconnects after a reload while the frame holds the session; SESSION_ENDED disconnects", async () => {
    const storage = memoryStorage();
    render({}, storage);
    await loginByEmail("erin@example.test");
    cleanup();
    standIn?.stop();
    document.body.innerHTML = "";
    // Reload: the same wagmi storage (recentConnectorId "embedded"); the frame keeps its session in its own origin.
    const reloaded = render({ signedIn: true }, storage);
    await waitFor(() => expect(reloaded.wagmiConfig.state.status).toBe("connected"), { timeout: 5000 });
    expect(standIn?.received.some((m) => m.type === "@w3m-app/IS_CONNECTED")).toBe(true);
    expect(await screen.findByRole("button", { name: new RegExp(`Account ${standIn?.user.address}`) })).toBeTruthy();
    standIn?.notify("SESSION_ENDED", { reason: "revoked" });
    await waitFor(() => expect(reloaded.wagmiConfig.state.status).toBe("disconnected"));
    expect(localStorage.getItem(EMBEDDED_EMAIL_KEY)).toBeNull();
    expect(await screen.findByRole("button", { name: "Connect Wallet" })).toBeTruthy();
  });

  it("without a recent embedded connection, a page load mounts no frame", async () => {
    const { wagmiConfig } = render();
    await waitFor(() => expect(wagmiConfig.state.status).toBe("disconnected"));
    await new Promise((r) => setTimeout(r, 100));
    expect(document.querySelector("iframe")).toBeNull();
  });
});
