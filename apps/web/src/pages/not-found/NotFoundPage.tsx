import { Link, useLocation } from "react-router";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import styles from "./NotFoundPage.module.css";

/** Any unknown path. */
export default function NotFoundPage() {
  usePageTitle("Page not found");
  const { pathname } = useLocation();
  return (
    <div className={`page ${styles.notFound}`}>
      <p className={styles.code} aria-hidden="true">
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
