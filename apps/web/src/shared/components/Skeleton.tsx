/** A grey placeholder block while data loads. */
export function Skeleton({
  width = "100%",
  height = "1em",
  className = "",
}: {
  width?: string;
  height?: string;
  className?: string;
}) {
  return <span className={`skeleton ${className}`} style={{ width, height }} aria-hidden="true" />;
}

/** The placeholder of a whole page while its code or data loads. */
export function PageSkeleton() {
  return (
    <div className="page" aria-busy="true">
      <p className="visually-hidden">Loading…</p>
      <Skeleton width="40%" height="2rem" />
      <div className="grid grid--2" style={{ marginTop: "1.5rem" }}>
        <Skeleton height="14rem" />
        <Skeleton height="14rem" />
      </div>
    </div>
  );
}
