import { type Address, getAddress, type Hex } from "viem";
import { apiUrl } from "./fetchJson.js";
import { type SendJsonParameters, sendJson } from "./sendJson.js";

/** The longest note an investor may add to an access request (characters). */
export const MAX_ACCESS_NOTE = 280;

/** How long a signed access request stays valid after its `issuedAt` (and how far ahead a clock may drift). */
export const ACCESS_REQUEST_MAX_AGE_MS = 10 * 60_000;

/** Where an access request stands: waiting for the admin, whitelisted, or dismissed by the admin. */
export type AccessRequestStatus = "pending" | "approved" | "dismissed";

/** An investor's request to be whitelisted, as the API stores it. The note is shown to admins only. */
export type AccessRequest = {
  address: Address;
  /** The investor's note to the admin ("" without one); the public read leaves it out. */
  note?: string;
  status: AccessRequestStatus;
  /** ISO 8601. */
  createdAt: string;
  /** When the admin approved or dismissed it (ISO 8601); null while pending. */
  decidedAt: string | null;
};

export type AccessRequestMessageParameters = { address: Address; note: string; issuedAt: string };

/**
 * The text an investor signs (EIP-191 personal_sign) to request access: it proves the address, and names the note
 * and the time, so the signature cannot be reused for another note or, after ACCESS_REQUEST_MAX_AGE_MS, at all.
 */
export function accessRequestMessage({ address, note, issuedAt }: AccessRequestMessageParameters): string {
  return [
    "Request access to the Fundament fund's investor whitelist",
    `Address: ${getAddress(address)}`,
    `Note: ${note.trim() || "(none)"}`,
    `Issued at: ${issuedAt}`,
  ].join("\n");
}

export type RequestAccessParameters = AccessRequestMessageParameters & { signature: Hex };

/** `POST /v1/access-requests`: stores a signed request (409 when one is already pending for the address). */
export function requestAccess(
  base: string,
  request: RequestAccessParameters,
  options: Omit<SendJsonParameters, "method" | "body"> = {},
): Promise<AccessRequest> {
  return sendJson<AccessRequest>(apiUrl(base, "/v1/access-requests"), { ...options, method: "POST", body: request });
}

/** `GET /v1/access-requests/{address}`: the address's latest request (without its note), or null when it made none. */
export async function fetchAccessRequest(
  base: string,
  address: Address,
  options: Omit<SendJsonParameters, "method" | "body"> = {},
): Promise<AccessRequest | null> {
  const answer = await sendJson<{ request: AccessRequest | null }>(
    apiUrl(base, `/v1/access-requests/${getAddress(address)}`),
    options,
  );
  return answer.request;
}

/** `GET /v1/access-requests?status=pending` (a signed-in fund admin): the pending requests, oldest first. */
export async function listAccessRequests(
  base: string,
  options: Omit<SendJsonParameters, "method" | "body" | "withSession"> = {},
): Promise<AccessRequest[]> {
  const answer = await sendJson<{ requests: AccessRequest[] }>(
    apiUrl(base, "/v1/access-requests", { status: "pending" }),
    { ...options, withSession: true },
  );
  return answer.requests;
}

export type DecideAccessRequestParameters = {
  address: Address;
  /** approve: the address is whitelisted on chain now (the API checks); dismiss: the admin declines it. */
  decision: "approve" | "dismiss";
};

/** `POST /v1/access-requests/{address}/approve|dismiss` (a signed-in fund admin): closes the pending request. */
export function decideAccessRequest(
  base: string,
  { address, decision }: DecideAccessRequestParameters,
  options: Omit<SendJsonParameters, "method" | "body" | "withSession"> = {},
): Promise<AccessRequest> {
  return sendJson<AccessRequest>(apiUrl(base, `/v1/access-requests/${getAddress(address)}/${decision}`), {
    ...options,
    method: "POST",
    body: {},
    withSession: true,
  });
}
