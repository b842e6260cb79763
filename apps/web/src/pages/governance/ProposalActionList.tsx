import type { ProposalView } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { describeProposalAction } from "./governance.helpers";
import { simulationQuery } from "./governance.queries";
import styles from "./ProposalCard.module.css";

/** The investment token's decimals and symbol (amounts in actions and refusals), and the vaults (to name them). */
export type ActionWords = {
  token: { decimals: number; symbol: string } | undefined;
  vaults: readonly { vaultId: number; name: string }[];
};

/** What a simulated action would do now: "Would succeed if executed now", or the fund's refusal in words. */
export const WOULD_SUCCEED = "Would succeed if executed now";

/**
 * The on-chain actions a proposal carries, each in plain words, and while voting is open what each would do if the
 * fund's timelock made it now (simulated on the latest block), so voters see a refusal before the vote ends.
 */
export function ProposalActionList({ proposal, token, vaults }: { proposal: ProposalView } & ActionWords) {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const simulated = useQuery(
    simulationQuery(client, deployment, proposal.id, proposal.actions, token ?? {}, proposal.active),
  );
  const headingId = `proposal-${proposal.id}-actions`;
  const words = { deployment, decimals: token?.decimals ?? 0, symbol: token?.symbol ?? "" };
  return (
    <section className={styles.actionList} aria-labelledby={headingId} data-testid={`proposal-${proposal.id}-actions`}>
      <h4 id={headingId} className={styles.subhead}>
        Actions
      </h4>
      <ol className="small">
        {proposal.actions.map((action, i) => {
          const result = simulated.data?.[i];
          return (
            // The same call may appear twice in one proposal: its place in the list is what tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the actions of a proposal never change order.
            <li key={i}>
              <span>{token ? describeProposalAction(action, { ...words, vaults }) : "…"}</span>
              {proposal.active && (
                <span className={`${styles.simulation} ${result ? (result.ok ? styles.ok : styles.refused) : "muted"}`}>
                  {result
                    ? result.ok
                      ? WOULD_SUCCEED
                      : result.message
                    : simulated.isError
                      ? "Could not check what it would do now."
                      : "Checking what it would do now…"}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
