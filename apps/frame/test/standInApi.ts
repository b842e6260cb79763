/**
 * A stand-in for the API's embedded-wallet routes (CONTRACT §API 1–8, and 10: the spec's sessions list and revoke), speaking the same HTTP wire format on a free
 * local port, so the frame's tests run its real fetch calls. It keeps state in memory and shows each code to the test
 * instead of mailing it. The real routes live in apps/api and have tests of their own.
 */
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type Address, type Hex, isAddressEqual, verifyMessage } from "viem";

type User = { id: string; email: string; address: Address | null; authShare: string | null; devices: Set<string> };
/** A live session; `pci` is its public id. */
export type StandInSession = { pci: string; email: string; createdAt: string; lastUsedAt: string; loginMethod: string };

export type StandInApi = {
  url: string;
  /** The last code "mailed" to this email. */
  code(email: string): string | undefined;
  /** Opens the device-approval link "mailed" for this email and device. */
  approveDevice(email: string, deviceId: string): void;
  wallet(email: string): { address: Address | null; authShare: string | null } | undefined;
  /** Revokes every session (the server side of SESSION_ENDED). */
  revokeAll(): void;
  /** The live sessions of this email's user, oldest first. */
  sessions(email: string): StandInSession[];
  /** Every revoke request that arrived (accepted or not), as sent. */
  readonly revokes: { address: string; pci: unknown; signature: unknown }[];
  /** ETH's price that `POST /v1/fungible/price` answers (none until set: the real API leaves unpriced tokens out). */
  setEthUsd(price: number | undefined): void;
  /** Every price request that arrived, as sent. */
  readonly priceRequests: unknown[];
  close(): Promise<void>;
};

export async function startStandInApi(): Promise<StandInApi> {
  const users = new Map<string, User>();
  const codes = new Map<string, string>();
  const pendingDevices = new Map<string, Set<string>>();
  const sessions = new Map<string, StandInSession>(); // token → session
  const revokes: StandInApi["revokes"] = [];
  const priceRequests: unknown[] = [];
  let ethUsd: number | undefined;

  const userView = (user: User) => ({
    id: user.id,
    email: user.email,
    address: user.address,
    loginMethod: "email",
    userName: null,
  });

  async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  function send(response: ServerResponse, status: number, body?: unknown) {
    response.writeHead(status, { "content-type": "application/json", "access-control-allow-origin": "*" });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  }

  const fail = (response: ServerResponse, status: number, message: string) =>
    send(response, status, { statusCode: status, error: "Error", message });

  function sessionUser(request: IncomingMessage): User | undefined {
    const session = bearer(request);
    if (!session) return undefined;
    session.lastUsedAt = new Date().toISOString();
    return users.get(session.email);
  }

  function bearer(request: IncomingMessage): StandInSession | undefined {
    const token = request.headers.authorization?.replace(/^Bearer /, "");
    return token ? sessions.get(token) : undefined;
  }

  /**
   * `GET /v1/sessions/{address}` and `POST /v1/sessions/{address}/revoke` (spec §7, CONTRACT §API 10); undefined when
   * the path is not one of them.
   */
  async function sessionRoute(
    request: IncomingMessage,
    path: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: unknown } | undefined> {
    const match = /^\/v1\/sessions\/(0x[0-9a-fA-F]{40})(\/revoke)?$/.exec(path);
    if (!match) return undefined;
    const address = match[1] as Address;
    const owner = [...users.values()].find((u) => u.address && isAddressEqual(u.address, address));
    const error = (status: number, message: string, extra: object = {}) => ({
      status,
      body: { statusCode: status, error: "Error", message, ...extra },
    });
    if (request.method === "GET" && !match[2]) {
      const current = bearer(request);
      const user = sessionUser(request);
      if (!current || !user) return error(401, "Not signed in");
      if (owner !== user) return error(403, "These sessions belong to another account");
      const data = [...sessions.values()]
        .filter((session) => session.email === user.email)
        .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt))
        .map(({ email: _email, ...item }) => ({ ...item, current: item.pci === current.pci }));
      return { status: 200, body: { data } };
    }
    if (request.method === "POST" && match[2]) {
      revokes.push({ address, pci: body.pci, signature: body.signature });
      const valid =
        typeof body.pci === "string" &&
        (await verifyMessage({
          address,
          message: `Revoke session ${body.pci}`,
          signature: body.signature as Hex,
        }).catch(() => false));
      if (!valid)
        return error(401, "The signature is not this address's signature of the revoke message", { success: false });
      const token = [...sessions.entries()].find(([, s]) => s.pci === body.pci && s.email === owner?.email)?.[0];
      if (!token) return error(404, "No live session with this id for this address", { success: false });
      sessions.delete(token);
      return { status: 200, body: { success: true } };
    }
    return undefined;
  }

  const server = createServer(async (request, response) => {
    if (request.method === "OPTIONS") {
      response.writeHead(204, {
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "content-type, authorization",
        "access-control-allow-methods": "GET, POST",
      });
      response.end();
      return;
    }
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const body = request.method === "POST" ? await readJson(request) : {};
    const email = typeof body.email === "string" ? body.email.toLowerCase() : "";
    const deviceId = typeof body.deviceId === "string" ? body.deviceId : "";
    const sessionAnswer = await sessionRoute(request, path, body);
    if (sessionAnswer) return send(response, sessionAnswer.status, sessionAnswer.body);
    switch (`${request.method} ${path}`) {
      case "POST /v1/embedded/email/connect": {
        if (!email.includes("@")) return fail(response, 400, "Invalid email");
        const user = users.get(email);
        if (user && !user.devices.has(deviceId)) {
          pendingDevices.set(email, (pendingDevices.get(email) ?? new Set()).add(deviceId));
          return send(response, 200, { action: "VERIFY_DEVICE" });
        }
        codes.set(email, String(randomInt(100_000, 1_000_000)));
        return send(response, 200, { action: "VERIFY_OTP" });
      }
      case "POST /v1/embedded/email/device-status":
        return send(response, 200, { approved: users.get(email)?.devices.has(deviceId) ?? false });
      case "POST /v1/embedded/email/verify": {
        if (!codes.has(email) || codes.get(email) !== body.otp) return fail(response, 400, "Invalid code");
        codes.delete(email);
        let user = users.get(email);
        if (!user) {
          user = { id: `user-${users.size + 1}`, email, address: null, authShare: null, devices: new Set() };
          users.set(email, user);
        }
        user.devices.add(deviceId);
        const sessionToken = randomBytes(32).toString("base64url");
        const now = new Date().toISOString();
        sessions.set(sessionToken, { pci: randomUUID(), email, createdAt: now, lastUsedAt: now, loginMethod: "email" });
        return send(response, 200, { sessionToken, user: userView(user) });
      }
      case "GET /v1/embedded/me": {
        const user = sessionUser(request);
        return user ? send(response, 200, userView(user)) : fail(response, 401, "Not signed in");
      }
      case "GET /v1/embedded/wallet/share": {
        const user = sessionUser(request);
        if (!user) return fail(response, 401, "Not signed in");
        if (!user.address || !user.authShare) return fail(response, 404, "No wallet yet");
        return send(response, 200, { address: user.address, authShare: user.authShare });
      }
      case "POST /v1/embedded/wallet": {
        const user = sessionUser(request);
        if (!user) return fail(response, 401, "Not signed in");
        if (user.address) return fail(response, 409, "This user already has a wallet");
        const address = body.address as Address;
        const valid = await verifyMessage({
          address,
          message: `Fundament embedded wallet\nUser: ${user.id}\nAddress: ${address}`,
          signature: body.signature as Hex,
        }).catch(() => false);
        if (!valid) return fail(response, 400, "Invalid signature");
        user.address = address;
        user.authShare = String(body.authShare);
        return send(response, 201, { address });
      }
      case "POST /v1/fungible/price": {
        priceRequests.push(body);
        const ids = Array.isArray(body.addresses) ? body.addresses.map(String) : [];
        const fungibles = ids
          .filter((id) => ethUsd !== undefined && /^eip155:\d+:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee$/.test(id))
          .map((id) => ({ name: "Ether", symbol: "ETH", iconUrl: "", price: ethUsd, address: id }));
        return send(response, 200, { fungibles });
      }
      case "POST /v1/embedded/signout": {
        const token = request.headers.authorization?.replace(/^Bearer /, "");
        if (!token || !sessions.delete(token)) return fail(response, 401, "Not signed in");
        response.writeHead(204, { "access-control-allow-origin": "*" });
        response.end();
        return;
      }
      default:
        return fail(response, 404, "Not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    code: (email) => codes.get(email.toLowerCase()),
    approveDevice(email, deviceId) {
      const user = users.get(email.toLowerCase());
      if (!user || !pendingDevices.get(email.toLowerCase())?.has(deviceId)) throw new Error("no such approval link");
      user.devices.add(deviceId);
    },
    wallet(email) {
      const user = users.get(email.toLowerCase());
      return user ? { address: user.address, authShare: user.authShare } : undefined;
    },
    revokeAll: () => sessions.clear(),
    sessions: (email) => [...sessions.values()].filter((s) => s.email === email.toLowerCase()),
    revokes,
    setEthUsd(price) {
      ethUsd = price;
    },
    priceRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function sameAddress(a: Address | null | undefined, b: Address): boolean {
  return Boolean(a) && isAddressEqual(a as Address, b);
}
