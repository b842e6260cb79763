import {
  type AppMessage,
  appEventType,
  FRAME_ERRORS,
  FRAME_EVENT_PREFIX,
  FRAME_READY_DELAY_MS,
  FRAME_REQUEST_TIMEOUT_MS,
  type FrameErrorPayload,
  type FrameNoticeName,
  type FrameNotices,
  type FrameRequestName,
  type FrameRequests,
  isProtocolMessage,
  TIMED_REQUESTS,
} from "./protocol.js";

/** An error answered by the frame (or raised by the client in the spec's words); `code` as the frame gave it. */
export class FrameError extends Error {
  override name = "FrameError";
  readonly code: number | string | undefined;
  constructor(message: string, code?: number | string | undefined) {
    super(message);
    this.code = code;
  }
}

/** The iframe's accessible name. */
export const FRAME_TITLE = "Fundament secure wallet";
/** How long the frame may take to load and say READY before 'Unable to load email login dependency'. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;

export type FrameClientOptions = {
  /** The secure frame's page (its own origin). */
  frameUrl: string;
  /** Where the iframe is mounted (default: the page's document body). */
  document?: Document | undefined;
  loadTimeoutMs?: number | undefined;
  requestTimeoutMs?: number | undefined;
  readyDelayMs?: number | undefined;
  /** Spec §8 "Frame timeout": called when a timed request got no answer in time (before it is aborted). */
  onTimeout?: ((name: FrameRequestName) => void) | undefined;
};

type Pending = {
  name: FrameRequestName;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer?: ReturnType<typeof setTimeout>;
  /** Starts (again) the 30 s timeout of a timed request. */
  arm?: () => void;
};
type NoticeHandler = (payload: never) => void;

export type FrameClient = {
  /** The frame's origin: the only origin messages are accepted from and posted to. */
  readonly origin: string;
  /** The mounted iframe (undefined before `mount`). */
  iframe(): HTMLIFrameElement | undefined;
  /**
   * Mounts the hidden iframe (once) and resolves after its READY notice plus FRAME_READY_DELAY_MS; rejects with
   * 'Unable to load email login dependency' when it does not load (a later call tries again).
   */
  mount(): Promise<void>;
  /** Sends a request with a fresh id; resolves with the frame's `_SUCCESS` payload, rejects with its `_ERROR`. */
  request<N extends FrameRequestName>(
    name: N,
    payload: FrameRequests[N]["payload"],
  ): Promise<FrameRequests[N]["result"]>;
  /** Listens for a frame notice; returns the unsubscribe. */
  on<N extends FrameNoticeName>(name: N, handler: (payload: FrameNotices[N]) => void): () => void;
  /**
   * Also accepts notices from `source` (a popup the app opened that navigated to the frame origin, e.g. the social
   * login callback page), still only from the frame origin. Returns the stop.
   */
  acceptNoticesFrom(source: Window): () => void;
  /** Removes the iframe and rejects what is pending. */
  destroy(): void;
};

/** A fresh, unguessable message id (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newMessageId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Styles of the hidden frame: loaded and listening, but invisible, out of the tab order and the pointer's way. */
export function hideFrameElement(iframe: HTMLIFrameElement): void {
  Object.assign(iframe.style, {
    position: "fixed",
    top: "0px",
    left: "0px",
    width: "0px",
    height: "0px",
    border: "0",
    opacity: "0",
    visibility: "hidden",
    pointerEvents: "none",
    zIndex: "-1",
  });
  iframe.setAttribute("aria-hidden", "true");
  iframe.tabIndex = -1;
}

/** The client's state and wiring, handed to each of its steps. */
type FrameClientState = {
  options: FrameClientOptions;
  origin: string;
  requestTimeoutMs: number;
  readyDelayMs: number;
  loadTimeoutMs: number;
  pending: Map<string, Pending>;
  handlers: Map<FrameNoticeName, Set<NoticeHandler>>;
  extraSources: Set<Window>;
  iframe: HTMLIFrameElement | undefined;
  mounting: Promise<void> | undefined;
  onReady: (() => void) | undefined;
  listening: boolean;
  onMessage: (event: MessageEvent) => void;
};

/** Calls the notice's handlers (one failing handler does not stop the others). */
function emitNotice(s: FrameClientState, name: FrameNoticeName, payload: unknown): void {
  for (const handler of s.handlers.get(name) ?? []) {
    try {
      (handler as (p: unknown) => void)(payload);
    } catch (error) {
      console.error(`[wallet] frame notice ${name} handler failed`, error);
    }
  }
}

/** Settles the pending request a `_SUCCESS` / `_ERROR` answers (ignored when the id or the name does not match). */
function settleRequest(s: FrameClientState, id: string, requestName: string, outcome: string, payload: unknown): void {
  const request = s.pending.get(id);
  if (!request || request.name !== requestName) return;
  s.pending.delete(id);
  if (request.timer !== undefined) clearTimeout(request.timer);
  if (outcome === "SUCCESS") request.resolve(payload);
  else {
    const p = (payload ?? {}) as Partial<FrameErrorPayload>;
    request.reject(new FrameError(typeof p.message === "string" ? p.message : FRAME_ERRORS.unknown, p.code));
  }
}

/**
 * While the frame is shown the person acts in it (saving or choosing the recovery file): a login that waits for
 * that is not stuck, so its timeout stops, and starts afresh when the frame hides again.
 */
function pauseTimeoutsWhileShown(s: FrameClientState, name: string): void {
  if (name === "SHOW") {
    for (const request of s.pending.values()) {
      if (request.timer !== undefined) clearTimeout(request.timer);
      request.timer = undefined;
    }
  } else if (name === "HIDE") {
    for (const request of s.pending.values()) if (request.timer === undefined) request.arm?.();
  }
}

/** A message event: answers, READY and notices, only from the frame origin and the iframe's window (or a popup). */
function handleMessage(s: FrameClientState, event: MessageEvent): void {
  // Only the frame origin, and only the iframe's own window (or a popup the app opened on that origin).
  if (event.origin !== s.origin) return;
  const fromFrame = Boolean(s.iframe && event.source === s.iframe.contentWindow);
  const fromPopup = event.source !== null && s.extraSources.has(event.source as Window);
  if (!fromFrame && !fromPopup) return;
  if (!isProtocolMessage(event.data, FRAME_EVENT_PREFIX)) return;
  const name = event.data.type.slice(FRAME_EVENT_PREFIX.length);
  const answer = /^(.+)_(SUCCESS|ERROR)$/.exec(name);
  if (answer && fromFrame) {
    settleRequest(s, event.data.id, answer[1] as string, answer[2] as string, event.data.payload);
    return;
  }
  if (name === "READY" && fromFrame) {
    s.onReady?.();
    return;
  }
  // The popup may only say that the social redirect is done; everything else comes from the frame itself.
  if (fromPopup && !fromFrame && name !== "SOCIAL_REDIRECT_DONE") return;
  pauseTimeoutsWhileShown(s, name);
  emitNotice(s, name as FrameNoticeName, event.data.payload ?? {});
}

function frameView(s: FrameClientState): Window {
  return (s.options.document ?? document).defaultView ?? window;
}

function listen(s: FrameClientState): void {
  if (s.listening) return;
  s.listening = true;
  frameView(s).addEventListener("message", s.onMessage);
}

function failAll(s: FrameClientState, message: string): void {
  for (const [id, request] of s.pending) {
    if (request.timer !== undefined) clearTimeout(request.timer);
    request.reject(new FrameError(message));
    s.pending.delete(id);
  }
}

/** Appends the hidden iframe; resolves after READY + the ready delay, rejects when it fails to load in time. */
function loadFrame(s: FrameClientState): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    listen(s);
    const doc = s.options.document ?? document;
    const element = doc.createElement("iframe");
    element.title = FRAME_TITLE;
    element.src = s.options.frameUrl;
    element.setAttribute("data-fw-embedded-frame", "");
    hideFrameElement(element);
    let settled = false;
    const fail = () => {
      if (settled) return;
      settled = true;
      clearTimeout(loadTimer);
      s.onReady = undefined;
      element.remove();
      if (s.iframe === element) s.iframe = undefined;
      reject(new FrameError(FRAME_ERRORS.loadFailed));
    };
    const loadTimer = setTimeout(fail, s.loadTimeoutMs);
    s.onReady = () => {
      if (settled) return;
      settled = true;
      clearTimeout(loadTimer);
      s.onReady = undefined;
      // Spec §4 / §9: the frame's readiness, plus an extra 500 ms after the ready event.
      setTimeout(resolve, s.readyDelayMs);
    };
    element.addEventListener("error", fail);
    s.iframe = element;
    doc.body.appendChild(element);
  });
}

function mount(s: FrameClientState): Promise<void> {
  s.mounting ??= loadFrame(s);
  // A failed load is forgotten: the next mount tries again.
  s.mounting.catch(() => {
    s.mounting = undefined;
  });
  return s.mounting;
}

function sendRequest<N extends FrameRequestName>(
  s: FrameClientState,
  name: N,
  payload: FrameRequests[N]["payload"],
): Promise<FrameRequests[N]["result"]> {
  const target = s.iframe?.contentWindow;
  if (!s.iframe || !target) return Promise.reject(new FrameError(FRAME_ERRORS.notSet));
  const id = newMessageId();
  return new Promise((resolve, reject) => {
    const request: Pending = { name, resolve: resolve as (value: unknown) => void, reject };
    if ((TIMED_REQUESTS as readonly string[]).includes(name)) {
      request.arm = () => {
        request.timer = setTimeout(() => {
          if (!s.pending.delete(id)) return;
          // Spec §8 "Frame timeout": the timeout handler runs, then the request is aborted.
          s.options.onTimeout?.(name);
          reject(new FrameError(FRAME_ERRORS.aborted));
        }, s.requestTimeoutMs);
      };
      request.arm();
    }
    s.pending.set(id, request);
    const message: AppMessage = { type: appEventType(name), id, payload } as AppMessage;
    target.postMessage(message, s.origin);
  });
}

function onNotice(s: FrameClientState, name: FrameNoticeName, handler: NoticeHandler): () => void {
  let set = s.handlers.get(name);
  if (!set) {
    set = new Set();
    s.handlers.set(name, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

function destroy(s: FrameClientState): void {
  failAll(s, FRAME_ERRORS.aborted);
  frameView(s).removeEventListener("message", s.onMessage);
  s.listening = false;
  s.iframe?.remove();
  s.iframe = undefined;
  s.mounting = undefined;
}

/**
 * The app side of the frame protocol (spec §7 "Embedded wallet frame"): one hidden iframe on the frame's own origin,
 * requests matched to answers by id, every message checked for the frame origin and the iframe's window.
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const s: FrameClientState = {
    options,
    origin: new URL(options.frameUrl).origin,
    requestTimeoutMs: options.requestTimeoutMs ?? FRAME_REQUEST_TIMEOUT_MS,
    readyDelayMs: options.readyDelayMs ?? FRAME_READY_DELAY_MS,
    loadTimeoutMs: options.loadTimeoutMs ?? FRAME_LOAD_TIMEOUT_MS,
    pending: new Map(),
    handlers: new Map(),
    extraSources: new Set(),
    iframe: undefined,
    mounting: undefined,
    onReady: undefined,
    listening: false,
    onMessage: (event) => handleMessage(s, event),
  };
  return {
    origin: s.origin,
    iframe: () => s.iframe,
    mount: () => mount(s),
    request: (name, payload) => sendRequest(s, name, payload),
    on: (name, handler) => onNotice(s, name, handler as NoticeHandler),
    acceptNoticesFrom(source) {
      listen(s);
      s.extraSources.add(source);
      return () => {
        s.extraSources.delete(source);
      };
    },
    destroy: () => destroy(s),
  };
}
