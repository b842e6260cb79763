/**
 * The frame's protocol side against a stand-in API (test/standInApi.ts, the contract's wire format on a free port):
 * origin and source checks, ids echoed, the refusal texts, a login that makes a wallet and asks to save the recovery
 * file, a second device that restores it from the file, and rejection aborting the other open requests.
 */
import { nameRegistrationMessage } from "@fundament/wallet/core";
import { FRAME_ERRORS } from "@fundament/wallet/embedded-protocol";
import { type Address, type Hex, isAddressEqual, recoverMessageAddress, verifyMessage, verifyTypedData } from "viem";
import { createSiweMessage } from "viem/siwe";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { APP_ORIGIN, MemoryStorage, type MountedFrame, mountFrame } from "../test/harness.js";
import { type StandInApi, startStandInApi } from "../test/standInApi.js";
import { formatDateTime } from "./approval/index.js";
import type { FrameConfig } from "./config.js";
import { NOT_A_SESSION_ID, REVOKE_CURRENT_SESSION, SESSION_NOT_FOUND } from "./frame.js";
import { NOT_A_RECOVERY_FILE, serializeRecoveryFile } from "./shares.js";

let api: StandInApi;
let config: FrameConfig;
let mounted: MountedFrame | undefined;

beforeAll(async () => {
  api = await startStandInApi();
  config = {
    apiUrl: api.url,
    parentOrigins: [APP_ORIGIN],
    // Nothing listens here: these tests never reach a node.
    chains: [{ id: 31337, name: "Anvil", rpcUrl: "http://127.0.0.1:9" }],
    knownContracts: [],
  };
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  mounted?.close();
  mounted = undefined;
});

function mount(storage: Storage = new MemoryStorage(), frameConfig: FrameConfig = config) {
  mounted = mountFrame({ config: frameConfig, storage });
  return mounted;
}

const hex = (text: string): Hex => `0x${Buffer.from(text).toString("hex")}`;

/** Approve only becomes active a second after the screen appears (anti-clickjacking). */
async function waitForEnabled(button: HTMLButtonElement) {
  await vi.waitFor(() => expect(button.disabled).toBe(false), { timeout: 5_000, interval: 10 });
}

/** Email login up to the answer of CONNECT_OTP, saving the recovery file when asked. Returns the file's text. */
async function loginNewUser(f: MountedFrame, email: string): Promise<string> {
  expect((await f.request("CONNECT_EMAIL", { email })).payload).toEqual({ action: "VERIFY_OTP" });
  const otpId = f.send("CONNECT_OTP", { otp: api.code(email) });
  expect((await f.waitForNotice("SHOW")).message.payload).toEqual({
    reason: "recovery-save",
    title: "Save your recovery file",
  });
  expect(f.root.querySelector("h1")?.textContent).toBe("Save your recovery file");
  // The answer waits for the person.
  expect(f.answerTo(otpId)).toBeUndefined();
  const saved = f.button("I saved it");
  expect(saved.disabled).toBe(true);
  let fileText = "";
  const created: Blob[] = [];
  const originalCreate = URL.createObjectURL;
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob);
    return "blob:test";
  };
  try {
    f.button("Download recovery file").click();
  } finally {
    URL.createObjectURL = originalCreate;
  }
  fileText = await (created[0] as Blob).text();
  expect(saved.disabled).toBe(false);
  saved.click();
  await f.waitForNotice("HIDE");
  expect((await f.answer(otpId)).type).toBe("@w3m-frame/CONNECT_OTP_SUCCESS");
  return fileText;
}

describe("the message protocol", () => {
  it("posts READY to the allowed parent origin once listening", () => {
    const f = mount();
    expect(f.notices("READY")).toEqual([
      { origin: APP_ORIGIN, message: { type: "@w3m-frame/READY", id: expect.any(String), payload: { version: "1" } } },
    ]);
  });

  it("ignores messages from another origin or another window", async () => {
    const f = mount();
    f.send("IS_CONNECTED", {}, { origin: "http://evil.test", id: "wrong-origin" });
    f.send("IS_CONNECTED", {}, { source: {}, id: "wrong-source" });
    f.send("IS_CONNECTED", {}, { source: null, id: "no-source" });
    const good = f.send("IS_CONNECTED", {}, { id: "good" });
    expect(await f.answer(good)).toEqual({
      type: "@w3m-frame/IS_CONNECTED_SUCCESS",
      id: "good",
      payload: { isConnected: false },
    });
    expect(f.posted.filter((p) => p.message.id !== "good" && !p.message.type.endsWith("READY"))).toEqual([]);
    expect(f.posted.every((p) => p.origin === APP_ORIGIN)).toBe(true);
  });

  it("echoes each request's id and refuses methods it does not allow with 4200", async () => {
    const f = mount();
    for (const method of ["eth_sign", "eth_signTransaction", "wallet_addEthereumChain", "debug_traceTransaction"]) {
      const id = f.send("RPC_REQUEST", { method, params: [], chainId: 31337 }, { id: `rpc-${method}` });
      expect(await f.answer(id)).toEqual({
        type: "@w3m-frame/RPC_REQUEST_ERROR",
        id: `rpc-${method}`,
        payload: { message: "Requested RPC call is not allowed", code: 4200 },
      });
    }
    expect((await f.request("RPC_REQUEST", { method: "eth_chainId", chainId: 31337 })).payload).toBe("0x7a69");
    expect((await f.request("RPC_REQUEST", { method: "eth_accounts", chainId: 31337 })).payload).toEqual([]);
    expect((await f.request("GET_USER", {})).payload).toEqual({ message: "Not signed in", code: 4100 });
  });
});

describe("email login and the wallet", () => {
  const email = "alice@example.test";
  let recoveryFile = "";
  let address = "";
  const firstDevice = new MemoryStorage();

  it("makes a wallet on the first login, shows the recovery file, and answers after HIDE", async () => {
    const f = mount(firstDevice);
    recoveryFile = await loginNewUser(f, email);
    const user = (await f.request("GET_USER", {})).payload as { address: `0x${string}`; email: string };
    address = user.address;
    expect(user).toMatchObject({ email, chainId: 31337, preferredAccountType: "eoa", loginMethod: "email" });
    expect(api.wallet(email)?.address).toBe(address);
    expect(JSON.parse(recoveryFile)).toMatchObject({ version: 1, address });
    // Neither the key nor a share ever went to the app.
    const everything = JSON.stringify(f.posted);
    expect(everything).not.toContain(JSON.parse(recoveryFile).recoveryShare);
    expect(everything).not.toContain(api.wallet(email)?.authShare);
  });

  it("offers the recovery file without a wall: 'Save later' opens the new wallet, which signs (issue 32)", async () => {
    const f = mount(new MemoryStorage());
    const later = "later@example.test";
    expect((await f.request("CONNECT_EMAIL", { email: later })).payload).toEqual({ action: "VERIFY_OTP" });
    const otpId = f.send("CONNECT_OTP", { otp: api.code(later) });
    await f.waitForNotice("SHOW");
    expect(f.root.textContent).toContain("You can save it any time from Account → Save recovery file.");
    // Without downloading: the button is live at once.
    f.button("Save later").click();
    await f.waitForNotice("HIDE");
    expect((await f.answer(otpId)).type).toBe("@w3m-frame/CONNECT_OTP_SUCCESS");
    const user = (await f.request("GET_USER", {})).payload as { address: `0x${string}` };
    expect(api.wallet(later)?.address).toBe(user.address);
    expect((await f.request("RPC_REQUEST", { method: "eth_accounts", chainId: 31337 })).payload).toEqual([
      user.address,
    ]);
  });

  it("stays connected after a reload, and CONNECT_EMAIL answers CONNECT for the live session", async () => {
    const f = mount(firstDevice);
    expect((await f.request("IS_CONNECTED")).payload).toEqual({ isConnected: true });
    expect((await f.request("RPC_REQUEST", { method: "eth_accounts", chainId: 31337 })).payload).toEqual([address]);
    expect((await f.request("CONNECT_EMAIL", { email: "Alice@Example.test" })).payload).toEqual({ action: "CONNECT" });
    expect(f.notices("SHOW")).toEqual([]);
  });

  it("opens the same wallet on a new device after approval and the recovery file, refusing a wrong file", async () => {
    const f = mount(new MemoryStorage());
    expect((await f.request("CONNECT_EMAIL", { email })).payload).toEqual({ action: "VERIFY_DEVICE" });
    // Not approved in time: the app asks again.
    expect((await f.request("CONNECT_DEVICE")).payload).toMatchObject({ code: "DEVICE_NOT_APPROVED" });
    const deviceId = f.storage.getItem("fundament.frame.deviceId") ?? "";
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const waiting = f.send("CONNECT_DEVICE", {});
    api.approveDevice(email, deviceId);
    expect((await f.answer(waiting)).type).toBe("@w3m-frame/CONNECT_DEVICE_SUCCESS");
    // The app then asks CONNECT_EMAIL again: the device is approved, so the code is mailed.
    expect((await f.request("CONNECT_EMAIL", { email })).payload).toEqual({ action: "VERIFY_OTP" });

    const otpId = f.send("CONNECT_OTP", { otp: api.code(email) });
    expect((await f.waitForNotice("SHOW")).message.payload).toMatchObject({ reason: "recovery-restore" });
    const input = f.root.querySelector("input[type=file]") as HTMLInputElement;
    expect(f.root.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Recovery file");

    const choose = async (text: string) => {
      Object.defineProperty(input, "files", { value: [new File([text], "recovery.json")], configurable: true });
      f.button("Restore").click();
    };
    const alert = () => f.root.querySelector("[role=alert]")?.textContent ?? "";
    const other = await mountlessOtherWalletFile();
    await choose(other);
    await expectEventually(
      () => alert(),
      "This recovery file belongs to a different wallet. Choose the file saved for this wallet.",
    );
    await choose("{ not json");
    await expectEventually(() => alert(), NOT_A_RECOVERY_FILE);
    expect(f.answerTo(otpId)).toBeUndefined();

    await choose(recoveryFile);
    await f.waitForNotice("HIDE");
    expect((await f.answer(otpId)).type).toBe("@w3m-frame/CONNECT_OTP_SUCCESS");
    expect(((await f.request("GET_USER")).payload as { address: string }).address).toBe(address);
    // The recovery share is now this device's share: a reload needs no file.
    f.close();
    const reloaded = mount(f.storage);
    expect((await reloaded.request("IS_CONNECTED")).payload).toEqual({ isConnected: true });
  });

  it("signs out: forgets the session and the key, keeps the device share", async () => {
    const f = mount(firstDevice);
    expect((await f.request("SIGN_OUT")).type).toBe("@w3m-frame/SIGN_OUT_SUCCESS");
    expect((await f.request("IS_CONNECTED")).payload).toEqual({ isConnected: false });
    expect(firstDevice.getItem("fundament.frame.session")).toBeNull();
    expect([...Array(firstDevice.length).keys()].map((i) => firstDevice.key(i))).toContain(
      "fundament.frame.deviceShare.user-1",
    );
  });
});

describe("approvals", () => {
  it("signs a message only after Approve; Reject answers 4001 and aborts every other open request", async () => {
    const f = mount();
    await loginNewUser(f, "bob@example.test");
    const { address } = (await f.request("GET_USER")).payload as { address: `0x${string}` };

    const first = f.send("RPC_REQUEST", {
      method: "personal_sign",
      params: [hex("Hello Fundament"), address],
      chainId: 31337,
    });
    await f.waitForNotice("RPC_REQUEST_APPROVAL");
    expect(f.notices("RPC_REQUEST_APPROVAL")[0]?.message.payload).toEqual({
      requestId: first,
      method: "personal_sign",
    });
    const approve = await f.waitForButton("Approve");
    expect(f.root.textContent).toContain("Hello Fundament");
    expect(f.root.textContent).toContain(APP_ORIGIN);
    // Reject has the focus first.
    expect(document.activeElement?.textContent).toBe("Reject");
    await waitForEnabled(approve);
    approve.click();
    const signed = await f.answer(first);
    expect(signed.type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS");
    const signer = await recoverMessageAddress({
      message: "Hello Fundament",
      signature: signed.payload as `0x${string}`,
    });
    expect(isAddressEqual(signer, address)).toBe(true);
    expect(f.notices("RPC_REQUEST_DONE").at(-1)?.message.payload).toEqual({ requestId: first, approved: true });

    const ids = ["one", "two", "three"].map((word) =>
      f.send("RPC_REQUEST", { method: "personal_sign", params: [hex(word), address], chainId: 31337 }),
    );
    await f.waitForNotice("RPC_REQUEST_APPROVAL", 4);
    (await f.waitForButton("Reject")).click();
    const [rejected, ...aborted] = await Promise.all(ids.map((id) => f.answer(id)));
    expect(rejected?.payload).toEqual({ message: FRAME_ERRORS.userRejected, code: 4001 });
    for (const answer of aborted) expect(answer.payload).toEqual({ message: FRAME_ERRORS.aborted, code: 4001 });
    await f.waitForNotice("HIDE", 3);
    expect(f.root.textContent).toBe("");

    // RPC_ABORT aborts a waiting request the same way.
    const waiting = f.send("RPC_REQUEST", { method: "personal_sign", params: [hex("later"), address], chainId: 31337 });
    await f.waitForButton("Approve");
    await f.request("RPC_ABORT");
    expect((await f.answer(waiting)).payload).toEqual({ message: FRAME_ERRORS.aborted, code: 4001 });
  });

  it("refuses to sign for another account", async () => {
    const f = mount();
    await loginNewUser(f, "carol@example.test");
    const answer = await f.request("RPC_REQUEST", {
      method: "personal_sign",
      params: ["0x68656c6c6f", "0x0000000000000000000000000000000000000001"],
      chainId: 31337,
    });
    expect(answer.payload).toMatchObject({ code: 4100 });
    expect(f.notices("RPC_REQUEST_APPROVAL")).toEqual([]);
  });
});

describe("the approval screen", () => {
  const heading = (f: MountedFrame) => f.root.querySelector("h1")?.textContent;
  const rows = (f: MountedFrame) =>
    Object.fromEntries(
      [...f.root.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
  const warnings = (f: MountedFrame) => [...f.root.querySelectorAll(".warning")].map((p) => p.textContent);

  /** What a browser does when the tab is hidden or shown again. */
  function setVisibility(state: DocumentVisibilityState) {
    Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }
  afterEach(() => {
    // Back to happy-dom's own getter.
    Reflect.deleteProperty(document, "visibilityState");
    vi.unstubAllGlobals();
  });

  async function signedIn(email: string, frameConfig: FrameConfig = config) {
    const f = mount(new MemoryStorage(), frameConfig);
    await loginNewUser(f, email);
    const { address } = (await f.request("GET_USER")).payload as { address: Address };
    return { f, address };
  }

  it("names the requesting origin first and keeps Approve inactive for a second, again after the tab was hidden", async () => {
    const { f, address } = await signedIn("erin@example.test");
    const id = f.send("RPC_REQUEST", {
      method: "personal_sign",
      params: [hex("Pay attention"), address],
      chainId: 31337,
    });
    const approve = await f.waitForButton("Approve");
    const shownAt = Date.now();
    expect(f.root.querySelector("main")?.firstElementChild?.tagName).toBe("H1");
    expect(heading(f)).toBe("app.test:5173 asks you to sign a message");
    expect(f.root.querySelector("h1 .requester")?.textContent).toBe("app.test:5173");
    expect(f.root.textContent).toContain(`Requested by ${APP_ORIGIN} on Anvil (chain 31337)`);

    expect(approve.disabled).toBe(true);
    const hint = f.root.querySelector(`#${approve.getAttribute("aria-describedby")}`);
    expect(hint?.textContent).toBe(
      "Approve becomes available after a short pause, so that a click meant for something else cannot approve.",
    );
    expect(document.activeElement).toBe(f.button("Reject"));
    approve.click();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(f.answerTo(id)).toBeUndefined();
    expect(approve.disabled).toBe(true);
    await waitForEnabled(approve);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(950);
    expect(hint?.textContent).toBe("");

    // The tab goes to the background and comes back: another full second before Approve works.
    setVisibility("hidden");
    expect(approve.disabled).toBe(true);
    setVisibility("visible");
    const backAt = Date.now();
    expect(approve.disabled).toBe(true);
    expect(hint?.textContent).not.toBe("");
    await waitForEnabled(approve);
    expect(Date.now() - backAt).toBeGreaterThanOrEqual(950);

    approve.click();
    expect((await f.answer(id)).type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS");
  });

  it("starts the pause again when the frame comes back into view (IntersectionObserver)", async () => {
    // A stand-in for the browser's observer (happy-dom's never reports): the test says when the frame is seen.
    const observers: { report(visible: boolean): void; disconnected: boolean; targets: Element[] }[] = [];
    class StandInIntersectionObserver {
      disconnected = false;
      targets: Element[] = [];
      constructor(private readonly callback: IntersectionObserverCallback) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.disconnected = true;
      }
      report(visible: boolean) {
        this.callback([{ isIntersecting: visible } as IntersectionObserverEntry], this as never);
      }
    }
    vi.stubGlobal("IntersectionObserver", StandInIntersectionObserver);
    const { f, address } = await signedIn("frank@example.test");
    const id = f.send("RPC_REQUEST", { method: "personal_sign", params: [hex("Look here"), address], chainId: 31337 });
    const approve = await f.waitForButton("Approve");
    await waitForEnabled(approve);
    const observer = observers.at(-1);
    expect(observer?.targets).toEqual([approve]);
    observer?.report(false); // the app hid the frame, or moved it out of view
    expect(approve.disabled).toBe(true);
    // The tab coming back does not count while the frame itself is out of view.
    setVisibility("hidden");
    setVisibility("visible");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(approve.disabled).toBe(true);
    observer?.report(true);
    const seenAt = Date.now();
    expect(approve.disabled).toBe(true);
    await waitForEnabled(approve);
    expect(Date.now() - seenAt).toBeGreaterThanOrEqual(950);
    approve.click();
    expect((await f.answer(id)).type).toBe("@w3m-frame/RPC_REQUEST_SUCCESS");
    expect(observer?.disconnected).toBe(true);
  });

  it("rejects at once with Reject or Escape, while Approve is still inactive", async () => {
    const { f, address } = await signedIn("gina@example.test");
    const first = f.send("RPC_REQUEST", { method: "personal_sign", params: [hex("one"), address], chainId: 31337 });
    const approve = await f.waitForButton("Approve");
    expect(approve.disabled).toBe(true);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect((await f.answer(first)).payload).toEqual({ message: FRAME_ERRORS.userRejected, code: 4001 });
    await f.waitForNotice("HIDE", 2);

    const second = f.send("RPC_REQUEST", { method: "personal_sign", params: [hex("two"), address], chainId: 31337 });
    expect((await f.waitForButton("Approve")).disabled).toBe(true);
    f.button("Reject").click();
    expect((await f.answer(second)).payload).toEqual({ message: FRAME_ERRORS.userRejected, code: 4001 });
    // The screen is gone, and so is its Escape handler: a later Escape touches nothing.
    await f.waitForNotice("HIDE", 3);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(f.notices("RPC_REQUEST_DONE")).toHaveLength(2);
  });

  it("shows a SIWE message as a sign-in, and warns when it is for another site", async () => {
    const { f, address } = await signedIn("hana@example.test");
    const issuedAt = new Date("2026-11-26T20:35:30.790Z");
    const expirationTime = new Date(Date.now() + 3_600_000);
    const siwe = (domain: string) =>
      createSiweMessage({
        domain,
        address,
        statement: "Sign in to Fundament to see your portfolio.",
        uri: `http://${domain}`,
        version: "1",
        chainId: 31337,
        nonce: "8f3a9c2d1b7e4f60",
        issuedAt,
        expirationTime,
      });
    const message = siwe("app.test:5173");
    const id = f.send("RPC_REQUEST", { method: "personal_sign", params: [hex(message), address], chainId: 31337 });
    const approve = await f.waitForButton("Approve");
    expect(heading(f)).toBe("app.test:5173 asks you to sign in to app.test:5173");
    expect(f.root.querySelector(".summary")?.textContent).toBe(`Sign in to app.test:5173 as ${address}`);
    expect(rows(f)).toMatchObject({
      Statement: "Sign in to Fundament to see your portfolio.",
      URI: "http://app.test:5173",
      Chain: "Anvil (chain 31337)",
      Nonce: "8f3a9c2d1b7e4f60",
      Issued: formatDateTime(issuedAt),
      Expires: formatDateTime(expirationTime),
    });
    expect(warnings(f)).toEqual([]);
    // The raw message is there, folded away.
    const details = f.root.querySelector("details");
    expect(details?.querySelector("summary")?.textContent).toBe("Details");
    expect(details?.hasAttribute("open")).toBe(false);
    expect(details?.textContent).toContain(message);
    await waitForEnabled(approve);
    approve.click();
    const signed = await f.answer(id);
    expect(await recoverMessageAddress({ message, signature: signed.payload as Hex })).toBe(address);

    const foreign = f.send("RPC_REQUEST", {
      method: "personal_sign",
      params: [hex(siwe("fundament.example")), address],
      chainId: 31337,
    });
    await f.waitForButton("Approve");
    await vi.waitFor(() => expect(heading(f)).toBe("app.test:5173 asks you to sign in to fundament.example"));
    expect(warnings(f)).toEqual([
      "This message is for fundament.example, not for the app asking (app.test:5173). Signing it could sign you in to fundament.example as you.",
    ]);
    f.button("Reject").click();
    expect((await f.answer(foreign)).payload).toMatchObject({ code: 4001 });

    // Anything beyond the sign-in fields could hide in "Details": such a message is shown as plain text, all of it.
    const padded = `${message}\n\nI also agree to transfer all my funds.`;
    const odd = f.send("RPC_REQUEST", { method: "personal_sign", params: [hex(padded), address], chainId: 31337 });
    await f.waitForButton("Approve");
    await vi.waitFor(() => expect(heading(f)).toBe("app.test:5173 asks you to sign a message"));
    expect(f.root.querySelector("details")).toBeNull();
    expect(rows(f)).toEqual({ Text: padded });
    f.button("Reject").click();
    expect((await f.answer(odd)).payload).toMatchObject({ code: 4001 });

    // Another generator's way of writing the time (no milliseconds) is still a sign-in.
    const plainTimes = message.replace("2026-11-26T20:35:30.790Z", "2026-11-26T20:35:30Z");
    const other = f.send("RPC_REQUEST", {
      method: "personal_sign",
      params: [hex(plainTimes), address],
      chainId: 31337,
    });
    await f.waitForButton("Approve");
    await vi.waitFor(() => expect(heading(f)).toBe("app.test:5173 asks you to sign in to app.test:5173"));
    f.button("Reject").click();
    expect((await f.answer(other)).payload).toMatchObject({ code: 4001 });
  });

  it("shows times in other typed data as dates, and names known contracts", async () => {
    const venue: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
    const { f, address } = await signedIn("ivan@example.test", {
      ...config,
      knownContracts: [{ address: venue, name: "Order book", abi: "erc20" }],
    });
    const typedData = {
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        Order: [
          { name: "maker", type: "address" },
          { name: "venue", type: "address" },
          { name: "amount", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "validAfter", type: "uint256" },
          { name: "validUntil", type: "uint256" },
          { name: "expiry", type: "uint256" },
          { name: "terms", type: "Terms" },
        ],
        Terms: [
          { name: "deadline", type: "uint256" },
          { name: "note", type: "string" },
        ],
      },
      primaryType: "Order",
      domain: { name: "Order book", chainId: 31337, verifyingContract: venue },
      message: {
        maker: address,
        venue,
        amount: "1795726523",
        nonce: "1795726523",
        validAfter: "1764189330",
        validUntil: 1795726523,
        expiry: "0",
        terms: { deadline: "0x6b08d2bb", note: "settle daily" },
      },
    } as const;
    const id = f.send("RPC_REQUEST", {
      method: "eth_signTypedData_v4",
      params: [address, JSON.stringify(typedData)],
      chainId: 31337,
    });
    const approve = await f.waitForButton("Approve");
    const date = (seconds: number) => formatDateTime(new Date(seconds * 1000));
    expect(heading(f)).toBe("app.test:5173 asks you to sign typed data (Order)");
    // The modal's title says what is signed once the frame has read it.
    expect(f.notices("SHOW").map((n) => (n.message.payload as { title: string }).title)).toEqual([
      "Save your recovery file",
      "Sign typed data",
      "Sign typed data: Order",
    ]);
    expect(rows(f)).toEqual({
      name: "Order book",
      chainId: "31337",
      verifyingContract: `Order book (${venue})`,
      "maker (address)": address,
      "venue (address)": `Order book (${venue})`,
      // Only fields named as times are read as times.
      "amount (uint256)": "1795726523",
      "nonce (uint256)": "1795726523",
      "validAfter (uint256)": `1764189330 (${date(1764189330)})`,
      "validUntil (uint256)": `1795726523 (${date(1795726523)})`,
      // 0 is no time at all.
      "expiry (uint256)": "0",
      "terms.deadline (uint256)": `1795740347 (${date(1795740347)})`,
      "terms.note (string)": "settle daily",
    });
    await waitForEnabled(approve);
    approve.click();
    const signed = await f.answer(id);
    const { EIP712Domain: _domain, ...types } = typedData.types;
    expect(
      await verifyTypedData({
        address,
        types,
        primaryType: "Order",
        domain: typedData.domain,
        // What the app sent, as numbers.
        message: {
          maker: address,
          venue,
          amount: 1795726523n,
          nonce: 1795726523n,
          validAfter: 1764189330n,
          validUntil: 1795726523n,
          expiry: 0n,
          terms: { deadline: 1795740347n, note: "settle daily" },
        },
        signature: signed.payload as Hex,
      }),
    ).toBe(true);
  });
});

describe("a name registration on the approval screen", () => {
  it("is titled with the name it registers, shown in words, the raw JSON under Details, and signed as sent", async () => {
    const f = mount();
    await loginNewUser(f, "jane@example.test");
    const { address } = (await f.request("GET_USER")).payload as { address: Address };
    const timestamp = Math.floor(Date.now() / 1000);
    // The very text the wallet's RegisterAccountName signs.
    const message = nameRegistrationMessage("alice.fundament", timestamp);
    const id = f.send("RPC_REQUEST", { method: "personal_sign", params: [hex(message), address], chainId: 31337 });
    const approve = await f.waitForButton("Approve");
    expect(f.notices("SHOW").at(-1)?.message.payload).toEqual({
      reason: "approval",
      title: "Sign to register alice.fundament",
    });
    expect(f.root.querySelector("h1")?.textContent).toBe("app.test:5173 asks you to register the name alice.fundament");
    expect(f.root.querySelector(".summary")?.textContent).toBe(
      "Register the name alice.fundament for your account. Signing costs nothing and sends no transaction.",
    );
    const shown = f.root.querySelector("main > section");
    expect(shown?.textContent).toContain("alice.fundament");
    expect(shown?.textContent).not.toContain("{");
    const details = f.root.querySelector("details");
    expect(details?.hasAttribute("open")).toBe(false);
    expect(details?.textContent).toContain(message);
    expect([...f.root.querySelectorAll(".warning")]).toEqual([]);
    await waitForEnabled(approve);
    approve.click();
    const signed = await f.answer(id);
    expect(await verifyMessage({ address, message, signature: signed.payload as Hex })).toBe(true);
  });

  it("warns about a registration dated outside the name service's ten minutes", async () => {
    const f = mount();
    await loginNewUser(f, "kate@example.test");
    const { address } = (await f.request("GET_USER")).payload as { address: Address };
    const old = Math.floor(Date.now() / 1000) - 3_600;
    f.send("RPC_REQUEST", {
      method: "personal_sign",
      params: [hex(nameRegistrationMessage("kate.fundament", old)), address],
      chainId: 31337,
    });
    await f.waitForButton("Approve");
    expect([...f.root.querySelectorAll(".warning")].map((p) => p.textContent)).toEqual([
      `This registration is dated ${formatDateTime(new Date(old * 1000))}: the name service only accepts one made in the last 10 minutes.`,
    ]);
  });
});

describe("signed-in devices", () => {
  const email = "sessions@example.test";
  type Sessions = { sessions: { pci: string; createdAt: string; lastUsedAt: string | null; current: boolean }[] };

  /** A second session on another profile of the same approved device: the code and the device share, no screen. */
  async function secondSession(first: MemoryStorage): Promise<MountedFrame> {
    const storage = new MemoryStorage();
    for (let i = 0; i < first.length; i++) {
      const key = first.key(i) ?? "";
      if (key !== "fundament.frame.session") storage.setItem(key, first.getItem(key) ?? "");
    }
    const f = mount(storage);
    expect((await f.request("CONNECT_EMAIL", { email })).payload).toEqual({ action: "VERIFY_OTP" });
    expect((await f.request("CONNECT_OTP", { otp: api.code(email) })).type).toBe("@w3m-frame/CONNECT_OTP_SUCCESS");
    return f;
  }

  it("lists the wallet's sessions and signs another one out with the wallet's own signature, never this one", async () => {
    const firstDevice = new MemoryStorage();
    const first = mount(firstDevice);
    await loginNewUser(first, email);
    const { address } = (await first.request("GET_USER")).payload as { address: Address };
    first.close();
    const f = await secondSession(firstDevice);

    const listed = (await f.request("GET_SESSIONS")).payload as Sessions;
    expect(listed.sessions).toHaveLength(2);
    const current = listed.sessions.find((s) => s.current);
    const other = listed.sessions.find((s) => !s.current);
    expect(current).toMatchObject({ loginMethod: "email", createdAt: expect.any(String) });
    expect(other).toMatchObject({ loginMethod: "email", current: false });
    expect(Number.isNaN(Date.parse(other?.createdAt ?? ""))).toBe(false);
    expect(api.sessions(email).map((s) => s.pci)).toEqual(expect.arrayContaining(listed.sessions.map((s) => s.pci)));

    // This device's own session is SIGN_OUT's, and nothing is signed for it.
    const revokesBefore = api.revokes.length;
    expect((await f.request("REVOKE_SESSION", { pci: current?.pci })).payload).toEqual({
      message: REVOKE_CURRENT_SESSION,
    });
    expect(api.revokes).toHaveLength(revokesBefore);

    const revoked = await f.request("REVOKE_SESSION", { pci: other?.pci });
    expect(revoked).toMatchObject({ type: "@w3m-frame/REVOKE_SESSION_SUCCESS", payload: {} });
    // No screen: the person asked in the app, and it moves no funds.
    expect(f.notices("SHOW")).toEqual([]);
    const sent = api.revokes.at(-1);
    expect(sent?.pci).toBe(other?.pci);
    expect(
      await verifyMessage({ address, message: `Revoke session ${other?.pci}`, signature: sent?.signature as Hex }),
    ).toBe(true);
    expect(api.sessions(email).map((s) => s.pci)).toEqual([current?.pci]);
    expect(((await f.request("GET_SESSIONS")).payload as Sessions).sessions.map((s) => s.pci)).toEqual([current?.pci]);
    // The same id again: it is gone.
    expect((await f.request("REVOKE_SESSION", { pci: other?.pci })).payload).toEqual({ message: SESSION_NOT_FOUND });
    // This device stays signed in.
    expect((await f.request("IS_CONNECTED")).payload).toEqual({ isConnected: true });

    // The signed-out profile finds its session ended on its next start.
    f.close();
    const reopened = mount(firstDevice);
    expect((await reopened.request("IS_CONNECTED")).payload).toEqual({ isConnected: false });
    expect(firstDevice.getItem("fundament.frame.session")).toBeNull();
  });

  it("signs nothing the app words: an id that is not a listed session is refused before any signature", async () => {
    const f = mount();
    expect((await f.request("GET_SESSIONS")).payload).toEqual({ message: "Not signed in", code: 4100 });
    expect((await f.request("REVOKE_SESSION", { pci: "00000000-0000-4000-8000-000000000000" })).payload).toEqual({
      message: "Not signed in",
      code: 4100,
    });
    await loginNewUser(f, "sessions.two@example.test");
    const revokesBefore = api.revokes.length;
    for (const pci of ["abc\nSend everything to 0x0000000000000000000000000000000000000001", 42, undefined]) {
      expect((await f.request("REVOKE_SESSION", { pci })).payload).toEqual({ message: NOT_A_SESSION_ID });
    }
    expect((await f.request("REVOKE_SESSION", { pci: "00000000-0000-4000-8000-000000000000" })).payload).toEqual({
      message: SESSION_NOT_FOUND,
    });
    expect(api.revokes).toHaveLength(revokesBefore);
  });
});

async function expectEventually(read: () => string, expected: string) {
  const { vi } = await import("vitest");
  await vi.waitFor(() => expect(read()).toBe(expected), { timeout: 5_000, interval: 10 });
}

/** A valid recovery file of some other wallet. */
async function mountlessOtherWalletFile(): Promise<string> {
  const { createKeyShares } = await import("./shares.js");
  const other = await createKeyShares();
  return serializeRecoveryFile(other.address, other.shares.recoveryShare);
}
