import { decodeFunctionData, type Hex, hexToBytes, isHex, namehash, parseAbi, toFunctionSelector } from "viem";
import { HttpError } from "../http/errors.js";

/** The call an `OffchainResolver` sends to the gateway (ENSIP-10 `resolve`, selector 0x9061b923). */
export const resolveAbi = parseAbi(["function resolve(bytes name, bytes data) view returns (bytes)"]);

/** The resolver profiles the gateway answers inside `resolve`. */
export const resolverQueryAbi = parseAbi([
  "function addr(bytes32 node) view returns (address)",
  "function addr(bytes32 node, uint256 coinType) view returns (bytes)",
  "function text(bytes32 node, string key) view returns (string)",
]);

/** The longest request the gateway decodes, in bytes (a 255-byte name and a long text key fit easily). */
export const CCIP_MAX_REQUEST_BYTES = 2048;
/** The longest DNS-encoded name (RFC 1035: 255 bytes). */
const MAX_NAME_BYTES = 255;
/** The longest text-record key the gateway looks up. */
const MAX_TEXT_KEY_LENGTH = 256;

/** One resolver query: `addr(node)` (coin type 60), `addr(node, coinType)` or `text(node, key)`. */
export type ResolverQuery =
  | { kind: "addr"; coinType: 60n }
  | { kind: "addrByCoinType"; coinType: bigint }
  | { kind: "text"; key: string };

/** A decoded gateway request: the queried name (lower-cased, dotted) and what is asked about it. */
export type ResolveRequest = { name: string; query: ResolverQuery };

const RESOLVE_SELECTOR = toFunctionSelector(resolveAbi[0]);

/** The answer to a name that is not a DNS wire-format name. */
const NOT_DNS_ENCODED = "The name is not DNS-encoded";
/** Control characters (Unicode Cc: C0, DEL and C1, NUL among them): no name holds one, and Postgres text no NUL. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** Strict UTF-8 that keeps a byte order mark as a character: a label reads exactly as its bytes. */
const LABEL_DECODER = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** One label's bytes as text; throws a 400 HttpError for invalid UTF-8, a control character or a dot. */
function decodeLabel(bytes: Uint8Array): string {
  let label: string;
  try {
    label = LABEL_DECODER.decode(bytes);
  } catch {
    throw new HttpError(400, "The name is not valid UTF-8");
  }
  if (CONTROL_CHARACTER.test(label)) throw new HttpError(400, "The name contains a control character");
  if (label.includes(".")) throw new HttpError(400, NOT_DNS_ENCODED);
  return label;
}

/**
 * Decodes a DNS wire-format name (length-prefixed labels ending with a zero byte) into a dotted name.
 * Throws a 400 HttpError for a malformed encoding (no root label, a length past the end, bytes after the root
 * label, an empty label inside, over 255 bytes) and for a label that is not UTF-8 or holds a control character
 * (NUL included) or a dot.
 */
export function dnsDecodeName(encoded: Hex): string {
  const bytes = hexToBytes(encoded);
  if (bytes.length === 0 || bytes.length > MAX_NAME_BYTES) throw new HttpError(400, NOT_DNS_ENCODED);
  const labels: string[] = [];
  let offset = 0;
  for (;;) {
    const length = bytes[offset];
    if (length === undefined) throw new HttpError(400, NOT_DNS_ENCODED);
    if (length === 0) break;
    const end = offset + 1 + length;
    if (end >= bytes.length) throw new HttpError(400, NOT_DNS_ENCODED);
    labels.push(decodeLabel(bytes.subarray(offset + 1, end)));
    offset = end;
  }
  if (offset !== bytes.length - 1) throw new HttpError(400, NOT_DNS_ENCODED);
  return labels.join(".");
}

/**
 * Decodes the `resolve(bytes name, bytes data)` call a resolver's `OffchainLookup` carries.
 * 400 for malformed input (not hex, too long, a bad name, a node that is not the name's namehash);
 * 404 for a call or a resolver profile the gateway does not answer.
 */
export function decodeResolveRequest(callData: string): ResolveRequest {
  if (!isHex(callData, { strict: true }) || callData.length % 2 !== 0)
    throw new HttpError(400, "data must be 0x-prefixed hex");
  if ((callData.length - 2) / 2 > CCIP_MAX_REQUEST_BYTES)
    throw new HttpError(400, `data must be at most ${CCIP_MAX_REQUEST_BYTES} bytes`);
  if (callData.slice(0, 10).toLowerCase() !== RESOLVE_SELECTOR)
    throw new HttpError(404, "The gateway answers only resolve(bytes,bytes)");
  let encodedName: Hex;
  let inner: Hex;
  try {
    [encodedName, inner] = decodeFunctionData({ abi: resolveAbi, data: callData }).args;
  } catch {
    throw new HttpError(400, "data is not a valid resolve(bytes,bytes) call");
  }
  const dotted = dnsDecodeName(encodedName);
  let decoded: ReturnType<typeof decodeFunctionData<typeof resolverQueryAbi>>;
  try {
    decoded = decodeFunctionData({ abi: resolverQueryAbi, data: inner });
  } catch {
    throw new HttpError(404, `Unsupported resolver function ${inner.slice(0, 10)}`);
  }
  const node = decoded.args[0];
  if (node.toLowerCase() !== namehash(dotted)) throw new HttpError(400, "The query's node is not the name's namehash");
  const name = dotted.toLowerCase();
  if (decoded.functionName === "text") {
    const key = decoded.args[1];
    if (key.length > MAX_TEXT_KEY_LENGTH)
      throw new HttpError(400, `The text key must be at most ${MAX_TEXT_KEY_LENGTH} characters`);
    return { name, query: { kind: "text", key } };
  }
  if (decoded.args.length === 2) return { name, query: { kind: "addrByCoinType", coinType: decoded.args[1] } };
  return { name, query: { kind: "addr", coinType: 60n } };
}
