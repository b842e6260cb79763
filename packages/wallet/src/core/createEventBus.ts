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
};

export type CreateEventBusParameters = {
  /** Where events are POSTed. Off unless set: by default nothing leaves the page. */
  endpoint?: string | undefined;
  fetch?: typeof fetch | undefined;
  /** How many events history() keeps. */
  historySize?: number | undefined;
};

/**
 * The local event bus. Subscribers get every event synchronously. When (and only when) an endpoint is configured,
 * each event is also sent as `POST {eventId, url, domain, timestamp, props}`; send failures are swallowed.
 */
export function createEventBus(parameters: CreateEventBusParameters = {}): EventBus {
  const listeners = new Set<(event: WalletEvent) => void>();
  const events: WalletEvent[] = [];
  const historySize = parameters.historySize ?? 100;
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
      if (parameters.endpoint) {
        const doFetch = parameters.fetch ?? globalThis.fetch;
        const location = typeof window === "undefined" ? undefined : window.location;
        void doFetch(parameters.endpoint, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            eventId: crypto.randomUUID(),
            url: location?.href ?? "",
            domain: location?.host ?? "",
            timestamp: item.timestamp,
            props: { event, properties },
          }),
        }).catch(() => undefined);
      }
      return item;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    history: () => events,
  };
}
