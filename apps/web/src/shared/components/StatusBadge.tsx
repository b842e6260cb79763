import type { PoolStatus, ProposalStatus } from "@fundament/sdk";

const LABELS: Record<PoolStatus | ProposalStatus, string> = {
  open: "Open",
  locked: "Locked",
  settled: "Settled",
  upcoming: "Upcoming",
  active: "Active",
  passed: "Passed",
  rejected: "Rejected",
};

/** A pool's or a proposal's status as a coloured badge. */
export function StatusBadge({ status }: { status: PoolStatus | ProposalStatus }) {
  return <span className={`badge badge--${status}`}>{LABELS[status]}</span>;
}
