import { toUserMessage } from "@fundament/sdk";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Pager } from "../../shared/components/Pager";
import { Skeleton } from "../../shared/components/Skeleton";
import { EmptyState, ErrorState } from "../../shared/components/States";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { focusResult } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useInvestmentToken, useInvestorView, useVaults } from "../../shared/hooks/useFundQueries";
import { useInvestorAccount } from "../../shared/hooks/useInvestorAccount";
import { usePageTitle } from "../../shared/hooks/usePageTitle";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { CreateProposalForm } from "./CreateProposalForm";
import styles from "./GovernancePage.module.css";
import {
  executionsQuery,
  PROPOSALS_PAGE_SIZE,
  proposalsQuery,
  voteChoicesQuery,
  votersQuery,
} from "./governance.queries";
import { ProposalCard } from "./ProposalCard";

/**
 * Governance (`/governance`): proposals newest first, a page at a time, signals and proposals with on-chain actions;
 * create (with an optional action), vote (for, against, abstain, with a reason, reviewed before it is cast), queue and
 * execute; each proposal with its body, quorum, voters by weight and when it was executed.
 */
export default function GovernancePage() {
  usePageTitle("Governance");
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const [page, setPage] = useState(0);
  const { isConnected } = useWalletStatus();
  // The account that votes: the smart account when it is in use (its votes and voting power), else the wallet's.
  const account = useInvestorAccount();
  const proposals = useQuery(proposalsQuery(client, deployment, page, account));
  const investor = useInvestorView();
  const token = useInvestmentToken();
  // The vaults, to name them in proposals' actions and to choose one in the create form.
  const vaults = useVaults();
  // Which way the account voted on the proposals on screen it has voted on (from the governor's vote events).
  const votedIds = (proposals.data?.proposals ?? []).filter((p) => p.hasVoted).map((p) => p.id);
  const choices = useQuery(voteChoicesQuery(client, deployment, account, votedIds));
  // Who voted on the proposals on screen, which way and why (the same events, for every voter).
  const shownIds = (proposals.data?.proposals ?? []).map((p) => p.id);
  const voters = useQuery(votersQuery(client, deployment, shownIds));
  // When and in which transaction the executed ones on screen were executed (the governor's ProposalExecuted events).
  const executedIds = (proposals.data?.proposals ?? []).filter((p) => p.state === "executed").map((p) => p.id);
  const executions = useQuery(executionsQuery(client, deployment, executedIds));
  const canPropose = isConnected && (investor.data?.votingPower ?? 0) > 0;
  const pages = Math.max(1, Math.ceil((proposals.data?.total ?? 0) / PROPOSALS_PAGE_SIZE));
  // After a proposal is created: the count before it, until the new one (first on page 1, newest first) is shown.
  const [focusNewAfter, setFocusNewAfter] = useState<number | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const total = proposals.data?.total;
  useEffect(() => {
    if (focusNewAfter === null || page !== 0 || total === undefined || total <= focusNewAfter) return;
    setFocusNewAfter(null);
    focusResult(list.current?.querySelector<HTMLElement>("article") ?? null);
  }, [focusNewAfter, page, total]);
  const onCreated = () => {
    setFocusNewAfter(proposals.data?.total ?? 0);
    setPage(0);
  };

  return (
    <div className="page">
      <header className="page__header">
        <div>
          <h1>Governance</h1>
          <p className="page__lead">
            Investors vote on the fund's proposals with their invested amount as voting power.
          </p>
        </div>
      </header>
      <div className={styles.layout}>
        <section aria-labelledby="proposals-title">
          <h2 id="proposals-title" className="section-title">
            Proposals {proposals.data && <span className="muted">({proposals.data.total})</span>}
          </h2>
          {proposals.isPending ? (
            <div className="stack">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height="9rem" />
              ))}
            </div>
          ) : proposals.isError ? (
            <ErrorState message={toUserMessage(proposals.error)} onRetry={() => void proposals.refetch()} />
          ) : proposals.data.total === 0 ? (
            <EmptyState title="No proposals yet">
              <p>Investors can create the first one.</p>
            </EmptyState>
          ) : (
            <>
              <div ref={list} className="stack" aria-busy={proposals.isPlaceholderData}>
                {proposals.data.proposals.map((proposal) => (
                  <ProposalCard
                    key={proposal.id.toString()}
                    proposal={proposal}
                    connected={isConnected}
                    chainTime={proposals.data.chainTime}
                    choice={choices.data?.[proposal.id.toString()] ?? null}
                    voters={voters.data?.[proposal.id.toString()] ?? []}
                    execution={executions.data?.[proposal.id.toString()] ?? null}
                    token={token.data}
                    vaults={vaults.data ?? []}
                  />
                ))}
              </div>
              <Pager page={page} pages={pages} onChange={setPage} label="Proposal pages" />
            </>
          )}
        </section>
        <aside className={styles.side}>
          {canPropose ? (
            <CreateProposalForm onCreated={onCreated} vaults={vaults.data ?? []} token={token.data} />
          ) : (
            <div className="card">
              <h2>Create a proposal</h2>
              <p className="muted">
                {isConnected
                  ? "Only investors with voting power can create proposals. Invest in a vault to get voting power."
                  : "Connect a wallet with voting power to create a proposal or vote."}
              </p>
            </div>
          )}
        </aside>
      </div>
    </div>
  );
}
