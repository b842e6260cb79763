import {
  type AccessRequest,
  decideAccessRequest,
  listAccessRequests,
  RequestFailedError,
  toUserMessage,
} from "@fundament/sdk";
import { AddressName } from "@fundament/wallet/react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { Address } from "viem";
import { Skeleton } from "../../shared/components/Skeleton";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { withTimeout } from "../../shared/lib/fundQueries";
import { API_KEY } from "../../shared/lib/queryKeys";
import { isoDate } from "../vault/VaultTerms";
import { SignInPrompt, useAdminSignIn, useSessionAddress } from "./AdminSignIn";

/** Shown without a session (the API answered 401). */
export const ACCESS_REQUESTS_SIGN_IN = "Sign in to see investors' requests for access.";
/** Why the sign-in prompt asks, when it is opened from here. */
export const ACCESS_REQUESTS_SIGN_IN_REASON =
  "Sign in to see and answer investors' access requests: the server shows them to the fund's admins only.";

/** An API error's sentence for an admin (the server's own words when it gave some). */
export function adminApiError(error: unknown): string {
  if (error instanceof RequestFailedError && error.serverMessage) return `${error.serverMessage}.`;
  return toUserMessage(error);
}

export const accessRequestsKey = (apiUrl: string, session: string | null) =>
  [API_KEY, "access-requests", apiUrl, session] as const;

/** The pending access requests (`GET /v1/access-requests?status=pending`, a fund admin's session), oldest first. */
export const accessRequestsQuery = (apiUrl: string, session: string | null) =>
  queryOptions({
    queryKey: accessRequestsKey(apiUrl, session),
    queryFn: ({ signal }) => listAccessRequests(apiUrl, { signal: withTimeout(signal) }),
    staleTime: 30_000,
    retry: false,
  });

export type AccessRequestsProps = {
  /** Whitelists the address on chain (the whitelist section's write); resolves `success` once it went through. */
  onWhitelist: (address: Address) => Promise<{ success: boolean }>;
  /** Whether the whitelist holds the address already (then "Add to whitelist" only closes the request). */
  isListed: (address: string) => boolean;
  /** A whitelist write is under way. */
  busy: boolean;
};

/**
 * Investors' requests for access, in the whitelist section: each pending request's address, note and date, with
 * "Add to whitelist" (the whitelist write, then the request is marked approved; the server checks the chain) and
 * "Dismiss". The server shows them to a signed-in fund admin: without a session the section offers "Sign in".
 */
export function AccessRequests({ onWhitelist, isListed, busy }: AccessRequestsProps) {
  const { apiUrl } = useAppConfig();
  const session = useSessionAddress();
  const requests = useQuery(accessRequestsQuery(apiUrl, session));
  const signIn = useAdminSignIn(ACCESS_REQUESTS_SIGN_IN_REASON, () => void requests.refetch());
  const decide = useDecideAccessRequest(session);
  const status = requests.error instanceof RequestFailedError ? requests.error.status : null;

  const add = async (request: AccessRequest) => {
    decide.reset();
    if (!isListed(request.address)) {
      const result = await onWhitelist(request.address);
      if (!result.success) return;
    }
    decide.mutate({ address: request.address, decision: "approve" });
  };

  let body: ReactNode;
  if (requests.isPending) body = <Skeleton height="3rem" />;
  else if (status === 401)
    body = (
      <SignInPrompt
        sentence={ACCESS_REQUESTS_SIGN_IN}
        testId="access-requests-sign-in"
        sentenceClassName="muted small"
        buttonClassName="button button--secondary button--small"
        {...signIn}
      />
    );
  else if (requests.isError)
    // Not an alert: the whitelist above works without the fund's server, and its own alerts stay the only ones.
    body = (
      <p className="error-text" data-testid="access-requests-error">
        {adminApiError(requests.error)}
      </p>
    );
  else if (requests.data.length === 0) body = <p className="muted small">No pending requests.</p>;
  else
    body = (
      <ul className="list" aria-label="Pending access requests">
        {requests.data.map((request) => (
          <li key={request.address} className="list__item" data-testid="access-request-item">
            <span className="list__main">
              <AddressName address={request.address} />
              <span className="muted small">
                {" "}
                requested on {isoDate(request.createdAt)}
                {request.note ? `: “${request.note}”` : " (no note)"}
              </span>
            </span>
            <span className="inline-form__actions">
              <button
                type="button"
                className="button button--primary button--small"
                disabled={busy || decide.isPending}
                aria-label={`Add ${request.address} to the whitelist`}
                onClick={() => void add(request)}
              >
                Add to whitelist
              </button>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy || decide.isPending}
                aria-label={`Dismiss the request of ${request.address}`}
                onClick={() => decide.mutate({ address: request.address, decision: "dismiss" })}
              >
                Dismiss
              </button>
            </span>
          </li>
        ))}
      </ul>
    );

  const failure = decide.error ? adminApiError(decide.error) : null;
  return (
    <div className="stack" data-testid="access-requests">
      <h3 id="access-requests-title">Access requests</h3>
      {body}
      {failure && (
        <p className="error-text" role="alert">
          {failure}
        </p>
      )}
      {decide.data && (
        <p className="muted small" role="status">
          {decide.data.status === "approved"
            ? `${decide.data.address} is whitelisted; its request is closed.`
            : `The request of ${decide.data.address} is dismissed.`}
        </p>
      )}
    </div>
  );
}

/** Approves or dismisses a request on the server, then reads the pending list again. */
function useDecideAccessRequest(session: string | null) {
  const { apiUrl } = useAppConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parameters: { address: Address; decision: "approve" | "dismiss" }) =>
      decideAccessRequest(apiUrl, parameters),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessRequestsKey(apiUrl, session) }),
  });
}
