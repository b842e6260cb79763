import type { ReactNode } from "react";

export type ActivityListProps<Row> = {
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** The content of a row's `<li className="fw-tx">`. */
  renderRow(row: Row): ReactNode;
  /** `unavailable`: the history could not be had; `unavailable` is shown instead of the list. */
  status: "loading" | "unavailable" | "ready";
  unavailable: ReactNode;
  /** Under the list (e.g. why a later page did not load). */
  after?: ReactNode;
  /** The next page: offered when `show`, "Loading…" while it loads. */
  more: { show: boolean; loading: boolean; load(): void };
};

/**
 * The activity list of every chain family: "Loading activity…", the family's unavailable state, "No activity yet", or
 * the rows newest first, with "Load more" for the next page. What a row says is the family view's.
 */
export function ActivityList<Row>(p: ActivityListProps<Row>) {
  return (
    <div className="fw-stack">
      {p.status === "loading" ? (
        <p className="fw-muted" role="status">
          Loading activity…
        </p>
      ) : p.status === "unavailable" ? (
        p.unavailable
      ) : p.rows.length === 0 ? (
        <p className="fw-muted" role="status">
          No activity yet
        </p>
      ) : (
        <ul className="fw-tokens" aria-label="Transactions">
          {p.rows.map((row) => (
            <li key={p.rowKey(row)} className="fw-tx">
              {p.renderRow(row)}
            </li>
          ))}
        </ul>
      )}
      {p.after}
      {p.more.show ? (
        <button
          type="button"
          className="fw-button fw-button-secondary"
          disabled={p.more.loading}
          onClick={() => p.more.load()}
        >
          {p.more.loading ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}
