// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { installStandInFrame, type StandInFrame } from "../../testing/standInFrame.js";
import { createFrameClient, FRAME_TITLE, type FrameClient, FrameError } from "./frameClient.js";
import { showFrameOver } from "./framePosition.js";
import { FRAME_ERRORS, FRAME_READY_DELAY_MS } from "./protocol.js";

const FRAME_URL = "http://127.0.0.1:5174/";
let standIn: StandInFrame | undefined;
let client: FrameClient | undefined;
afterEach(() => {
  client?.destroy();
  standIn?.stop();
  client = undefined;
  standIn = undefined;
  document.body.innerHTML = "";
});

describe("frame client (against the stand-in frame)", () => {
  it("mounts one hidden, titled iframe and is ready only 500 ms after the frame's READY", async () => {
    standIn = installStandInFrame({ frameUrl: FRAME_URL, readyAfterMs: 100 });
    client = createFrameClient({ frameUrl: FRAME_URL });
    const started = Date.now();
    await Promise.all([client.mount(), client.mount()]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100 + FRAME_READY_DELAY_MS - 10);
    const frames = document.querySelectorAll("iframe");
    expect(frames).toHaveLength(1);
    expect(frames[0]?.title).toBe(FRAME_TITLE);
    expect(frames[0]?.getAttribute("aria-hidden")).toBe("true");
    expect(frames[0]?.style.visibility).toBe("hidden");
  });

  it("sends each request with a fresh id and matches the answers by id", async () => {
    standIn = installStandInFrame({ frameUrl: FRAME_URL });
    client = createFrameClient({ frameUrl: FRAME_URL, readyDelayMs: 0 });
    await client.mount();
    const [a, b] = await Promise.all([
      client.request("CONNECT_EMAIL", { email: "alice@example.test" }),
      client.request("SWITCH_NETWORK", { chainId: 11155111 }),
    ]);
    expect(a).toEqual({ action: "VERIFY_OTP" });
    expect(b).toEqual({ chainId: 11155111 });
    const ids = standIn.received.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
  });

  it("rejects with the frame's message and code", async () => {
    standIn = installStandInFrame({ frameUrl: FRAME_URL });
    client = createFrameClient({ frameUrl: FRAME_URL, readyDelayMs: 0 });
    await client.mount();
    const error = await client.request("CONNECT_OTP", { otp: "000000" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FrameError);
    expect((error as FrameError).message).toBe("Invalid code");
    expect((error as FrameError).code).toBe(400);
  });

  it("ignores answers from another origin or another window", async () => {
    standIn = installStandInFrame({ frameUrl: FRAME_URL, silent: ["IS_CONNECTED"] });
    client = createFrameClient({ frameUrl: FRAME_URL, readyDelayMs: 0 });
    await client.mount();
    const shown = vi.fn();
    client.on("SHOW", shown);
    let settled: unknown;
    const pending = client.request("IS_CONNECTED", {}).then((v) => {
      settled = v;
      return v;
    });
    await new Promise((r) => setTimeout(r, 10));
    const id = standIn.received.at(-1)?.id;
    const answer = { type: "@w3m-frame/IS_CONNECTED_SUCCESS", id, payload: { isConnected: true } };
    const show = { type: "@w3m-frame/SHOW", id: "x", payload: { reason: "approval", title: "t" } };
    standIn.postRaw(answer, "http://evil.test", standIn.frameWindow);
    standIn.postRaw(show, "http://evil.test", standIn.frameWindow);
    standIn.postRaw(answer, standIn.origin, window);
    standIn.postRaw(show, standIn.origin, window);
    await new Promise((r) => setTimeout(r, 30));
    expect(settled).toBeUndefined();
    expect(shown).not.toHaveBeenCalled();
    standIn.postRaw(answer, standIn.origin, standIn.frameWindow);
    await expect(pending).resolves.toEqual({ isConnected: true });
  });

  it("aborts a timed request after the timeout ('Request was aborted') and calls the timeout handler", async () => {
    standIn = installStandInFrame({ frameUrl: FRAME_URL, silent: ["CONNECT_EMAIL", "CONNECT_FARCASTER"] });
    const onTimeout = vi.fn();
    client = createFrameClient({ frameUrl: FRAME_URL, readyDelayMs: 0, requestTimeoutMs: 80, onTimeout });
    await client.mount();
    let farcaster = "pending";
    void client.request("CONNECT_FARCASTER", {}).then(
      () => (farcaster = "resolved"),
      () => (farcaster = "rejected"),
    );
    await expect(client.request("CONNECT_EMAIL", { email: "a@example.test" })).rejects.toThrow(FRAME_ERRORS.aborted);
    expect(onTimeout).toHaveBeenCalledWith("CONNECT_EMAIL");
    await new Promise((r) => setTimeout(r, 100));
    // A person scans the Farcaster QR code: that request has no 30 s timeout.
    expect(farcaster).toBe("pending");
  });

  it("stops a login's timeout while the frame is shown (the recovery file), and starts it afresh on HIDE", async () => {
    standIn = installStandInFrame({ frameUrl: FRAME_URL, silent: ["CONNECT_OTP"] });
    client = createFrameClient({ frameUrl: FRAME_URL, readyDelayMs: 0, requestTimeoutMs: 80 });
    await client.mount();
    let otp = "pending";
    const request = client.request("CONNECT_OTP", { otp: "123456" }).then(
      () => (otp = "resolved"),
      (e: unknown) => (otp = (e as Error).message),
    );
    await new Promise((r) => setTimeout(r, 20));
    standIn.notify("SHOW", { reason: "recovery-save", title: "Save your recovery file" });
    await new Promise((r) => setTimeout(r, 200));
    expect(otp).toBe("pending");
    standIn.notify("HIDE", {});
    await new Promise((r) => setTimeout(r, 40));
    expect(otp).toBe("pending");
    await request;
    expect(otp).toBe(FRAME_ERRORS.aborted);
  });

  it("says 'W3mFrame: iframe is not set' before mount", async () => {
    client = createFrameClient({ frameUrl: FRAME_URL });
    await expect(client.request("IS_CONNECTED", {})).rejects.toThrow(FRAME_ERRORS.notSet);
  });

  it("says 'Unable to load email login dependency' when the frame does not load or never says READY", async () => {
    // No stand-in: the iframe fails to load (happy-dom loads no pages: an error event).
    client = createFrameClient({ frameUrl: FRAME_URL, loadTimeoutMs: 2000 });
    await expect(client.mount()).rejects.toThrow(FRAME_ERRORS.loadFailed);
    expect(document.querySelector("iframe")).toBeNull();
    client.destroy();
    standIn = installStandInFrame({ frameUrl: FRAME_URL, readyAfterMs: false });
    client = createFrameClient({ frameUrl: FRAME_URL, loadTimeoutMs: 100 });
    await expect(client.mount()).rejects.toThrow(FRAME_ERRORS.loadFailed);
  });

  it("emits the frame's notices", async () => {
    standIn = installStandInFrame({ frameUrl: FRAME_URL });
    client = createFrameClient({ frameUrl: FRAME_URL, readyDelayMs: 0 });
    await client.mount();
    const ended = new Promise((resolve) => client?.on("SESSION_ENDED", resolve));
    standIn.notify("SESSION_ENDED", { reason: "revoked" });
    await expect(ended).resolves.toEqual({ reason: "revoked" });
  });
});

describe("showing the frame over a placeholder", () => {
  it("positions the same iframe fixed over the box, follows it, and hides it again", async () => {
    const iframe = document.createElement("iframe");
    document.body.appendChild(iframe);
    const box = document.createElement("div");
    document.body.appendChild(box);
    let rect = { top: 100, left: 40, width: 360, height: 480 };
    box.getBoundingClientRect = () => ({ ...rect, right: 0, bottom: 0, x: rect.left, y: rect.top, toJSON: () => rect });
    const stop = showFrameOver(iframe, box);
    expect(iframe.style.position).toBe("fixed");
    expect([iframe.style.top, iframe.style.left, iframe.style.width, iframe.style.height]).toEqual([
      "100px",
      "40px",
      "360px",
      "480px",
    ]);
    expect(iframe.style.pointerEvents).toBe("auto");
    expect(iframe.hasAttribute("aria-hidden")).toBe(false);
    rect = { top: 20, left: 40, width: 360, height: 480 };
    window.dispatchEvent(new Event("scroll"));
    await new Promise((r) => setTimeout(r, 50));
    expect(iframe.style.top).toBe("20px");
    stop();
    expect(iframe.style.visibility).toBe("hidden");
    expect(iframe.getAttribute("aria-hidden")).toBe("true");
    // Never moved: still the body's child it was.
    expect(iframe.parentElement).toBe(document.body);
  });
});
