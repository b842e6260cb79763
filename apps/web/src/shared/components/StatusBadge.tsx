/**
 * Every status a badge shows: a pool's or round's, a proposal's (the spec's three and the contract's four), a vault's
 * stop (paused, winding down).
 */
export type BadgeStatus =
  | "open"
  | "locked"
  | "settled"
  | "upcoming"
  | "active"
  | "passed"
  | "rejected"
  | "defeated"
  | "succeeded"
  | "executed"
  | "paused"
  | "winding-down";

const LABELS: Record<BadgeStatus, string> = {
  open: "Open",
  locked: "Locked",
  settled: "Settled",
  upcoming: "Upcoming",
  active: "Active",
  passed: "Passed",
  rejected: "Rejected",
  defeated: "Defeated",
  succeeded: "Succeeded",
  executed: "Executed",
  paused: "Paused",
  "winding-down": "Winding down",
};

/** A pool's, a round's, a proposal's or a vault's status as a coloured badge; `label` replaces the plain word. */
export function StatusBadge({ status, label }: { status: BadgeStatus; label?: string }) {
  return <span className={`badge badge--${status}`}>{label ?? LABELS[status]}</span>;
}
