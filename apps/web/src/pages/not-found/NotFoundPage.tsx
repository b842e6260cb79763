import { Link, useLocation } from "react-router";
import { usePageTitle } from "../../shared/hooks/usePageTitle";

/** Any unknown path. */
export default function NotFoundPage() {
  usePageTitle("Page not found");
  const { pathname } = useLocation();
  return (
    <div className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="muted">
        There is nothing at <span className="mono">{pathname}</span>.
      </p>
      <Link to="/" className="button button--primary">
        Back to the vaults
      </Link>
    </div>
  );
}
