export const EVENT_NAMES = [
  "MODAL_OPEN",
  "MODAL_CLOSE",
  "CONNECT_SUCCESS",
  "CONNECT_ERROR",
  "SEND_INITIATED",
  "SEND_SUCCESS",
  "SEND_ERROR",
  "SWITCH_NETWORK",
  "DISCONNECT_SUCCESS",
  "DISCONNECT_ERROR",
  "SIWX_AUTH_SUCCESS",
  "SIWX_AUTH_ERROR",
  "INVEST_SUCCESS",
  "VOTE_SUCCESS",
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export type WalletEvent = {
  event: EventName;
  properties: Record<string, unknown>;
  timestamp: number;
};

export type EventBus = {
  emit(event: EventName, properties?: Record<string, unknown>): WalletEvent;
  subscribe(listener: (event: WalletEvent) => void): () => void;
  /** The events so far, newest last (bounded). */
  history(): readonly WalletEvent[];
  /**
   * Sets where events are POSTed (undefined: nowhere). Events held while the bus awaited its endpoint
   * (`awaitEndpoint`) are sent now, or dropped when it is undefined.
   */
  setEndpoint(endpoint: string | undefined): void;
  /** Where events are POSTed now; undefined when sending is off (or stopped after a refusal). */
  endpoint(): string | undefined;
};

export type CreateEventBusParameters = {
  /** Where events are POSTed. Off unless set: by default nothing leaves the page. */
  endpoint?: string | undefined;
  /**
   * Hold events (at most `historySize`) until `setEndpoint` is called: the app asks its API whether analytics are
   * on (`getAnalyticsConfig`) and the events of the first moments are not lost. Default false.
   */
  awaitEndpoint?: boolean | undefined;
  fetch?: typeof fetch | undefined;
  /** How many events history() keeps. */
  historySize?: number | undefined;
  /**
   * Called once when the endpoint refuses the app (HTTP 403, e.g. 'Invalid App Configuration' for an origin not on
   * the allowlist) with the endpoint's message; sending stops.
   */
  onRejected?: ((message: string) => void) | undefined;
};

const ANALYTICS_REFUSED = "Analytics refused";

/** The `message` (or `error`) of a JSON error body; undefined when there is none. */
async function errorMessage(res: Response): Promise<string | undefined> {
  const body = (await res.json().catch(() => undefined)) as { message?: unknown; error?: unknown } | undefined;
  if (typeof body?.message === "string") return body.message;
  return typeof body?.error === "string" ? body.error : undefined;
}

/**
 * The local event bus. Subscribers get every event synchronously. When (and only when) an endpoint is configured,
 * each event is also sent as `POST {eventId, url, domain, timestamp, props}` (no cookies, `keepalive` so the last
 * events of a page still leave). Network failures are ignored; a 403 stops sending and is reported once through
 * `onRejected`.
 */
export function createEventBus(parameters: CreateEventBusParameters = {}): EventBus {
  const listeners = new Set<(event: WalletEvent) => void>();
  const events: WalletEvent[] = [];
  const historySize = parameters.historySize ?? 100;
  let endpoint = parameters.endpoint;
  let pending: WalletEvent[] | undefined = parameters.awaitEndpoint && !endpoint ? [] : undefined;
  let rejected = false;

  const post = (item: WalletEvent) => {
    if (!endpoint || rejected) return;
    const doFetch = parameters.fetch ?? globalThis.fetch;
    const location = typeof window === "undefined" ? undefined : window.location;
    void doFetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "omit",
      keepalive: true,
      body: JSON.stringify({
        eventId: crypto.randomUUID(),
        url: location?.href ?? "",
        domain: location?.host ?? "",
        timestamp: item.timestamp,
        props: { event: item.event, properties: item.properties },
      }),
    })
      .then(async (res) => {
        if (res.status !== 403 || rejected) return;
        rejected = true;
        endpoint = undefined;
        parameters.onRejected?.((await errorMessage(res)) ?? ANALYTICS_REFUSED);
      })
      .catch(() => undefined);
  };

  return {
    emit(event, properties = {}) {
      const item: WalletEvent = { event, properties, timestamp: Date.now() };
      events.push(item);
      if (events.length > historySize) events.shift();
      for (const listener of listeners) {
        try {
          listener(item);
        } catch (error) {
          console.error("[wallet] event listener failed", error);
        }
      }
      if (pending) {
        pending.push(item);
        if (pending.length > historySize) pending.shift();
      } else post(item);
      return item;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    history: () => events,
    setEndpoint(next) {
      endpoint = rejected ? undefined : next;
      const held = pending ?? [];
      pending = undefined;
      for (const item of held) post(item);
    },
    endpoint: () => endpoint,
  };
}
