import { type Address, getAddress, type Hex } from "viem";
import * as z from "zod/mini";
import { COIN_TYPE_OFFSET } from "../../core/constants.js";
import { ApiError, isUserRejection, SignatureDeclinedError } from "../../core/errors.js";
import { errorRegisteringName, messages } from "../../core/messages.js";
import { coinTypeOf } from "./validateName.js";

/** A registered name (`apiVersion=2` shape of `/v1/profile/*`). */
export type NameRecord = {
  name: string;
  /** Unix seconds. */
  registered: number;
  /** Unix seconds. */
  updated: number;
  /** Address per coin type (ENSIP-11), e.g. `{ "2147514601": { address: "0x…" } }`. */
  addresses: Record<string, { address: string }>;
  attributes: Record<string, unknown>;
};

/** The name and avatar of an address (`/v1/identity/:address`). */
export type Identity = { name: string | null; avatar: string | null };

/** One entry of `/v1/profile/suggestions/:name`: the asked name first, then free alternatives. */
export type NameSuggestion = { name: string; registered: boolean };

const nameRecordSchema = z.object({
  name: z.string(),
  registered: z.number(),
  updated: z.number(),
  addresses: z.record(z.string(), z.object({ address: z.string() })),
  attributes: z._default(z.record(z.string(), z.unknown()), {}),
});
const identitySchema = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) });
const suggestionsSchema = z.object({
  suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })),
});
const reasonsSchema = z.object({ reasons: z.array(z.object({ description: z.string() })) });

/** The error of a names call: its message is the API's first reason, else the spec's fallback text. */
export class NamesApiError extends ApiError {
  override name = "NamesApiError";
}

export type CreateNamesClientParameters = {
  /** The API base URL (`/api`, `http://127.0.0.1:8787`). */
  apiUrl: string;
  fetch?: typeof fetch | undefined;
};

export type RegisterNameParameters = {
  /** The full name, e.g. `alice.fundament`. */
  name: string;
  /** The connected account that signs and will own the name. */
  address: Address;
  /** The chain the name's address is recorded for (its coin type, ENSIP-11). */
  chainId: number;
  /** Signs the registration message with the connected account (EIP-191 personal_sign). */
  signMessage: (message: string) => Promise<Hex>;
  /** Unix seconds; default now. */
  timestamp?: number | undefined;
  /** Whether the account is a smart account (changes the decline text). */
  smartAccount?: boolean | undefined;
};

export type NamesClient = {
  /** `GET /v1/identity/:address`: name and avatar (our registry first, ENS where configured). */
  getIdentity(address: string, sender?: string): Promise<Identity>;
  /** `GET /v1/profile/account/:name`: the record, or throws 'Error resolving name' / the API reason. */
  resolveName(name: string): Promise<NameRecord>;
  /** `GET /v1/profile/suggestions/:name?zone=`: or throws 'Error fetching name suggestions' / the API reason. */
  getSuggestions(name: string, zone: string): Promise<NameSuggestion[]>;
  /** `GET /v1/profile/reverse/:address`: names of an address, newest first; or 'Error fetching names for address'. */
  getNamesForAddress(address: string, sender?: string): Promise<NameRecord[]>;
  /** Builds and signs the registration message and POSTs it; 'Error registering name {name}' / the API reason. */
  registerName(parameters: RegisterNameParameters): Promise<NameRecord>;
};

/** The JSON text a person signs to register a name: `{"name","attributes":{},"timestamp"}`. */
export function nameRegistrationMessage(name: string, timestamp: number): string {
  return JSON.stringify({ name, attributes: {}, timestamp });
}

/**
 * The address a name record holds for a chain (its coin type, ENSIP-11), else for the default EVM coin type
 * (ENSIP-19, `2147483648`), checksummed; undefined when it has none for that chain.
 */
export function addressOfRecord(record: NameRecord, chainId: number): Address | undefined {
  let coinType: number;
  try {
    coinType = coinTypeOf(chainId);
  } catch {
    return undefined;
  }
  const entry = record.addresses[String(coinType)] ?? record.addresses[String(COIN_TYPE_OFFSET)];
  if (!entry) return undefined;
  try {
    return getAddress(entry.address);
  } catch {
    return undefined;
  }
}

/**
 * A client of the API's names routes (`/v1/profile/*`, `/v1/identity/*`). Errors carry the API's first
 * `reasons[0].description`, else the spec's text for the call.
 */
export function createNamesClient(parameters: CreateNamesClientParameters): NamesClient {
  const base = parameters.apiUrl.replace(/\/$/, "");
  const doFetch = (url: string, init?: RequestInit) => (parameters.fetch ?? globalThis.fetch)(url, init);
  const query = (values: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value !== undefined) search.set(key, value);
    const text = search.toString();
    return text ? `?${text}` : "";
  };

  /** Calls a route and parses its body; any failure becomes a NamesApiError with the reason or the fallback. */
  async function call<T>(path: string, fallback: string, parse: (body: unknown) => T, init?: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        ...init,
        headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}) },
      });
    } catch (cause) {
      throw new NamesApiError(fallback, { status: 0, cause });
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (!res.ok) {
      const reasons = reasonsSchema.safeParse(body);
      const reason = reasons.success ? reasons.data.reasons[0]?.description : undefined;
      throw new NamesApiError(reason || fallback, { status: res.status });
    }
    try {
      return parse(body);
    } catch (cause) {
      throw new NamesApiError(fallback, { status: res.status, cause });
    }
  }

  const enc = encodeURIComponent;
  return {
    getIdentity: (address, sender) =>
      call(`/v1/identity/${enc(address)}${query({ sender })}`, messages.errorResolvingName, (b) =>
        identitySchema.parse(b),
      ),
    resolveName: (name) =>
      call(`/v1/profile/account/${enc(name)}${query({ apiVersion: "2" })}`, messages.errorResolvingName, (b) =>
        nameRecordSchema.parse(b),
      ),
    getSuggestions: (name, zone) =>
      call(
        `/v1/profile/suggestions/${enc(name)}${query({ zone })}`,
        messages.errorFetchingNameSuggestions,
        (b) => suggestionsSchema.parse(b).suggestions,
      ),
    getNamesForAddress: (address, sender) =>
      call(
        `/v1/profile/reverse/${enc(address)}${query({ sender, apiVersion: "2" })}`,
        messages.errorFetchingNamesForAddress,
        (b) => z.array(nameRecordSchema).parse(b),
      ),
    async registerName(p) {
      const fallback = errorRegisteringName(p.name);
      let coinType: number;
      try {
        coinType = coinTypeOf(p.chainId);
      } catch (cause) {
        throw new NamesApiError(messages.invalidChainId, { status: 0, cause });
      }
      const message = nameRegistrationMessage(p.name, p.timestamp ?? Math.floor(Date.now() / 1000));
      let signature: Hex;
      try {
        signature = await p.signMessage(message);
      } catch (cause) {
        if (isUserRejection(cause)) throw new SignatureDeclinedError({ cause, smartAccount: p.smartAccount });
        throw new NamesApiError(fallback, { status: 0, cause });
      }
      return call(`/v1/profile/account`, fallback, (b) => nameRecordSchema.parse(b), {
        method: "POST",
        body: JSON.stringify({ coin_type: coinType, address: p.address, message, signature }),
      });
    },
  };
}
