import { queryOptions } from "@tanstack/react-query";
import { withTimeout } from "../../shared/lib/fundQueries";
import { API_KEY } from "../../shared/lib/queryKeys";

/** How many days the admin analytics chart shows. */
export const ANALYTICS_DAYS = 30;

/** The API's answer to `GET /getAnalyticsConfig`. */
export type AnalyticsConfig = { isAnalyticsEnabled: boolean };

/** One day of the API's analytics: the count of each event name on that (UTC) day. */
export type AnalyticsDay = { day: string; counts: Record<string, number> };

/** The API's answer to `GET /admin/analytics/daily?days=…`. */
export type AnalyticsDaily = { enabled: boolean; days: AnalyticsDay[] };

/** An answer of the API other than 2xx: its status and the sentence it gave (its `message`), if any. */
export class AnalyticsHttpError extends Error {
  override name = "AnalyticsHttpError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const analyticsKeys = {
  config: (apiUrl: string) => [API_KEY, "analytics", "config", apiUrl] as const,
  /** Per signed-in account: a new session (or none) asks again. */
  daily: (apiUrl: string, days: number, session: string | null) =>
    [API_KEY, "analytics", "daily", apiUrl, days, session] as const,
};

/** GET a JSON document from the API with the session cookie; a non-2xx answer throws an `AnalyticsHttpError`. */
async function getJson<T>(url: string, signal: AbortSignal | undefined, fetchFn: typeof fetch = fetch): Promise<T> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      credentials: "include",
      headers: { accept: "application/json" },
      signal: withTimeout(signal),
    });
  } catch {
    throw new AnalyticsHttpError(0, "The fund's server cannot be reached. Try again later.");
  }
  if (!response.ok) {
    let message = `The fund's server answered ${response.status}.`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === "string" && body.message) message = body.message;
    } catch {
      // Not JSON: the status says enough.
    }
    throw new AnalyticsHttpError(response.status, message);
  }
  return (await response.json()) as T;
}

/** `GET {api}/getAnalyticsConfig`: whether the operator switched analytics on (`ANALYTICS_ENABLED=1`). */
export const analyticsConfigQuery = (apiUrl: string) =>
  queryOptions({
    queryKey: analyticsKeys.config(apiUrl),
    queryFn: ({ signal }) => getJson<AnalyticsConfig>(`${apiUrl}/getAnalyticsConfig`, signal),
    staleTime: 60_000,
    retry: false,
  });

/**
 * `GET {api}/admin/analytics/daily?days=…` with the SIWE session cookie: counts per day and event (admins only;
 * 401 without a session, 403 for an account without the admin role).
 */
export const analyticsDailyQuery = (apiUrl: string, session: string | null, days = ANALYTICS_DAYS) =>
  queryOptions({
    queryKey: analyticsKeys.daily(apiUrl, days, session),
    queryFn: ({ signal }) => getJson<AnalyticsDaily>(`${apiUrl}/admin/analytics/daily?days=${days}`, signal),
    staleTime: 30_000,
    retry: false,
  });

/** The total of each event over the days, largest first (ties by name). */
export function eventTotals(days: readonly AnalyticsDay[]): { event: string; total: number }[] {
  const totals = new Map<string, number>();
  for (const day of days) {
    for (const [event, count] of Object.entries(day.counts)) totals.set(event, (totals.get(event) ?? 0) + count);
  }
  return [...totals.entries()]
    .map(([event, total]) => ({ event, total }))
    .filter((row) => row.total > 0)
    .sort((a, b) => b.total - a.total || a.event.localeCompare(b.event));
}

/** One line of the chart: an event's count on each day (0 where it did not happen), times in UTC seconds. */
export type EventSeries = { event: string; points: { time: number; value: number }[] };

/** The chart's lines: one per event that happened, every day of `days` on each (oldest first). */
export function eventSeries(days: readonly AnalyticsDay[]): EventSeries[] {
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  return eventTotals(days).map(({ event }) => ({
    event,
    points: sorted.map((day) => ({ time: Date.parse(`${day.day}T00:00:00Z`) / 1000, value: day.counts[event] ?? 0 })),
  }));
}
