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

/**
 * The app side of the frame protocol (spec §7 "Embedded wallet frame"): one hidden iframe on the frame's own origin,
 * requests matched to answers by id, every message checked for the frame origin and the iframe's window.
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const origin = new URL(options.frameUrl).origin;
  const requestTimeoutMs = options.requestTimeoutMs ?? FRAME_REQUEST_TIMEOUT_MS;
  const readyDelayMs = options.readyDelayMs ?? FRAME_READY_DELAY_MS;
  const loadTimeoutMs = options.loadTimeoutMs ?? FRAME_LOAD_TIMEOUT_MS;
  const pending = new Map<string, Pending>();
  const handlers = new Map<FrameNoticeName, Set<NoticeHandler>>();
  const extraSources = new Set<Window>();
  let iframe: HTMLIFrameElement | undefined;
  let mounting: Promise<void> | undefined;
  let onReady: (() => void) | undefined;
  let listening = false;

  const emit = (name: FrameNoticeName, payload: unknown) => {
    for (const handler of handlers.get(name) ?? []) {
      try {
        (handler as (p: unknown) => void)(payload);
      } catch (error) {
        console.error(`[wallet] frame notice ${name} handler failed`, error);
      }
    }
  };

  const onMessage = (event: MessageEvent) => {
    // Only the frame origin, and only the iframe's own window (or a popup the app opened on that origin).
    if (event.origin !== origin) return;
    const fromFrame = Boolean(iframe && event.source === iframe.contentWindow);
    const fromPopup = event.source !== null && extraSources.has(event.source as Window);
    if (!fromFrame && !fromPopup) return;
    if (!isProtocolMessage(event.data, FRAME_EVENT_PREFIX)) return;
    const name = event.data.type.slice(FRAME_EVENT_PREFIX.length);
    const answer = /^(.+)_(SUCCESS|ERROR)$/.exec(name);
    if (answer && fromFrame) {
      const request = pending.get(event.data.id);
      if (!request || request.name !== answer[1]) return;
      pending.delete(event.data.id);
      if (request.timer !== undefined) clearTimeout(request.timer);
      if (answer[2] === "SUCCESS") request.resolve(event.data.payload);
      else {
        const p = (event.data.payload ?? {}) as Partial<FrameErrorPayload>;
        request.reject(new FrameError(typeof p.message === "string" ? p.message : FRAME_ERRORS.unknown, p.code));
      }
      return;
    }
    if (name === "READY" && fromFrame) {
      onReady?.();
      return;
    }
    // The popup may only say that the social redirect is done; everything else comes from the frame itself.
    if (fromPopup && !fromFrame && name !== "SOCIAL_REDIRECT_DONE") return;
    // While the frame is shown the person acts in it (saving or choosing the recovery file): a login that waits for
    // that is not stuck, so its timeout stops, and starts afresh when the frame hides again.
    if (name === "SHOW") {
      for (const request of pending.values()) {
        if (request.timer !== undefined) clearTimeout(request.timer);
        request.timer = undefined;
      }
    } else if (name === "HIDE") {
      for (const request of pending.values()) if (request.timer === undefined) request.arm?.();
    }
    emit(name as FrameNoticeName, event.data.payload ?? {});
  };

  const view = () => (options.document ?? document).defaultView ?? window;

  const listen = () => {
    if (listening) return;
    listening = true;
    view().addEventListener("message", onMessage);
  };

  const failAll = (message: string) => {
    for (const [id, request] of pending) {
      if (request.timer !== undefined) clearTimeout(request.timer);
      request.reject(new FrameError(message));
      pending.delete(id);
    }
  };

  const client: FrameClient = {
    origin,
    iframe: () => iframe,
    mount() {
      mounting ??= new Promise<void>((resolve, reject) => {
        listen();
        const doc = options.document ?? document;
        const element = doc.createElement("iframe");
        element.title = FRAME_TITLE;
        element.src = options.frameUrl;
        element.setAttribute("data-fw-embedded-frame", "");
        hideFrameElement(element);
        let settled = false;
        const fail = () => {
          if (settled) return;
          settled = true;
          clearTimeout(loadTimer);
          onReady = undefined;
          element.remove();
          if (iframe === element) iframe = undefined;
          reject(new FrameError(FRAME_ERRORS.loadFailed));
        };
        const loadTimer = setTimeout(fail, loadTimeoutMs);
        onReady = () => {
          if (settled) return;
          settled = true;
          clearTimeout(loadTimer);
          onReady = undefined;
          // Spec §4 / §9: the frame's readiness, plus an extra 500 ms after the ready event.
          setTimeout(resolve, readyDelayMs);
        };
        element.addEventListener("error", fail);
        iframe = element;
        doc.body.appendChild(element);
      });
      // A failed load is forgotten: the next mount tries again.
      mounting.catch(() => {
        mounting = undefined;
      });
      return mounting;
    },
    request(name, payload) {
      const target = iframe?.contentWindow;
      if (!iframe || !target) return Promise.reject(new FrameError(FRAME_ERRORS.notSet));
      const id = newMessageId();
      return new Promise((resolve, reject) => {
        const request: Pending = { name, resolve: resolve as (value: unknown) => void, reject };
        if ((TIMED_REQUESTS as readonly string[]).includes(name)) {
          request.arm = () => {
            request.timer = setTimeout(() => {
              if (!pending.delete(id)) return;
              // Spec §8 "Frame timeout": the timeout handler runs, then the request is aborted.
              options.onTimeout?.(name);
              reject(new FrameError(FRAME_ERRORS.aborted));
            }, requestTimeoutMs);
          };
          request.arm();
        }
        pending.set(id, request);
        const message: AppMessage = { type: appEventType(name), id, payload } as AppMessage;
        target.postMessage(message, origin);
      });
    },
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
      }
      set.add(handler as NoticeHandler);
      return () => {
        set.delete(handler as NoticeHandler);
      };
    },
    acceptNoticesFrom(source) {
      listen();
      extraSources.add(source);
      return () => {
        extraSources.delete(source);
      };
    },
    destroy() {
      failAll(FRAME_ERRORS.aborted);
      view().removeEventListener("message", onMessage);
      listening = false;
      iframe?.remove();
      iframe = undefined;
      mounting = undefined;
    },
  };
  return client;
}
