/** Mounts the frame in happy-dom and plays the app's side of the window-message protocol. */
import { APP_EVENT_PREFIX, FRAME_EVENT_PREFIX, type FrameRequestName } from "@fundament/wallet/embedded-protocol";
import { vi } from "vitest";
import type { FrameConfig } from "../src/config.js";
import { createFrame, type FrameTiming, type SocialCallbackInbox } from "../src/frame.js";

export const APP_ORIGIN = "http://app.test:5173";

/** A Storage of its own per mounted frame: one "browser profile" each. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

export type Posted = { message: { type: string; id: string; payload: unknown }; origin: string };

export function mountFrame(options: {
  config: FrameConfig;
  storage?: Storage;
  timing?: Partial<FrameTiming>;
  socialCallbacks?: SocialCallbackInbox;
}) {
  const posted: Posted[] = [];
  const parent = {
    postMessage(message: Posted["message"], origin: string) {
      posted.push({ message, origin });
    },
  };
  const root = document.createElement("div");
  document.body.append(root);
  const storage = options.storage ?? new MemoryStorage();
  const frame = createFrame({
    config: options.config,
    window,
    parent,
    storage,
    fetch: globalThis.fetch,
    root,
    socialCallbacks: options.socialCallbacks ?? { reset() {}, next: () => new Promise<string>(() => {}) },
    timing: { devicePollMs: 20, deviceGiveUpMs: 200, farcasterPollMs: 20, ...options.timing },
  });
  let counter = 0;

  /** Posts an app message the way a browser delivers it: with the sender's origin and window. */
  function send(name: string, payload: unknown, from: { origin?: string; source?: unknown; id?: string } = {}) {
    const id = from.id ?? `req-${++counter}`;
    const event = new MessageEvent("message", { data: { type: `${APP_EVENT_PREFIX}${name}`, id, payload } });
    Object.defineProperty(event, "origin", { value: from.origin ?? APP_ORIGIN });
    Object.defineProperty(event, "source", { value: "source" in from ? from.source : parent });
    window.dispatchEvent(event);
    return id;
  }

  function answerTo(id: string): Posted | undefined {
    return posted.find(
      (p) =>
        p.message.id === id &&
        /_(SUCCESS|ERROR)$/.test(p.message.type) &&
        p.message.type.startsWith(FRAME_EVENT_PREFIX),
    );
  }

  async function answer(id: string, timeout = 10_000): Promise<Posted["message"]> {
    return vi.waitFor(
      () => {
        const found = answerTo(id);
        if (!found) throw new Error(`no answer to ${id} yet`);
        return found.message;
      },
      { timeout, interval: 10 },
    );
  }

  async function request(name: FrameRequestName, payload: unknown = {}) {
    return answer(send(name, payload));
  }

  function notices(name: string): Posted[] {
    return posted.filter((p) => p.message.type === `${FRAME_EVENT_PREFIX}${name}`);
  }

  async function waitForNotice(name: string, count = 1, timeout = 10_000): Promise<Posted> {
    return vi.waitFor(
      () => {
        const found = notices(name);
        if (found.length < count) throw new Error(`no ${name} notice yet`);
        return found[count - 1] as Posted;
      },
      { timeout, interval: 10 },
    );
  }

  function button(text: string): HTMLButtonElement {
    const found = [...root.querySelectorAll("button")].find((b) => b.textContent === text);
    if (!found) throw new Error(`no button "${text}" on screen: ${root.textContent}`);
    return found as HTMLButtonElement;
  }

  async function waitForButton(text: string, timeout = 10_000): Promise<HTMLButtonElement> {
    return vi.waitFor(() => button(text), { timeout, interval: 10 });
  }

  return {
    frame,
    root,
    storage,
    posted,
    parent,
    send,
    answer,
    answerTo,
    request,
    notices,
    waitForNotice,
    button,
    waitForButton,
    close() {
      frame.close();
      root.remove();
    },
  };
}
export type MountedFrame = ReturnType<typeof mountFrame>;
