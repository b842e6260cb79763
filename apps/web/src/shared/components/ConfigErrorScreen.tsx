import styles from "./ConfigErrorScreen.module.css";
/** Shown instead of the app when /config.json cannot be loaded or is invalid. */
export function ConfigErrorScreen({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className={styles.screen} role="alert">
      <h1>Fundament could not start</h1>
      <p>The app could not read its configuration, so it does not know which chain, contract and API to use.</p>
      <p className={`${styles.detail} mono`}>{message}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
