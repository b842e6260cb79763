import { removeInvestorFromWhitelist, toUserMessage, whitelistInvestor } from "@fundament/sdk";
import { addressOfRecord, NamesApiError } from "@fundament/wallet/core";
import { AddressName, useWalletRuntime } from "@fundament/wallet/react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import type { Address } from "viem";
import { AddressInput } from "../../shared/components/AddressInput";
import { Field } from "../../shared/components/Field";
import { Pager } from "../../shared/components/Pager";
import { Skeleton } from "../../shared/components/Skeleton";
import { TxStatus } from "../../shared/components/TxStatus";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundAction } from "../../shared/hooks/useFundAction";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { API_KEY } from "../../shared/lib/queryKeys";
import { AccessRequests } from "./AccessRequests";
import { whitelistQuery } from "./admin.queries";
import {
  filterWhitelist,
  nameResolutionProblem,
  parseWhitelistTarget,
  type WhitelistTarget,
  whitelistActionProblem,
} from "./whitelist.helpers";

/** Wallets per page of the list. */
export const WHITELIST_PAGE_SIZE = 20;

/**
 * The investor whitelist: every wallet whitelisted now (rebuilt from the whitelist events), searchable by address,
 * each removable; the form that whitelists or removes a typed address or name of the fund's names service (the name's
 * address is shown before anything is sent, and a name that does not resolve is said in words), which says in admin
 * terms, before any prompt, when the address is already listed or not listed; and investors' access requests.
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
      <WhitelistForm
        busy={busy}
        check={(action, address) => (members.data ? whitelistActionProblem(action, address, members.data) : null)}
        onAdd={runAdd}
        onRemove={runRemove}
      />
      <TxStatus state={add.state} />
      <TxStatus state={remove.state} />
      <AccessRequests
        busy={busy}
        onWhitelist={runAdd}
        isListed={(address) => list.some((m) => m.address.toLowerCase() === address.toLowerCase())}
      />
    </section>
  );
}

type WhitelistFormProps = {
  busy: boolean;
  /** Why the action makes no sense for this address (already listed, not listed), or null. */
  check: (action: "add" | "remove", address: string) => string | null;
  onAdd: (address: string) => Promise<{ success: boolean }>;
  onRemove: (address: string) => Promise<{ success: boolean }>;
};

/**
 * The whitelist's input: a 0x address, or a name of the fund's names service (`alice.fundament`), resolved on this
 * network through the API as the wallet's Send view does, its address shown before "Whitelist investor" sends it.
 */
function WhitelistForm({ busy, check, onAdd, onRemove }: WhitelistFormProps) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { nameZone } = useWalletRuntime();
  const target = parseWhitelistTarget(value, nameZone);
  const resolved = useWhitelistName(target);
  const address: Address | undefined =
    target.kind === "address" ? target.address : target.kind === "name" ? resolved.address : undefined;

  const submit = async (action: "add" | "remove", event?: FormEvent) => {
    event?.preventDefault();
    let problem: string | null = null;
    if (target.kind === "empty") problem = "Enter a wallet address or a name.";
    else if (target.kind === "invalid") problem = target.message;
    else if (target.kind === "name" && resolved.problem) problem = resolved.problem;
    else if (target.kind === "name" && !address) problem = `Looking up ${target.name}… try again in a moment.`;
    else if (address) problem = check(action, address);
    setError(problem);
    if (problem || !address) return;
    const result = await (action === "add" ? onAdd : onRemove)(address);
    if (result?.success) setValue("");
  };

  return (
    <form className="inline-form" noValidate onSubmit={(e) => void submit("add", e)}>
      <Field
        label="Investor wallet address"
        error={error}
        hint={
          target.kind === "name" ? (
            <span aria-live="polite" data-testid="whitelist-name">
              {resolved.address ? (
                <>
                  {target.name} → <span className="mono">{resolved.address}</span>
                </>
              ) : resolved.problem ? (
                resolved.problem
              ) : (
                `Looking up ${target.name}…`
              )}
            </span>
          ) : (
            `A 0x address, or the investor's name ending in .${nameZone}.`
          )
        }
      >
        {(control) => (
          <AddressInput
            {...control}
            placeholder={`0x… or alice.${nameZone}`}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <div className="inline-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Whitelist investor
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void submit("remove")}
        >
          Remove from whitelist
        </button>
      </div>
    </form>
  );
}

/** A typed name's address on the app's network (`/v1/profile/account/:name`, the wallet's names client), or why not. */
function useWhitelistName(target: WhitelistTarget): { address?: Address; problem?: string } {
  const { names } = useWalletRuntime();
  const { apiUrl, chainId } = useAppConfig();
  const name = target.kind === "name" ? target.name : "";
  const query = useQuery({
    queryKey: [API_KEY, "whitelist-name", apiUrl, name, chainId] as const,
    enabled: Boolean(names && name),
    staleTime: 60_000,
    retry: false,
    queryFn: async (): Promise<Address> => {
      if (!names) throw new Error("Names are not available");
      const record = await names.resolveName(name);
      const address = addressOfRecord(record, chainId);
      if (!address) throw new Error(`${record.name} has no address on this network`);
      return address;
    },
  });
  if (!name) return {};
  if (!names) return { problem: `${name} cannot be looked up: this app has no names service.` };
  if (query.data) return { address: query.data };
  if (query.isError) {
    const error = query.error;
    const status = error instanceof NamesApiError ? error.status : undefined;
    const message = error instanceof NamesApiError ? error.shortMessage : error.message;
    return { problem: nameResolutionProblem(name, { ...(status !== undefined && { status }), message }) };
  }
  return {};
}
