/** Sign-In with Ethereum (EIP-4361): reading a message that is exactly one, and comparing its domain with the app's. */
import { createSiweMessage, parseSiweMessage } from "viem/siwe";

/**
 * An EIP-4361 message (Sign-In with Ethereum), if the text is exactly one: every required field present, and nothing
 * in the text beyond what the fields say. The parser reads the fields it finds and ignores the rest, so the text is
 * rebuilt from them and compared (times may be written with or without milliseconds or an offset); a message with
 * anything extra is shown as plain text instead, all of it.
 */
export function readSiwe(text: string) {
  const siwe = parseSiweMessage(text);
  const { domain, address, uri, version, chainId, nonce, issuedAt } = siwe;
  if (!domain || !address || !uri || !version || chainId === undefined || !nonce || !issuedAt) return undefined;
  const fields = { ...siwe, domain, address, uri, version, chainId, nonce, issuedAt };
  let rebuilt: string;
  try {
    rebuilt = createSiweMessage(fields);
  } catch {
    return undefined; // a field EIP-4361 does not allow (or a time that is not one)
  }
  const sameTimes = text.replace(
    /^(Issued At|Expiration Time|Not Before): (.+)$/gm,
    (line, key: string, value: string) => {
      const time = new Date(value);
      return Number.isNaN(time.getTime()) ? line : `${key}: ${time.toISOString()}`;
    },
  );
  return sameTimes === rebuilt ? fields : undefined;
}

/** The host a SIWE domain names, without the scheme's default port, for comparing with the requesting origin. */
export function sameHost(domain: string, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const defaultPort = url.protocol === "https:" ? ":443" : url.protocol === "http:" ? ":80" : "";
  const host = domain.toLowerCase();
  return host === url.host || (defaultPort !== "" && host === `${url.host}${defaultPort}`);
}

/** The origin's host ("127.0.0.1:5173"), what people recognise from the address bar. */
export function originHost(origin: string): string {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}
