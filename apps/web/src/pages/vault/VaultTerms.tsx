import type { LiveVault } from "@fundament/sdk";
import { useInvestmentToken } from "../../shared/hooks/useFundQueries";
import { vaultTerms } from "./terms.helpers";
import styles from "./VaultTerms.module.css";

/**
 * The vault's terms beside the invest box: its fees, its high-water mark and its caps, in words, so a person reads
 * what the vault charges before investing (every figure is the contract's, read with the vault).
 */
export function VaultTerms({ vault }: { vault: LiveVault }) {
  const token = useInvestmentToken();
  const titleId = `terms-${vault.vaultId}-title`;
  if (!token.data) return null;
  return (
    <section className="card" aria-labelledby={titleId} data-testid="vault-terms">
      <h2 id={titleId}>Fees and limits</h2>
      <dl className={styles.terms}>
        {vaultTerms(vault, token.data).map((term) => (
          <div key={term.label} className={styles.term}>
            <dt>{term.label}</dt>
            <dd>
              <span className={styles.value}>{term.value}</span>
              {term.note && <span className={styles.note}>{term.note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
