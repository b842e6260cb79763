import { fetchVaultPlan, type LiveVault } from "@fundament/sdk";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useInvestmentToken } from "../../shared/hooks/useFundQueries";
import { formatDate } from "../../shared/lib/format";
import { withTimeout } from "../../shared/lib/fundQueries";
import { API_KEY } from "../../shared/lib/queryKeys";
import { vaultTerms } from "./terms.helpers";
import styles from "./VaultTerms.module.css";

/** Who may invest, said up front on every vault page (the invest box adds the reader's own address when refused). */
export const WHO_CAN_INVEST = "Whitelisted investors only";
export const WHO_CAN_INVEST_NOTE =
  "The fund's admin adds wallets to the whitelist. Connect yours to see whether it is listed, or to request access.";

export const vaultPlanKey = (apiUrl: string, vaultId: number, round: number) =>
  [API_KEY, "vault-plan", apiUrl, vaultId, round] as const;

/** The admin's planned lockup date of a vault's round (`GET /v1/vaults/{vaultId}/rounds/{round}/plan`), or null. */
export const vaultPlanQuery = (apiUrl: string, vaultId: number, round: number) =>
  queryOptions({
    queryKey: vaultPlanKey(apiUrl, vaultId, round),
    queryFn: ({ signal }) => fetchVaultPlan(apiUrl, { vaultId, round }, { signal: withTimeout(signal) }),
    staleTime: 60_000,
    retry: false,
  });

/** "Dec 5, 2026" for an ISO time (UTC, as every date of the app). */
export const isoDate = (iso: string) => formatDate(Math.floor(Date.parse(iso) / 1000));

/** What an investor reads of the open round's planned lockup date. */
export const plannedLockupText = (plannedAt: string) =>
  `Planned lockup: ${isoDate(plannedAt)} (set by the fund's admin; deposits close when the admin locks the round)`;

/**
 * The open round's planned lockup date, as the admin set it: nothing when unset, once the round is locked, or when
 * the fund's server does not answer (the date is a plan; the chain's lockup is what counts).
 */
export function PlannedLockupNote({ vault }: { vault: LiveVault }) {
  const { apiUrl } = useAppConfig();
  const open = vault.status === "open";
  const plan = useQuery({ ...vaultPlanQuery(apiUrl, vault.vaultId, vault.round), enabled: open });
  if (!open || !plan.data) return null;
  return (
    <div className="notice notice--info">
      <p data-testid="planned-lockup">{plannedLockupText(plan.data.plannedAt)}</p>
    </div>
  );
}

/**
 * The vault's terms beside the invest box: who may invest, the open round's planned lockup date when the admin set
 * one, its fees, its high-water mark and its caps, in words, so a person reads what the vault charges before
 * investing (every figure is the contract's, read with the vault).
 */
export function VaultTerms({ vault }: { vault: LiveVault }) {
  const token = useInvestmentToken();
  const titleId = `terms-${vault.vaultId}-title`;
  if (!token.data) return null;
  const terms = [
    { label: "Who can invest", value: WHO_CAN_INVEST, note: WHO_CAN_INVEST_NOTE },
    ...vaultTerms(vault, token.data),
  ];
  return (
    <section className="card" aria-labelledby={titleId} data-testid="vault-terms">
      <h2 id={titleId}>Fees and limits</h2>
      <PlannedLockupNote vault={vault} />
      <dl className={styles.terms}>
        {terms.map((term) => (
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
