/** personal_sign in words: a sign-in (SIWE), a name registration, an access request, or a plain message in full. */
import { type Address, getAddress, type Hex, isAddress, isAddressEqual } from "viem";
import type { FrameChain } from "../config.js";
import { formatDateTime, messageText, plain } from "./format.js";
import { originHost, readSiwe, sameHost } from "./siwe.js";
import type { Row, ViewContent } from "./types.js";

/** How far the API accepts a registration's timestamp from now (apps/api/src/names/registration.ts), in seconds. */
const REGISTRATION_WINDOW_SECONDS = 600;

/** A name registration (the wallet's RegisterAccountName): the JSON text `{"name","attributes","timestamp"}`. */
export type NameRegistration = { name: string; attributes: Record<string, unknown>; timestamp: number };

/**
 * The registration the text is, if it is exactly one: a JSON object with a name, a Unix-seconds timestamp and
 * optionally attributes, nothing else (anything more is shown as the plain text it is).
 */
export function readNameRegistration(text: string): NameRegistration | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined;
  const { name, attributes = {}, timestamp, ...rest } = parsed as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof name !== "string" || !name.trim()) return undefined;
  if (typeof timestamp !== "number" || !Number.isSafeInteger(timestamp) || timestamp < 0) return undefined;
  if (typeof attributes !== "object" || attributes === null || Array.isArray(attributes)) return undefined;
  return { name, attributes: attributes as Record<string, unknown>, timestamp };
}

function describeRegistration(registration: NameRegistration, text: string, account: Address): ViewContent {
  const { name, attributes, timestamp } = registration;
  const signedAt = new Date(timestamp * 1000);
  const warnings: string[] = [];
  if (Math.abs(Date.now() / 1000 - timestamp) > REGISTRATION_WINDOW_SECONDS) {
    warnings.push(
      `This registration is dated ${formatDateTime(signedAt)}: the name service only accepts one made in the last 10 minutes.`,
    );
  }
  const rows: Row[] = [
    { label: "Name", value: name },
    { label: "Owner", value: `Your account ${getAddress(account)}` },
    { label: "Dated", value: formatDateTime(signedAt) },
    ...Object.entries(attributes).map(([key, value]) => ({ label: `Attribute ${key}`, value: plain(value) })),
  ];
  return {
    title: `Sign to register ${name}`,
    action: `register the name ${name}`,
    summary: `Register the name ${name} for your account. Signing costs nothing and sends no transaction.`,
    warnings,
    sections: [{ heading: "Name registration", rows }],
    details: [{ heading: "Message", rows: [{ label: "Text", value: text }] }],
  };
}

/** An access request (the SDK's `accessRequestMessage`): its first line, then Address, Note and Issued at. */
export type AccessRequest = { address: Address; note: string; issuedAt: Date };

const ACCESS_REQUEST_FIRST_LINE = /^Request access to the (.+)'s investor whitelist$/;

/** The access request the text is, if it is exactly one (four lines in the SDK's order, a valid address and date). */
export function readAccessRequest(text: string): (AccessRequest & { fund: string }) | undefined {
  const lines = text.split("\n");
  if (lines.length !== 4) return undefined;
  const [first = "", address = "", note = "", issued = ""] = lines;
  const fund = ACCESS_REQUEST_FIRST_LINE.exec(first)?.[1];
  const addressValue = address.startsWith("Address: ") ? address.slice("Address: ".length) : "";
  const issuedAt = issued.startsWith("Issued at: ") ? new Date(issued.slice("Issued at: ".length)) : undefined;
  if (!fund || !isAddress(addressValue, { strict: false }) || !note.startsWith("Note: ")) return undefined;
  if (!issuedAt || Number.isNaN(issuedAt.getTime())) return undefined;
  const noteText = note.slice("Note: ".length);
  return { fund, address: getAddress(addressValue), note: noteText === "(none)" ? "" : noteText, issuedAt };
}

function describeAccessRequest(request: AccessRequest & { fund: string }, text: string, account: Address): ViewContent {
  const warnings = isAddressEqual(request.address, account)
    ? []
    : [`This request names the account ${request.address}, not yours.`];
  return {
    title: "Sign to request access",
    action: `request access to the ${request.fund}'s investor whitelist`,
    summary: `Ask the fund's admin to add your account to the whitelist. Signing costs nothing and sends no transaction.`,
    warnings,
    sections: [
      {
        heading: "Access request",
        rows: [
          { label: "Account", value: request.address },
          { label: "Note", value: request.note || "(none)" },
          { label: "Dated", value: formatDateTime(request.issuedAt) },
        ],
      },
    ],
    details: [{ heading: "Message", rows: [{ label: "Text", value: text }] }],
  };
}

function describeSignIn(
  siwe: NonNullable<ReturnType<typeof readSiwe>>,
  text: string,
  origin: string,
  account: Address,
  chain: FrameChain,
): ViewContent {
  const warnings: string[] = [];
  if (!sameHost(siwe.domain, origin)) {
    warnings.push(
      `This message is for ${siwe.domain}, not for the app asking (${originHost(origin)}). Signing it could sign you in to ${siwe.domain} as you.`,
    );
  }
  if (!isAddressEqual(siwe.address, account)) {
    warnings.push(`This message names the account ${siwe.address}, not yours.`);
  }
  if (siwe.expirationTime && siwe.expirationTime.getTime() < Date.now()) {
    warnings.push(`This sign-in message expired on ${formatDateTime(siwe.expirationTime)}.`);
  }
  const rows: Row[] = [];
  if (siwe.statement) rows.push({ label: "Statement", value: siwe.statement });
  rows.push({ label: "URI", value: siwe.uri });
  rows.push({
    label: "Chain",
    value: siwe.chainId === chain.id ? `${chain.name} (chain ${chain.id})` : `chain ${siwe.chainId}`,
  });
  rows.push({ label: "Nonce", value: siwe.nonce });
  if (siwe.issuedAt) rows.push({ label: "Issued", value: formatDateTime(siwe.issuedAt) });
  if (siwe.notBefore) rows.push({ label: "Valid from", value: formatDateTime(siwe.notBefore) });
  rows.push({ label: "Expires", value: siwe.expirationTime ? formatDateTime(siwe.expirationTime) : "never" });
  if (siwe.requestId) rows.push({ label: "Request ID", value: siwe.requestId });
  if (siwe.resources?.length) rows.push({ label: "Resources", value: siwe.resources.join("\n") });
  return {
    title: `Sign in to ${siwe.domain}`,
    action: `sign in to ${siwe.domain}`,
    summary: `Sign in to ${siwe.domain} as ${getAddress(siwe.address)}`,
    warnings,
    sections: [{ heading: "Sign-in", rows }],
    details: [{ heading: "Message", rows: [{ label: "Text", value: text }] }],
  };
}

export function describeMessage(message: Hex, origin: string, account: Address, chain: FrameChain): ViewContent {
  const text = messageText(message);
  const readable = text !== message;
  const siwe = readable ? readSiwe(text) : undefined;
  if (siwe) return describeSignIn(siwe, text, origin, account, chain);
  const registration = readable ? readNameRegistration(text) : undefined;
  if (registration) return describeRegistration(registration, text, account);
  const access = readable ? readAccessRequest(text) : undefined;
  if (access) return describeAccessRequest(access, text, account);
  return {
    title: "Sign a message",
    action: "sign a message",
    warnings: [],
    sections: [{ heading: "Message", rows: [{ label: "Text", value: text }] }],
    details: [],
  };
}
