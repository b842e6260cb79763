/** personal_sign in words: a sign-in (SIWE), a name registration, or a plain message shown in full. */
import { type Address, getAddress, type Hex, isAddressEqual } from "viem";
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
  return {
    title: "Sign a message",
    action: "sign a message",
    warnings: [],
    sections: [{ heading: "Message", rows: [{ label: "Text", value: text }] }],
    details: [],
  };
}
