import { ACCESS_REQUEST_MAX_AGE_MS, accessRequestMessage } from "@fundament/sdk";
import { type Address, getAddress, type Hex, type PublicClient, verifyMessage } from "viem";
import { HttpError } from "../http/errors.js";

export type VerifyAccessRequestParameters = {
  address: string;
  note: string;
  issuedAt: string;
  signature: Hex;
  /** The fund chain's client: a smart account's signature is checked through it (ERC-1271 / ERC-6492). */
  client: PublicClient | undefined;
  now?: Date;
};

/**
 * Checks a signed access request before it counts: its `issuedAt` is a time within ACCESS_REQUEST_MAX_AGE_MS of now
 * (either way), and `signature` is the address's personal_sign of `accessRequestMessage` over exactly these fields.
 * Returns the checksummed address; throws an HttpError (400/401) in words otherwise.
 */
export async function verifyAccessRequest({
  address,
  note,
  issuedAt,
  signature,
  client,
  now = new Date(),
}: VerifyAccessRequestParameters): Promise<Address> {
  const issued = Date.parse(issuedAt);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(issuedAt) || Number.isNaN(issued))
    throw new HttpError(400, "issuedAt must be an ISO 8601 time such as 2026-11-29T10:00:00.000Z");
  if (Math.abs(now.getTime() - issued) > ACCESS_REQUEST_MAX_AGE_MS)
    throw new HttpError(401, "The signed request is too old or dated in the future: sign it again");
  const checksummed = getAddress(address);
  const message = accessRequestMessage({ address: checksummed, note, issuedAt });
  let valid: boolean;
  try {
    valid = client
      ? await client.verifyMessage({ address: checksummed, message, signature })
      : await verifyMessage({ address: checksummed, message, signature });
  } catch {
    valid = false; // a malformed signature, or an account that does not answer ERC-1271: not this address's
  }
  if (!valid) throw new HttpError(401, `The signature is not ${checksummed}'s signature of this request`);
  return checksummed;
}
