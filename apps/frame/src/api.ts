/** The embedded-wallet routes of the API (CONTRACT: `/v1/embedded/*`), called with the frame's bearer token. */
import type { Address } from "viem";

export type ApiUser = {
  id: string;
  email: string | null;
  address: Address | null;
  loginMethod: string;
  userName: string | null;
};
export type LoginResult = { sessionToken: string; user: ApiUser };
/** One item of `GET /v1/sessions/{address}`. */
export type ApiSession = {
  pci: string;
  createdAt: string;
  lastUsedAt: string | null;
  current: boolean;
  loginMethod: string;
};

/** An API answer other than 2xx, with the API's own message (`errorBody` `{statusCode, error, message}`). */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The native token's address in the API's token ids (CAIP-10, lower case). */
const NATIVE_TOKEN = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";
/** How long the approval screen waits for ETH's price before showing the fee in ETH alone. */
export const ETH_PRICE_TIMEOUT_MS = 3_000;

export type ApiClient = ReturnType<typeof createApiClient>;

type ApiClientOptions = { apiUrl: string; fetch: typeof fetch; token: () => string | undefined };
type ApiCall = <T>(method: "GET" | "POST", path: string, body?: unknown, withToken?: boolean) => Promise<T>;

/** One call to the API: JSON in and out, the bearer token when `withToken`, an ApiError for any answer but 2xx. */
async function apiCall<T>(
  options: ApiClientOptions,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  withToken = false,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const token = withToken ? options.token() : undefined;
  if (withToken && !token) throw new ApiError(401, "Not signed in");
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await options.fetch(`${options.apiUrl}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const message =
      typeof json === "object" && json !== null && typeof (json as { message?: unknown }).message === "string"
        ? (json as { message: string }).message
        : `The server answered ${response.status}`;
    throw new ApiError(response.status, message);
  }
  return json as T;
}

/**
 * ETH's price in US dollars on a chain, from the API's prices (`POST /v1/fungible/price`, the native token's CAIP-10
 * id); undefined when the API has none or does not answer within `ETH_PRICE_TIMEOUT_MS`.
 */
async function ethUsdPrice(call: ApiCall, chainId: number): Promise<number | undefined> {
  const id = `eip155:${chainId}:${NATIVE_TOKEN}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const { fungibles } = await Promise.race([
      call<{ fungibles?: { address?: unknown; price?: unknown }[] }>("POST", "/v1/fungible/price", {
        currency: "usd",
        addresses: [id],
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("No price in time")), ETH_PRICE_TIMEOUT_MS);
      }),
    ]);
    const price = fungibles?.find((f) => typeof f.address === "string" && f.address.toLowerCase() === id)?.price;
    return typeof price === "number" && Number.isFinite(price) && price > 0 ? price : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

export function createApiClient(options: ApiClientOptions) {
  const call: ApiCall = <T>(method: "GET" | "POST", path: string, body?: unknown, withToken?: boolean) =>
    apiCall<T>(options, method, path, body, withToken);

  return {
    emailConnect: (email: string, deviceId: string) =>
      call<{ action: "VERIFY_OTP" | "VERIFY_DEVICE" }>("POST", "/v1/embedded/email/connect", { email, deviceId }),
    deviceStatus: (email: string, deviceId: string) =>
      call<{ approved: boolean }>("POST", "/v1/embedded/email/device-status", { email, deviceId }),
    emailVerify: (email: string, deviceId: string, otp: string) =>
      call<LoginResult>("POST", "/v1/embedded/email/verify", { email, deviceId, otp }),
    me: () => call<ApiUser>("GET", "/v1/embedded/me", undefined, true),
    /** The wallet's address and auth share, or undefined when the user has no wallet yet (404). */
    walletShare: async () => {
      try {
        return await call<{ address: Address; authShare: string }>("GET", "/v1/embedded/wallet/share", undefined, true);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      }
    },
    createWallet: (body: { address: Address; authShare: string; signature: string }) =>
      call<unknown>("POST", "/v1/embedded/wallet", body, true),
    signOut: () => call<void>("POST", "/v1/embedded/signout", {}, true),
    /** Spec sessions list: the live sessions of the address's wallet (bearer of a session of that wallet). */
    sessions: (address: Address) =>
      call<{ data: ApiSession[] }>("GET", `/v1/sessions/${encodeURIComponent(address)}`, undefined, true),
    /**
     * Spec revoke: `signature` is the address's personal_sign of 'Revoke session {pci}'. The route is authorised by the
     * signature alone; the bearer goes along all the same. A failure answers 401/404 with the reason.
     */
    revokeSession: (address: Address, body: { pci: string; signature: string }) =>
      call<{ success: boolean }>("POST", `/v1/sessions/${encodeURIComponent(address)}/revoke`, body, true),
    updateEmail: (email: string) =>
      call<{ action: "VERIFY_PRIMARY_OTP" }>("POST", "/v1/embedded/email/update", { email }, true),
    updateEmailPrimary: (otp: string) =>
      call<{ action: "VERIFY_SECONDARY_OTP" }>("POST", "/v1/embedded/email/update/primary", { otp }, true),
    updateEmailSecondary: (otp: string) =>
      call<{ email: string }>("POST", "/v1/embedded/email/update/secondary", { otp }, true),
    socialStart: (provider: string, deviceId: string, redirectUri: string) =>
      call<{ uri: string }>("POST", "/v1/embedded/social/start", { provider, deviceId, redirectUri }),
    socialFinish: (callbackUrl: string, deviceId: string) =>
      call<LoginResult>("POST", "/v1/embedded/social/finish", { callbackUrl, deviceId }),
    farcasterChannel: (deviceId: string) =>
      call<{ url: string; channelToken: string }>("POST", "/v1/embedded/farcaster/channel", { deviceId }),
    /** ETH's price in US dollars on a chain, or undefined (see `ethUsdPrice`). */
    ethUsdPrice: (chainId: number): Promise<number | undefined> => ethUsdPrice(call, chainId),
    farcasterStatus: (channelToken: string, deviceId: string) =>
      call<{ state: "pending" } | ({ state: "completed" } & LoginResult)>("POST", "/v1/embedded/farcaster/status", {
        channelToken,
        deviceId,
      }),
  };
}
