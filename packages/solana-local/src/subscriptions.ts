// The PubSub (WebSocket) methods: signature, slot, root, account and logs subscriptions, as the validator's.
import type { Address } from "@solana/kit";
import { accountEncoding, RENT_EXEMPT_EPOCH } from "./encode.js";
import { invalidParams, RPC_ERROR, RpcError } from "./errors.js";
import { stringifyJson } from "./json.js";
import type { LoggedTransaction } from "./ledger.js";
import { accountJson, type MethodContext, SOLANA_CORE_VERSION } from "./methods.js";
import { addressAt, configAt, isAddress, type Params, signatureAt } from "./params.js";
import type { WebSocketConnection } from "./websocket.js";

/** The subscription methods answered over WebSocket (and their unsubscribe counterparts). */
export const SUBSCRIPTION_METHODS: readonly string[] = Object.freeze([
  "accountSubscribe",
  "accountUnsubscribe",
  "logsSubscribe",
  "logsUnsubscribe",
  "rootSubscribe",
  "rootUnsubscribe",
  "signatureSubscribe",
  "signatureUnsubscribe",
  "slotSubscribe",
  "slotUnsubscribe",
]);

let nextSubscriptionId = 1;

type Subscription = { kind: string; dispose: () => void };

/** Serve JSON-RPC subscriptions on one WebSocket connection until it closes. */
export function serveSubscriptions(connection: WebSocketConnection, context: MethodContext): void {
  const { ledger } = context;
  const subscriptions = new Map<number, Subscription>();

  const notify = (method: string, subscription: number, result: unknown) => {
    connection.send(stringifyJson({ jsonrpc: "2.0", method, params: { result, subscription } }));
  };

  const add = (kind: string, dispose: () => void): number => {
    const id = nextSubscriptionId++;
    subscriptions.set(id, { kind, dispose });
    return id;
  };

  const remove = (kind: string, params: Params): boolean => {
    const id = params[0];
    const entry = typeof id === "number" ? subscriptions.get(id) : undefined;
    if (!entry || entry.kind !== kind) throw invalidParams("Invalid subscription id.");
    entry.dispose();
    subscriptions.delete(id as number);
    return true;
  };

  const signatureSubscribe = (params: Params): [number, (() => void) | undefined] => {
    const signature = signatureAt(params, 0);
    configAt(params, 1);
    const send = (entry: LoggedTransaction, id: number) => {
      notify("signatureNotification", id, {
        context: { apiVersion: SOLANA_CORE_VERSION, slot: entry.slot },
        value: { err: entry.err },
      });
      subscriptions.get(id)?.dispose();
      subscriptions.delete(id); // a signature subscription ends with its notification
    };
    const landed = ledger.transaction(signature);
    let stop = () => {};
    const id = add("signature", () => stop());
    if (landed) return [id, () => send(landed, id)];
    stop = ledger.onTransaction((entry) => {
      if (entry.signature === signature) send(entry, id);
    });
    return [id, undefined];
  };

  const accountSubscribe = (params: Params): number => {
    const address = addressAt(params, 0);
    const config = configAt(params, 1);
    const encoding = accountEncoding(config, "base58");
    const stop = ledger.onTransaction((entry) => {
      if (!entry.accountKeys.includes(address)) return;
      const value = accountJson(ledger, address as Address, encoding, config) ?? {
        data: ["", encoding === "base58" ? "base58" : "base64"],
        executable: false,
        lamports: 0,
        owner: "11111111111111111111111111111111",
        rentEpoch: RENT_EXEMPT_EPOCH,
        space: 0,
      };
      notify("accountNotification", id, { context: { apiVersion: SOLANA_CORE_VERSION, slot: entry.slot }, value });
    });
    const id = add("account", stop);
    return id;
  };

  const logsSubscribe = (params: Params): number => {
    const filter = params[0];
    let mentions: string | undefined;
    if (filter && typeof filter === "object" && Array.isArray((filter as { mentions?: unknown }).mentions)) {
      const list = (filter as { mentions: unknown[] }).mentions;
      if (list.length !== 1 || !isAddress(list[0])) {
        throw invalidParams("mentions must name exactly one base58 address");
      }
      mentions = list[0];
    } else if (filter !== "all" && filter !== "allWithVotes") {
      throw invalidParams('the first parameter must be "all", "allWithVotes" or { mentions: [address] }');
    }
    configAt(params, 1);
    const stop = ledger.onTransaction((entry) => {
      if (mentions && !entry.accountKeys.includes(mentions as Address)) return;
      notify("logsNotification", id, {
        context: { apiVersion: SOLANA_CORE_VERSION, slot: entry.slot },
        value: { err: entry.err, logs: entry.logMessages, signature: entry.signature },
      });
    });
    const id = add("logs", stop);
    return id;
  };

  const handle = (method: string, params: Params): [unknown, (() => void) | undefined] => {
    switch (method) {
      case "signatureSubscribe":
        return signatureSubscribe(params);
      case "slotSubscribe": {
        const id = add(
          "slot",
          ledger.onSlot((slot) => notify("slotNotification", id, { parent: slot - 1, root: slot, slot })),
        );
        return [id, undefined];
      }
      case "rootSubscribe": {
        const id = add(
          "root",
          ledger.onSlot((slot) => notify("rootNotification", id, slot)),
        );
        return [id, undefined];
      }
      case "accountSubscribe":
        return [accountSubscribe(params), undefined];
      case "logsSubscribe":
        return [logsSubscribe(params), undefined];
      case "signatureUnsubscribe":
      case "slotUnsubscribe":
      case "rootUnsubscribe":
      case "accountUnsubscribe":
      case "logsUnsubscribe":
        return [remove(method.replace("Unsubscribe", ""), params), undefined];
      default:
        throw new RpcError(RPC_ERROR.methodNotFound, "Method not found");
    }
  };

  connection.onMessage((text) => {
    let request: unknown;
    try {
      request = JSON.parse(text);
    } catch {
      connection.send(
        stringifyJson({ jsonrpc: "2.0", id: null, error: { code: RPC_ERROR.parseError, message: "Parse error" } }),
      );
      return;
    }
    const { id, method, params } = (request ?? {}) as { id?: unknown; method?: unknown; params?: unknown };
    const replyId = typeof id === "number" || typeof id === "string" ? id : null;
    if (typeof method !== "string" || (params !== undefined && !Array.isArray(params))) {
      connection.send(
        stringifyJson({
          jsonrpc: "2.0",
          id: replyId,
          error: { code: RPC_ERROR.invalidRequest, message: "Invalid request: expected a JSON-RPC 2.0 request object" },
        }),
      );
      return;
    }
    try {
      const [result, after] = handle(method, (params as unknown[] | undefined) ?? []);
      connection.send(stringifyJson({ jsonrpc: "2.0", id: replyId, result }));
      after?.();
    } catch (error) {
      const code = error instanceof RpcError ? error.code : RPC_ERROR.internalError;
      const message = error instanceof Error ? error.message : String(error);
      connection.send(stringifyJson({ jsonrpc: "2.0", id: replyId, error: { code, message } }));
    }
  });

  connection.onClose(() => {
    for (const subscription of subscriptions.values()) subscription.dispose();
    subscriptions.clear();
  });
}
