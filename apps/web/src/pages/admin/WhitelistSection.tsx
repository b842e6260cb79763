import { removeInvestorFromWhitelist, toUserMessage, whitelistInvestor } from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Pager } from "../../shared/components/Pager";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { AddressForm } from "./AddressForm";
import { whitelistQuery } from "./admin.queries";
import { filterWhitelist, whitelistActionProblem } from "./whitelist.helpers";

/** Wallets per page of the list. */
export const WHITELIST_PAGE_SIZE = 20;

/**
 * The investor whitelist: every wallet whitelisted now (rebuilt from the whitelist events), searchable by address,
 * each removable; and the form that whitelists or removes a typed address, which says in admin terms, before any
 * prompt, when the address is already listed or not listed.
 */
export function WhitelistSection() {
  const { deployment } = useAppConfig();
  const client = useFundClient();
  const { account } = useWalletStatus();
  const members = useQuery(whitelistQuery(client, deployment));
  const add = useFundAction(whitelistInvestor);
  const remove = useFundAction(removeInvestorFromWhitelist);
  const busy = add.state.status === "pending" || remove.state.status === "pending";
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const searchId = useId();
  const list = members.data ?? [];
  const matches = filterWhitelist(list, search);
  const pages = Math.max(1, Math.ceil(matches.length / WHITELIST_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = matches.slice(current * WHITELIST_PAGE_SIZE, (current + 1) * WHITELIST_PAGE_SIZE);
  const selfListed = account ? list.some((m) => m.address.toLowerCase() === account.toLowerCase()) : true;
  const runAdd = (investor: string) => {
    remove.reset();
    return add.run({ investor });
  };
  const runRemove = (investor: string) => {
    add.reset();
    return remove.run({ investor });
  };

  return (
    <section className="card" aria-labelledby="whitelist-title">
      <h2 id="whitelist-title" ref={add.resultRef}>
        Investor whitelist
      </h2>
      <p className="muted">
        Only whitelisted wallets can invest or propose. A removed wallet keeps its positions to withdraw and the voting
        power it has.
      </p>
      {members.isPending ? (
        <Skeleton height="6rem" />
      ) : members.isError ? (
        <div className="error-state" role="alert">
          <p>{toUserMessage(members.error)}</p>
          <button type="button" className="button button--secondary" onClick={() => void members.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor={searchId}>Search by address</label>
            <input
              id={searchId}
              type="search"
              className="input mono"
              placeholder="0x… or part of it"
              autoComplete="off"
              spellCheck={false}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
            />
          </div>
          <p className="muted small" aria-live="polite" data-testid="whitelist-count">
            {list.length === 0
              ? "No wallet is whitelisted yet."
              : search.trim()
                ? `${matches.length} of ${list.length} whitelisted ${list.length === 1 ? "wallet matches" : "wallets match"}.`
                : `${list.length} whitelisted ${list.length === 1 ? "wallet" : "wallets"}.`}
          </p>
          {list.length > 0 && matches.length === 0 ? (
            <p className="muted">No whitelisted wallet matches “{search.trim()}”.</p>
          ) : (
            list.length > 0 && (
              <ul className="list" aria-label="Whitelisted wallets">
                {shown.map((member) => (
                  <li key={member.address} className="list__item">
                    <span className="list__main">
                      <AddressName address={member.address} />
                      {member.address.toLowerCase() === account?.toLowerCase() && <span className="tag">you</span>}
                    </span>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy}
                      aria-label={`Remove ${member.address} from the whitelist`}
                      onClick={() => void runRemove(member.address)}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )
          )}
          <Pager page={current} pages={pages} onChange={setPage} label="Whitelist pages" />
          {!selfListed && (
            <p className="muted small" data-testid="whitelist-self">
              Your admin wallet is not on the whitelist: whitelist it below to invest from it.
            </p>
          )}
        </>
      )}
      <AddressForm
        label="Investor wallet address"
        busy={busy}
        actions={[
          {
            label: "Whitelist investor",
            check: (address) => (members.data ? whitelistActionProblem("add", address, members.data) : null),
            onSubmit: runAdd,
          },
          {
            label: "Remove from whitelist",
            tone: "secondary",
            check: (address) => (members.data ? whitelistActionProblem("remove", address, members.data) : null),
            onSubmit: runRemove,
          },
        ]}
      />
      <TxStatus state={add.state} />
      <TxStatus state={remove.state} />
    </section>
  );
}
