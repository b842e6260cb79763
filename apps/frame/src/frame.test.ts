/**
 * The frame's protocol side against a stand-in API (test/standInApi.ts, the contract's wire format on a free port):
 * origin and source checks, ids echoed, the refusal texts, a login that makes a wallet and asks to save the recovery
 * file, a second device that restores it from the file, and rejection aborting the other open requests.
 */
import { FRAME_ERRORS } from "@fundament/wallet/embedded-protocol";
import { isAddressEqual, recoverMessageAddress } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { APP_ORIGIN, MemoryStorage, type MountedFrame, mountFrame } from "../test/harness.js";
import { type StandInApi, startStandInApi } from "../test/standInApi.js";
import type { FrameConfig } from "./config.js";
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

function mount(storage: Storage = new MemoryStorage()) {
  mounted = mountFrame({ config, storage });
  return mounted;
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
    const hex = (text: string) => `0x${Buffer.from(text).toString("hex")}`;

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
