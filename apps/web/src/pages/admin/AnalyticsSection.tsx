import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { ErrorBoundary } from "../../shared/components/ErrorBoundary";
import { Skeleton } from "../../shared/components/Skeleton";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { formatNumber } from "../../shared/lib/format";
import { SignInPrompt, useAdminSignIn, useSessionAddress } from "./AdminSignIn";
import styles from "./AnalyticsSection.module.css";
import { eventWords } from "./analytics.helpers";
import {
  ANALYTICS_DAYS,
  type AnalyticsDay,
  AnalyticsHttpError,
  analyticsConfigQuery,
  analyticsDailyQuery,
  eventSeries,
  eventTotals,
} from "./analytics.queries";

const MultiLineChart = lazy(() => import("../../shared/components/charts/MultiLineChart"));

/** The lines' colours, in the order of the events' totals (readable on the light and the dark theme). */
export const EVENT_COLORS = [
  "#4f46e5",
  "#0f9d6b",
  "#d92d4b",
  "#b25e00",
  "#0891b2",
  "#9333ea",
  "#db2777",
  "#65a30d",
  "#2563eb",
  "#ea580c",
  "#64748b",
  "#ca8a04",
] as const;

/** Shown while the API has analytics off. */
export const ANALYTICS_OFF =
  "Analytics is off. The operator switches it on with ANALYTICS_ENABLED=1 in the API's environment.";
/** Shown without a session (the API answered 401). */
export const ANALYTICS_SIGN_IN = "Sign in to see analytics";
/** Why the sign-in prompt asks, when it is opened from here. */
export const ANALYTICS_SIGN_IN_REASON = "Sign in to see the fund's analytics: the server shows them to admins only.";

/**
 * Analytics (admins): whether the operator switched the API's analytics on, and then the wallet events of the last
 * 30 days counted per day and event (a chart with one line per event, the totals, and the counts in a table). The
 * API shows them to a signed-in admin (SIWE session): without a session it offers "Sign in".
 */
export function AnalyticsSection() {
  const { apiUrl } = useAppConfig();
  const session = useSessionAddress();
  const config = useQuery(analyticsConfigQuery(apiUrl));
  const enabled = config.data?.isAnalyticsEnabled === true;
  const daily = useQuery({ ...analyticsDailyQuery(apiUrl, session), enabled });
  const status = daily.error instanceof AnalyticsHttpError ? daily.error.status : null;

  const signIn = useAdminSignIn(ANALYTICS_SIGN_IN_REASON, () => void daily.refetch());

  let body: ReactNode;
  if (config.isPending || (enabled && daily.isPending)) {
    body = (
      <div aria-busy="true">
        <p className="visually-hidden">Loading analytics…</p>
        <Skeleton height="260px" />
      </div>
    );
  } else if (config.isError) {
    body = (
      <p className="error-text" role="alert">
        {config.error.message}
      </p>
    );
  } else if (!enabled) {
    body = (
      <p className="muted" data-testid="analytics-off">
        {ANALYTICS_OFF}
      </p>
    );
  } else if (status === 401) {
    body = (
      <SignInPrompt
        sentence={ANALYTICS_SIGN_IN}
        testId="analytics-sign-in"
        buttonClassName="button button--primary"
        {...signIn}
      />
    );
  } else if (daily.isError) {
    body = (
      <div className="stack">
        <p className="error-text" role="alert" data-testid="analytics-error">
          {daily.error.message}
        </p>
        {status !== 403 && (
          <div>
            <button type="button" className="button button--secondary" onClick={() => void daily.refetch()}>
              Try again
            </button>
          </div>
        )}
      </div>
    );
  } else {
    body = <AnalyticsChart days={daily.data?.days ?? []} onRefresh={() => void daily.refetch()} />;
  }

  return (
    <section className="card analytics" aria-labelledby="analytics-title" data-testid="analytics-section">
      <h2 id="analytics-title">Analytics</h2>
      <p className="muted">
        The wallet's events (connections, sends, investments, votes) counted per day over the last {ANALYTICS_DAYS}{" "}
        days, stored by the fund's own server without addresses or IP addresses.
      </p>
      {body}
    </section>
  );
}

/** The counts: "No events yet", or the chart (one line per event), the totals and the table per day. */
function AnalyticsChart({ days, onRefresh }: { days: readonly AnalyticsDay[]; onRefresh: () => void }) {
  const totals = useMemo(() => eventTotals(days), [days]);
  const lines = useMemo(
    () =>
      eventSeries(days).map((series, i) => ({
        name: eventWords(series.event),
        color: EVENT_COLORS[i % EVENT_COLORS.length] as string,
        points: series.points,
      })),
    [days],
  );
  const refresh = (
    <div>
      <button type="button" className="button button--secondary button--small" onClick={onRefresh}>
        Refresh
      </button>
    </div>
  );
  if (totals.length === 0) {
    return (
      <div className="stack">
        <p className="muted" data-testid="analytics-empty">
          No events yet
        </p>
        {refresh}
      </div>
    );
  }
  const sortedDays = [...days].sort((a, b) => a.day.localeCompare(b.day));
  const label = `Wallet events per day over the last ${ANALYTICS_DAYS} days: ${totals
    .map((t) => `${eventWords(t.event)} ${t.total}`)
    .join(", ")}`;
  return (
    <div className="stack">
      <ErrorBoundary fallback={<p className="muted chart-empty">The chart could not be drawn in this browser.</p>}>
        <Suspense fallback={<Skeleton height="260px" />}>
          <MultiLineChart lines={lines} label={label} />
        </Suspense>
      </ErrorBoundary>
      <div className="table-wrap">
        <table className="table table--compact" data-testid="analytics-totals">
          <caption className="visually-hidden">Events in the last {ANALYTICS_DAYS} days, per event</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {totals.map((row, i) => (
              <tr key={row.event} data-event={row.event}>
                <th scope="row" title={row.event}>
                  <span
                    className={styles.swatch}
                    style={{ background: EVENT_COLORS[i % EVENT_COLORS.length] }}
                    aria-hidden="true"
                  />
                  {eventWords(row.event)}
                </th>
                <td className="num">{formatNumber(row.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details>
        <summary>Counts per day</summary>
        <div className="table-wrap">
          <table className="table table--compact" data-testid="analytics-days">
            <caption className="visually-hidden">Events per day and event</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                {totals.map((t) => (
                  <th key={t.event} scope="col" className="num" title={t.event}>
                    {eventWords(t.event)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sortedDays.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{day.day}</th>
                  {totals.map((t) => (
                    <td key={t.event} className="num">
                      {formatNumber(day.counts[t.event] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {refresh}
    </div>
  );
}
