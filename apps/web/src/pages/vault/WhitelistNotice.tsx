import {
  type AccessRequest,
  accessRequestMessage,
  failureKind,
  fetchAccessRequest,
  MAX_ACCESS_NOTE,
  RequestFailedError,
  requestAccess,
  toUserMessage,
} from "@fundament/sdk";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import { signMessage } from "wagmi/actions";
import { CopyButton } from "../../shared/components/CopyButton";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { shortenAddress } from "../../shared/lib/format";
import { withTimeout } from "../../shared/lib/fundQueries";
import { API_KEY } from "../../shared/lib/queryKeys";
import styles from "./InvestWidget.module.css";
import { isoDate } from "./VaultTerms";

/** Said when the wallet's signature prompt was declined. */
export const ACCESS_SIGNATURE_DECLINED = "You declined the signature: no request was sent.";
/** Said for a smart account, which this button cannot sign for. */
export const ACCESS_SMART_ACCOUNT =
  "Requests are signed by the wallet's own address: copy this smart account's address and send it to the fund's admin.";

export const accessRequestKey = (apiUrl: string, account: Address) =>
  [API_KEY, "access-request", apiUrl, account.toLowerCase()] as const;

/** The account's latest access request as the fund's server has it (`GET /v1/access-requests/{address}`), or null. */
export const accessRequestQuery = (apiUrl: string, account: Address) =>
  queryOptions({
    queryKey: accessRequestKey(apiUrl, account),
    queryFn: ({ signal }) => fetchAccessRequest(apiUrl, account, { signal: withTimeout(signal) }),
    staleTime: 30_000,
    retry: false,
  });

/** What the person reads when a request is refused or fails, in words. */
export function accessRequestError(error: unknown): string {
  if (failureKind(error) === "rejected") return ACCESS_SIGNATURE_DECLINED;
  if (error instanceof RequestFailedError && error.serverMessage) return `${error.serverMessage}.`;
  return toUserMessage(error);
}

/**
 * Said up front in the invest box when the fund's whitelist refuses the investing account (the smart account's when
 * that is the one in use): only whitelisted investors may invest, who can add this address, the address to copy for
 * them, and "Request access", which signs a short message proving the address (with an optional note) and sends it to
 * the admin; the date of a pending request is read back from the fund's server. An admin's wallet is told it can add
 * itself on the Admin page.
 */
export function WhitelistNotice({ account, isAdmin }: { account: Address; isAdmin: boolean }) {
  const short = <span title={account}>{shortenAddress(account)}</span>;
  return (
    <div className={`notice notice--warning ${styles.whitelist}`} role="status" data-testid="whitelist-notice">
      {isAdmin ? (
        <p>
          <strong>Whitelisted investors only:</strong> as an admin, you can add {short} yourself.{" "}
          <Link to="/admin">Open the Admin page</Link> and add it under Investor whitelist.
        </p>
      ) : (
        <p>
          <strong>Whitelisted investors only:</strong> ask the fund's admin to add {short}.
        </p>
      )}
      <CopyButton text={account} label="Copy address" />
      {!isAdmin && <RequestAccess account={account} />}
    </div>
  );
}

/** The account's request: its pending date, or the button (and the optional note) that sends one. */
function RequestAccess({ account }: { account: Address }) {
  const { apiUrl } = useAppConfig();
  const wallet = useWalletStatus();
  const latest = useQuery(accessRequestQuery(apiUrl, account));
  const send = useSendAccessRequest(account);
  const [writing, setWriting] = useState(false);
  const [note, setNote] = useState("");
  const noteId = useId();
  const errorId = useId();

  if (wallet.account?.toLowerCase() !== account.toLowerCase()) return <p className="small">{ACCESS_SMART_ACCOUNT}</p>;
  const request = latest.data;
  const error = send.error ? accessRequestError(send.error) : null;
  if (request?.status === "pending")
    return (
      <div>
        <p className="small" data-testid="access-requested">
          Access requested on {isoDate(request.createdAt)}. The fund's admin sees your request beside the whitelist.
        </p>
        {error && (
          <p className="error-text" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  return (
    <div data-testid="access-request">
      {request?.status === "dismissed" && (
        <p className="small">The fund's admin dismissed your request of {isoDate(request.createdAt)}.</p>
      )}
      {writing ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!send.isPending) send.mutate(note);
          }}
        >
          <div className="field">
            <label htmlFor={noteId}>Note to the admin (optional)</label>
            <textarea
              id={noteId}
              className="input"
              rows={2}
              maxLength={MAX_ACCESS_NOTE}
              value={note}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setNote(e.target.value.replace(/[\r\n]+/g, " "))}
            />
            <p className="field__hint">
              {note.length}/{MAX_ACCESS_NOTE} characters. Your wallet asks you to sign a message proving this address;
              nothing is sent on chain.
            </p>
          </div>
          <button type="submit" className="button button--primary button--small" disabled={send.isPending}>
            {send.isPending ? "Waiting for your signature…" : "Sign and send request"}
          </button>{" "}
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={send.isPending}
            onClick={() => {
              setWriting(false);
              send.reset();
            }}
          >
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" className="button button--secondary button--small" onClick={() => setWriting(true)}>
          Request access
        </button>
      )}
      {error && (
        <p id={errorId} className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Signs the request's message with the wallet and sends it; the server's answer (or a 409) refreshes the read. */
function useSendAccessRequest(account: Address) {
  const { apiUrl } = useAppConfig();
  const wagmiConfig = useConfig();
  const queryClient = useQueryClient();
  const key = accessRequestKey(apiUrl, account);
  return useMutation({
    mutationFn: async (typed: string): Promise<AccessRequest> => {
      const note = typed.trim();
      const issuedAt = new Date().toISOString();
      const message = accessRequestMessage({ address: account, note, issuedAt });
      const signature = await signMessage(wagmiConfig, { account, message });
      return requestAccess(apiUrl, { address: account, note, issuedAt, signature });
    },
    onSuccess: (request) => {
      queryClient.setQueryData(key, request);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      // Already requested: the server's sentence says when, and the read shows the pending request.
      if (error instanceof RequestFailedError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
