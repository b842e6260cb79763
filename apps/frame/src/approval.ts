/**
 * What the approval screen shows, worked out inside the frame from the request itself and the chain — never from
 * anything the app says about it, since the approval screen is the one thing a compromised app cannot fake.
 */
import { fundGovernorAbi, fundTimelockAbi, investmentFundAbi, mockUsdcAbi } from "@fundament/sdk";
import {
  type Abi,
  type Address,
  BaseError,
  type Client,
  ContractFunctionRevertedError,
  decodeErrorResult,
  decodeFunctionData,
  erc20Abi,
  formatEther,
  formatUnits,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToString,
  isAddress,
  isAddressEqual,
  isHex,
  type Log,
  maxUint256,
  parseAbi,
  RawContractError,
  type TypedDataDefinition,
} from "viem";
import { call, estimateFeesPerGas, estimateGas, getGasPrice, readContract, simulateCalls } from "viem/actions";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import type { FrameChain, KnownContract, KnownContractAbi } from "./config.js";
import { RpcError } from "./rpc.js";

/** The router functions the app's swaps use (apps/api/src/convert/dex.ts), enough to read a swap. */
export const uniswapV2RouterAbi = parseAbi([
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
]);

const KNOWN_ABIS: Record<KnownContractAbi, Abi> = {
  investmentFund: investmentFundAbi,
  fundGovernor: fundGovernorAbi,
  fundTimelock: fundTimelockAbi,
  erc20: erc20Abi,
  uniswapV2Router: uniswapV2RouterAbi,
};

/** Custom errors a revert may carry: the fund's, its governor's and the token's (OpenZeppelin ERC-20 errors). */
const ERRORS_ABI: Abi = [...investmentFundAbi, ...fundGovernorAbi, ...fundTimelockAbi, ...mockUsdcAbi].filter(
  (item) => item.type === "error",
);

/** traceTransfers reports ETH moves as Transfer logs from this pseudo-address (eth_simulateV1). */
const ETH_PSEUDO_ADDRESS = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

export type Row = { label: string; value: string };

export type TransactionRequest = { to?: Address; value: bigint; data?: Hex; gas?: bigint };

/** A parsed, checked signing request: what gets signed is exactly what was shown. */
export type ApprovalRequest =
  | { method: "personal_sign"; message: Hex }
  | { method: "eth_signTypedData_v4"; typedData: TypedDataDefinition }
  | { method: "eth_sendTransaction"; transaction: TransactionRequest };

export type ApprovalSection = {
  heading: string;
  rows: Row[];
  note?: string | undefined;
  warning?: boolean | undefined;
};

export type ApprovalView = {
  title: string;
  /** What the app asks, completing "<the origin's host> asks you to …" at the top of the screen. */
  action: string;
  /** The requesting app's origin, from the message event (not from anything the app claims). */
  origin: string;
  account: Address;
  network: string;
  /** The request in one plain sentence, when the frame understands it (a permit, a sign-in). */
  summary?: string | undefined;
  /** Reasons to stop and think, shown above everything else. */
  warnings: string[];
  sections: ApprovalSection[];
  /** The raw fields behind the summary, shown folded ("Details"). */
  details: ApprovalSection[];
};

function invalidParams(message: string): never {
  throw new RpcError(-32602, message);
}

function ownAccount(value: unknown, account: Address): void {
  if (typeof value !== "string" || !isAddress(value, { strict: false }) || !isAddressEqual(value, account)) {
    throw new RpcError(4100, "The requested account is not this wallet's account.");
  }
}

function quantity(value: unknown, what: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || !isHex(value)) invalidParams(`${what} must be a hex quantity`);
  return hexToBigInt(value);
}

/** Checks an approval method's params; a malformed request is refused before anything is shown. */
export function parseApprovalRequest(method: string, params: unknown, account: Address): ApprovalRequest {
  if (!Array.isArray(params)) invalidParams("params must be an array");
  if (method === "personal_sign") {
    const [message, address] = params;
    ownAccount(address, account);
    if (typeof message !== "string" || !isHex(message)) invalidParams("the message must be hex");
    return { method, message };
  }
  if (method === "eth_signTypedData_v4") {
    const [address, raw] = params;
    ownAccount(address, account);
    let parsed: unknown;
    try {
      parsed = typeof raw === "string" ? JSON.parse(raw) : raw;
    } catch {
      invalidParams("the typed data is not JSON");
    }
    const typed = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<string, unknown>;
    if (typeof typed.primaryType !== "string" || typeof typed.types !== "object" || typed.types === null) {
      invalidParams("the typed data needs types and a primaryType");
    }
    const { EIP712Domain: _domainType, ...types } = typed.types as Record<string, unknown>;
    if (!(typed.primaryType in types) && typed.primaryType !== "EIP712Domain") {
      invalidParams(`the typed data has no type ${typed.primaryType}`);
    }
    const typedData = {
      domain: (typed.domain ?? {}) as TypedDataDefinition["domain"],
      types: types as TypedDataDefinition["types"],
      primaryType: typed.primaryType,
      message: (typed.message ?? {}) as Record<string, unknown>,
    } as TypedDataDefinition;
    return { method, typedData };
  }
  if (method === "eth_sendTransaction") {
    const tx = (typeof params[0] === "object" && params[0] !== null ? params[0] : undefined) as
      | Record<string, unknown>
      | undefined;
    if (!tx) invalidParams("the transaction is missing");
    if (tx.from !== undefined) ownAccount(tx.from, account);
    if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== "string" || !isAddress(tx.to, { strict: false }))) {
      invalidParams("to must be an address");
    }
    const data = tx.data ?? tx.input;
    if (data !== undefined && (typeof data !== "string" || !isHex(data))) invalidParams("data must be hex");
    const to = typeof tx.to === "string" ? getAddress(tx.to) : undefined;
    if (!to && (!data || data === "0x")) invalidParams("a transaction needs a recipient or data");
    const gas = quantity(tx.gas, "gas");
    return {
      method,
      transaction: {
        ...(to ? { to } : {}),
        value: quantity(tx.value, "value") ?? 0n,
        ...(typeof data === "string" && data !== "0x" ? { data: data as Hex } : {}),
        ...(gas !== undefined ? { gas } : {}),
      },
    };
  }
  throw new RpcError(4200, "Requested RPC call is not allowed");
}

/** Text if the bytes are readable UTF-8 (what people sign in practice), otherwise the hex itself. */
export function messageText(message: Hex): string {
  try {
    const text = hexToString(message);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mean "not text"
    if (!text.includes("\uFFFD") && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) return text;
  } catch {
    // not UTF-8: show the bytes
  }
  return message;
}

function plain(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "bigint" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v), 2);
}

export type TokenMeta = { symbol: string; decimals: number };

/** Reads token symbols and decimals over RPC, once per token. */
export function createTokenReader(client: Client) {
  const cache = new Map<string, Promise<TokenMeta | undefined>>();
  return (token: Address): Promise<TokenMeta | undefined> => {
    const key = token.toLowerCase();
    let entry = cache.get(key);
    if (!entry) {
      entry = Promise.all([
        readContract(client, { address: token, abi: erc20Abi, functionName: "symbol" }),
        readContract(client, { address: token, abi: erc20Abi, functionName: "decimals" }),
      ]).then(
        ([symbol, decimals]) => ({ symbol, decimals }),
        () => undefined,
      );
      cache.set(key, entry);
    }
    return entry;
  };
}
export type TokenReader = ReturnType<typeof createTokenReader>;

export function formatAmount(value: bigint, meta: TokenMeta | undefined): string {
  if (!meta) return `${value.toString()} (raw units of an unknown token)`;
  return `${formatUnits(value, meta.decimals)} ${meta.symbol}`;
}

/**
 * A date and time in the person's own locale and time zone, with the zone named ("26 Nov 2026, 20:35 UTC"): a bare
 * number of seconds means nothing to most people. `locale` and `timeZone` are for tests.
 */
export function formatDateTime(date: Date, options: { locale?: string; timeZone?: string } = {}): string {
  if (Number.isNaN(date.getTime())) return "not a valid time";
  return new Intl.DateTimeFormat(options.locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

/** 2001-09-09 and the year 10000: below is a count or a nonce, above is milliseconds or "never" (max uint). */
const UNIX_SECONDS_MIN = 1_000_000_000n;
const UNIX_SECONDS_END = 253_402_300_800n;

/** The time a uint stands for, if it looks like Unix seconds. */
export function unixSeconds(value: bigint): Date | undefined {
  return value >= UNIX_SECONDS_MIN && value < UNIX_SECONDS_END ? new Date(Number(value) * 1000) : undefined;
}

/** Field names that hold a point in time (EIP-2612, DAI, EIP-3009, Permit2 and the like). */
const TIME_FIELDS = new Set([
  "deadline",
  "expiry",
  "expiration",
  "validuntil",
  "validafter",
  "validbefore",
  "sigdeadline",
]);

/** A typed-data integer as sent: JSON numbers, decimal strings or hex strings. */
function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === "string" && /^(0x[0-9a-fA-F]+|\d+)$/.test(value)) return BigInt(value);
  return undefined;
}

/** "0x1234…abcd": only ever next to a name or in a sentence whose details show the full address. */
export function shortAddress(address: Address): string {
  const checksummed = getAddress(address);
  return `${checksummed.slice(0, 6)}…${checksummed.slice(-4)}`;
}

function knownName(address: Address, knownContracts: readonly KnownContract[]): string | undefined {
  return knownContracts.find((k) => isAddressEqual(k.address, address))?.name;
}

type TypedField = { name: string; type: string };
type TypedTypes = Record<string, readonly TypedField[]>;

/**
 * Rows for one typed-data value, structs and arrays unfolded into dotted labels ("details.token (address)"):
 * addresses of known contracts named, and times (deadline, expiry, …) shown also as dates.
 */
function typedRows(
  types: TypedTypes,
  field: TypedField,
  value: unknown,
  label: string,
  knownContracts: readonly KnownContract[],
): Row[] {
  const array = /^(.*)\[(\d*)\]$/.exec(field.type);
  if (array && Array.isArray(value)) {
    const itemType = array[1] as string;
    return value.flatMap((item: unknown, i) =>
      typedRows(types, { name: field.name, type: itemType }, item, `${label}[${i}]`, knownContracts),
    );
  }
  const struct = types[field.type];
  if (struct && typeof value === "object" && value !== null) {
    const values = value as Record<string, unknown>;
    return struct.flatMap((inner) =>
      typedRows(types, inner, values[inner.name], `${label}.${inner.name}`, knownContracts),
    );
  }
  const row = { label: `${label} (${field.type})`, value: plain(value) };
  if (field.type === "address" && typeof value === "string" && isAddress(value, { strict: false })) {
    row.value = addressLabel(value, knownContracts);
  } else if (/^uint\d*$/.test(field.type) && TIME_FIELDS.has(field.name.toLowerCase())) {
    const seconds = toBigInt(value);
    const date = seconds === undefined ? undefined : unixSeconds(seconds);
    if (seconds !== undefined && date) row.value = `${seconds} (${formatDateTime(date)})`;
  }
  return [row];
}

function domainRows(domain: Record<string, unknown>, knownContracts: readonly KnownContract[]): Row[] {
  return Object.entries(domain).map(([label, value]) => ({
    label,
    value:
      label === "verifyingContract" && typeof value === "string" && isAddress(value, { strict: false })
        ? addressLabel(value, knownContracts)
        : plain(value),
  }));
}

/** A permit the frame can put in words: EIP-2612 (`Permit(owner,spender,value,nonce,deadline)`) or DAI's older one. */
type Permit =
  | { kind: "eip2612"; token: Address; owner: Address; spender: Address; value: bigint; deadline: bigint }
  | { kind: "dai"; token: Address; owner: Address; spender: Address; allowed: boolean; expiry: bigint };

const EIP2612_FIELDS = "deadline:uint256,nonce:uint256,owner:address,spender:address,value:uint256";
const DAI_FIELDS = "allowed:bool,expiry:uint256,holder:address,nonce:uint256,spender:address";

function readPermit(typedData: TypedDataDefinition): Permit | undefined {
  const { primaryType } = typedData;
  const types = typedData.types as TypedTypes;
  const domain = (typedData.domain ?? {}) as Record<string, unknown>;
  const message = (typedData.message ?? {}) as Record<string, unknown>;
  const token = domain.verifyingContract;
  if (primaryType !== "Permit" || typeof token !== "string" || !isAddress(token, { strict: false })) return undefined;
  const shape = (types.Permit ?? [])
    .map((f) => `${f.name}:${f.type}`)
    .sort()
    .join(",");
  const address = (value: unknown) =>
    typeof value === "string" && isAddress(value, { strict: false }) ? getAddress(value) : undefined;
  const spender = address(message.spender);
  if (!spender) return undefined;
  if (shape === EIP2612_FIELDS) {
    const owner = address(message.owner);
    const value = toBigInt(message.value);
    const deadline = toBigInt(message.deadline);
    if (!owner || value === undefined || deadline === undefined) return undefined;
    return { kind: "eip2612", token: getAddress(token), owner, spender, value, deadline };
  }
  if (shape === DAI_FIELDS) {
    const owner = address(message.holder);
    const expiry = toBigInt(message.expiry);
    if (!owner || expiry === undefined || typeof message.allowed !== "boolean") return undefined;
    return { kind: "dai", token: getAddress(token), owner, spender, allowed: message.allowed, expiry };
  }
  return undefined;
}

/** "until 26 Nov 2026, 20:35 UTC", or no end at all (DAI's expiry 0, a deadline of max uint or past the year 9999). */
function untilPhrase(seconds: bigint, noEnd: boolean): string {
  if (noEnd || seconds >= UNIX_SECONDS_END) return "with no end date";
  return `until ${formatDateTime(new Date(Number(seconds) * 1000))}`;
}

/** The domain's chainId as a number, if it names one. */
function domainChainId(domain: Record<string, unknown>): number | undefined {
  const id = toBigInt(domain.chainId);
  return id === undefined ? undefined : Number(id);
}

async function describePermit(
  permit: Permit,
  options: { account: Address; onThisChain: boolean; knownContracts: readonly KnownContract[]; tokens: TokenReader },
): Promise<{ action: string; summary: string; warnings: string[] }> {
  const { account, onThisChain, knownContracts, tokens } = options;
  // A token on another chain cannot be read from this chain's node: its amount stays in raw units.
  const meta = onThisChain ? await tokens(permit.token) : undefined;
  const symbol = meta?.symbol ?? "tokens";
  const spender = knownName(permit.spender, knownContracts) ?? shortAddress(permit.spender);
  const warnings: string[] = [];
  if (!isAddressEqual(permit.owner, account)) {
    warnings.push(`This permit is for the account ${getAddress(permit.owner)}, not yours.`);
  }
  const action = `let ${spender} spend your ${meta ? meta.symbol : "tokens"}`;
  let summary: string;
  let end: bigint;
  if (permit.kind === "eip2612") {
    const amount = permit.value === maxUint256 ? `Unlimited ${symbol}` : formatAmount(permit.value, meta);
    end = permit.deadline;
    summary = `Allow ${spender} to spend ${amount} ${untilPhrase(permit.deadline, permit.deadline === maxUint256)}.`;
  } else {
    end = permit.expiry;
    if (!permit.allowed) {
      return {
        action: `take back ${spender}'s permission to spend your ${symbol}`,
        summary: `Remove ${spender}'s permission to spend your ${symbol}.`,
        warnings,
      };
    }
    // DAI's permit is all or nothing, and an expiry of 0 never expires.
    summary = `Allow ${spender} to spend Unlimited ${symbol} ${untilPhrase(permit.expiry, permit.expiry === 0n)}.`;
  }
  if (end < UNIX_SECONDS_END && end * 1000n < BigInt(Date.now()) && !(permit.kind === "dai" && end === 0n)) {
    warnings.push(
      `This permission expired on ${formatDateTime(new Date(Number(end) * 1000))}: the token will refuse it.`,
    );
  }
  return { action, summary, warnings };
}

/**
 * An EIP-4361 message (Sign-In with Ethereum), if the text is exactly one: every required field present, and nothing
 * in the text beyond what the fields say. The parser reads the fields it finds and ignores the rest, so the text is
 * rebuilt from them and compared (times may be written with or without milliseconds or an offset); a message with
 * anything extra is shown as plain text instead, all of it.
 */
function readSiwe(text: string) {
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
function sameHost(domain: string, origin: string): boolean {
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

function describeMessage(
  message: Hex,
  origin: string,
  account: Address,
  chain: FrameChain,
): Pick<ApprovalView, "action" | "summary" | "warnings" | "sections" | "details"> {
  const text = messageText(message);
  const siwe = text === message ? undefined : readSiwe(text);
  if (!siwe) {
    return {
      action: "sign a message",
      warnings: [],
      sections: [{ heading: "Message", rows: [{ label: "Text", value: text }] }],
      details: [],
    };
  }
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
    action: `sign in to ${siwe.domain}`,
    summary: `Sign in to ${siwe.domain} as ${getAddress(siwe.address)}`,
    warnings,
    sections: [{ heading: "Sign-in", rows }],
    details: [{ heading: "Message", rows: [{ label: "Text", value: text }] }],
  };
}

type DecodedCall = { contract: string; functionName: string; args: Row[] };

/** The token each amount argument is counted in, per known contract kind. */
async function amountTokens(
  kind: KnownContractAbi,
  contract: Address,
  functionName: string,
  args: Record<string, unknown>,
  client: Client,
): Promise<Record<string, Address>> {
  if (kind === "erc20") return { amount: contract, value: contract };
  if (kind === "investmentFund" && (functionName === "invest" || functionName === "investWithPermit")) {
    const token = await readContract(client, {
      address: contract,
      abi: investmentFundAbi,
      functionName: "investmentToken",
    }).catch(() => undefined);
    return token ? { amount: token } : {};
  }
  if (kind === "uniswapV2Router" && Array.isArray(args.path) && args.path.length >= 2) {
    const path = args.path as Address[];
    const first = path[0] as Address;
    const last = path[path.length - 1] as Address;
    return { amountIn: first, amountOutMin: last };
  }
  return {};
}

/** Decodes calldata against the known contracts (or as an ERC-20 call on an unlisted token). */
export async function decodeCall(
  to: Address,
  data: Hex,
  knownContracts: readonly KnownContract[],
  client: Client,
  tokens: TokenReader,
): Promise<DecodedCall | undefined> {
  const known = knownContracts.find((k) => isAddressEqual(k.address, to));
  const candidates: { kind: KnownContractAbi; name: string }[] = known
    ? [{ kind: known.abi, name: known.name }]
    : [{ kind: "erc20", name: "Token" }];
  for (const { kind, name } of candidates) {
    let decoded: { functionName: string; args?: readonly unknown[] | undefined };
    try {
      decoded = decodeFunctionData({ abi: KNOWN_ABIS[kind], data });
    } catch {
      continue;
    }
    const fn = KNOWN_ABIS[kind].find(
      (item) =>
        item.type === "function" &&
        item.name === decoded.functionName &&
        item.inputs.length === (decoded.args?.length ?? 0),
    );
    const inputs = fn && fn.type === "function" ? fn.inputs : [];
    const values: Record<string, unknown> = {};
    inputs.forEach((input, i) => {
      values[input.name ?? String(i)] = decoded.args?.[i];
    });
    const amountIn = await amountTokens(kind, to, decoded.functionName, values, client);
    const args: Row[] = [];
    for (const [i, input] of inputs.entries()) {
      const label = input.name || `argument ${i + 1}`;
      const value = decoded.args?.[i];
      const token = input.name ? amountIn[input.name] : undefined;
      if (typeof value === "bigint" && token) {
        const meta = await tokens(token);
        args.push({
          label,
          value: value === maxUint256 ? `Unlimited ${meta?.symbol ?? "tokens"}` : formatAmount(value, meta),
        });
      } else if (typeof value === "bigint" && input.name === "deadline") {
        const date = unixSeconds(value);
        args.push({ label, value: date ? formatDateTime(date) : plain(value) });
      } else if (typeof value === "string" && input.type === "address") {
        args.push({ label, value: addressLabel(value as Address, knownContracts) });
      } else if (Array.isArray(value) && input.type === "address[]") {
        args.push({ label, value: value.map((a: Address) => addressLabel(a, knownContracts)).join(" → ") });
      } else {
        args.push({ label, value: plain(value) });
      }
    }
    return { contract: known ? `${name} (${to})` : `${to}`, functionName: decoded.functionName, args };
  }
  return undefined;
}

function addressLabel(address: Address, knownContracts: readonly KnownContract[]): string {
  const known = knownContracts.find((k) => isAddressEqual(k.address, address));
  return known ? `${known.name} (${getAddress(address)})` : getAddress(address);
}

/** The revert reason in words: Error(string), a known custom error, or the node's own message. */
export function revertReason(error: unknown): string {
  if (!(error instanceof BaseError)) return error instanceof Error ? error.message : String(error);
  const raw = error.walk((e) => e instanceof RawContractError || e instanceof ContractFunctionRevertedError);
  let data: Hex | undefined;
  if (raw instanceof RawContractError) data = typeof raw.data === "string" ? raw.data : raw.data?.data;
  if (raw instanceof ContractFunctionRevertedError) {
    if (raw.reason) return raw.reason;
    data = raw.raw;
  }
  if (data && data !== "0x") {
    try {
      const decoded = decodeErrorResult({ abi: ERRORS_ABI, data });
      if (decoded.errorName === "Error" && typeof decoded.args?.[0] === "string") return decoded.args[0];
      return `${decoded.errorName}(${(decoded.args ?? []).map(plain).join(", ")})`;
    } catch {
      return `reverted with ${data.slice(0, 10)}`;
    }
  }
  return error.shortMessage.split("\n")[0] ?? error.shortMessage;
}

type Simulation = { changes: Row[] } | { failure: string } | { note: string };

/**
 * The balance changes the transaction would cause, from one eth_simulateV1 call with `traceTransfers` (ETH moves
 * appear as Transfer logs of the 0xEeee… pseudo-token). viem's `traceAssetChanges` is not used: anvil 1.7.1 refuses
 * its probe calls ("missing keys: to"). A node without eth_simulateV1 gets a plain eth_call, which still tells whether
 * the transaction would fail and why.
 */
export async function simulateTransaction(
  client: Client,
  account: Address,
  tx: TransactionRequest,
  tokens: TokenReader,
): Promise<Simulation> {
  const request = { ...(tx.to ? { to: tx.to } : {}), value: tx.value, ...(tx.data ? { data: tx.data } : {}) };
  let logs: readonly Log[] | undefined;
  if (tx.to) {
    try {
      const { results } = await simulateCalls(client, {
        account,
        calls: [{ ...request, to: tx.to }],
        traceTransfers: true,
      });
      const result = results[0];
      if (result?.status === "failure") return { failure: revertReason(result.error) };
      logs = result?.logs;
    } catch {
      // No eth_simulateV1 on this node: the eth_call below still tells whether the transaction would fail.
    }
  }
  if (!logs) {
    try {
      await call(client, { account, ...request });
    } catch (error) {
      return { failure: revertReason(error) };
    }
    return { note: "This network cannot simulate the balance changes." };
  }
  const deltas = new Map<string, bigint>();
  for (const log of logs) {
    // ERC-20 Transfer (and the ETH pseudo-transfers): 3 topics and a 32-byte amount. ERC-721 has 4 topics.
    if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3 || log.data.length !== 66) continue;
    const from = `0x${(log.topics[1] ?? "").slice(26)}` as Address;
    const to = `0x${(log.topics[2] ?? "").slice(26)}` as Address;
    const amount = hexToBigInt(log.data);
    const key = getAddress(log.address);
    let delta = deltas.get(key) ?? 0n;
    if (isAddressEqual(from, account)) delta -= amount;
    if (isAddressEqual(to, account)) delta += amount;
    deltas.set(key, delta);
  }
  const changes: Row[] = [];
  for (const [asset, delta] of deltas) {
    if (delta === 0n) continue;
    const sign = delta > 0n ? "+" : "−";
    const magnitude = delta > 0n ? delta : -delta;
    if (isAddressEqual(asset as Address, ETH_PSEUDO_ADDRESS)) {
      changes.push({ label: "ETH", value: `${sign}${formatEther(magnitude)} ETH` });
    } else {
      const meta = await tokens(asset as Address);
      changes.push({ label: meta?.symbol ?? asset, value: `${sign}${formatAmount(magnitude, meta)}` });
    }
  }
  return { changes };
}

/** The network fee at most: the gas estimate (or the request's gas) × the max fee per gas, in ETH. */
export async function estimateFee(client: Client, account: Address, tx: TransactionRequest): Promise<string> {
  try {
    const [gas, fees] = await Promise.all([
      tx.gas ??
        estimateGas(client, {
          account,
          ...(tx.to ? { to: tx.to } : {}),
          value: tx.value,
          ...(tx.data ? { data: tx.data } : {}),
        }),
      estimateFeesPerGas(client).catch(() => undefined),
    ]);
    const perGas = fees?.maxFeePerGas ?? fees?.gasPrice ?? (await getGasPrice(client));
    return `up to ${formatEther(gas * perGas)} ETH`;
  } catch (error) {
    return `Unknown (${revertReason(error)})`;
  }
}

export async function describeApproval(options: {
  request: ApprovalRequest;
  origin: string;
  account: Address;
  chain: FrameChain;
  client: Client;
  knownContracts: readonly KnownContract[];
  tokens: TokenReader;
}): Promise<ApprovalView> {
  const { request, origin, account, chain, client, knownContracts, tokens } = options;
  const base = { origin, account, network: `${chain.name} (chain ${chain.id})` };
  if (request.method === "personal_sign") {
    return { ...base, title: "Sign a message", ...describeMessage(request.message, origin, account, chain) };
  }
  if (request.method === "eth_signTypedData_v4") {
    const { types, primaryType, message } = request.typedData;
    const domain = (request.typedData.domain ?? {}) as Record<string, unknown>;
    const fields = ((types as TypedTypes)[primaryType] ?? []) as readonly TypedField[];
    const values = (message ?? {}) as Record<string, unknown>;
    const raw: ApprovalSection[] = [
      { heading: "Domain", rows: domainRows(domain, knownContracts) },
      {
        heading: `${primaryType}`,
        rows: fields.flatMap((field) =>
          typedRows(types as TypedTypes, field, values[field.name], field.name, knownContracts),
        ),
      },
    ];
    const warnings: string[] = [];
    const signedChain = domainChainId(domain);
    if (signedChain !== undefined && signedChain !== chain.id) {
      warnings.push(`This signature is for chain ${signedChain}, not ${base.network}.`);
    }
    const permit = readPermit(request.typedData);
    if (permit) {
      const words = await describePermit(permit, {
        account,
        onThisChain: signedChain === undefined || signedChain === chain.id,
        knownContracts,
        tokens,
      });
      return {
        ...base,
        title: "Sign typed data",
        action: words.action,
        summary: words.summary,
        warnings: [...warnings, ...words.warnings],
        sections: [],
        details: raw,
      };
    }
    return {
      ...base,
      title: "Sign typed data",
      action: `sign typed data (${primaryType})`,
      warnings,
      sections: raw,
      details: [],
    };
  }
  const tx = request.transaction;
  const [decoded, simulation, fee] = await Promise.all([
    tx.to && tx.data ? decodeCall(tx.to, tx.data, knownContracts, client, tokens) : undefined,
    simulateTransaction(client, account, tx, tokens),
    estimateFee(client, account, tx),
  ]);
  const sections: ApprovalView["sections"] = [];
  const summary: Row[] = [
    { label: "To", value: tx.to ? addressLabel(tx.to, knownContracts) : "New contract" },
    { label: "Value sent", value: `${formatEther(tx.value)} ETH` },
    { label: "Network fee", value: fee },
  ];
  sections.push({ heading: "Transaction", rows: summary });
  if (decoded) {
    sections.push({ heading: `Calls ${decoded.functionName}`, rows: decoded.args });
  } else if (tx.data) {
    sections.push({
      heading: "Call data",
      rows: [{ label: "Data", value: tx.data }],
      note: "This contract is not known to the wallet: its call cannot be read.",
      warning: true,
    });
  }
  if ("failure" in simulation) {
    sections.push({
      heading: "Simulation",
      rows: [],
      note: `This transaction would fail: ${simulation.failure}`,
      warning: true,
    });
  } else if ("note" in simulation) {
    sections.push({ heading: "Balance changes", rows: [], note: simulation.note });
  } else {
    sections.push({
      heading: "Balance changes",
      rows: simulation.changes,
      ...(simulation.changes.length === 0
        ? { note: "No token or ETH balance of yours changes (besides the fee)." }
        : {}),
    });
  }
  const target = tx.to ? knownName(tx.to, knownContracts) : undefined;
  return {
    ...base,
    title: "Approve transaction",
    action: tx.to ? `send a transaction${target ? ` to ${target}` : ""}` : "deploy a contract",
    warnings: [],
    sections,
    details: [],
  };
}
