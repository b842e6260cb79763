import type { FrameClient } from "./frameClient.js";
import { FrameError } from "./frameClient.js";
import { type EmbeddedUser, RPC_ERROR_CODES } from "./protocol.js";

/** An EIP-1193 error (`code` per EIP-1193 / JSON-RPC), so viem and wagmi classify it (4001: user rejected). */
export class EmbeddedRpcError extends Error {
  override name = "EmbeddedRpcError";
  readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

type Events = {
  accountsChanged: (accounts: `0x${string}`[]) => void;
  chainChanged: (chainId: string) => void;
  connect: (info: { chainId: string }) => void;
  disconnect: (error: EmbeddedRpcError) => void;
};

export type EmbeddedProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on<E extends keyof Events>(event: E, listener: Events[E]): void;
  removeListener<E extends keyof Events>(event: E, listener: Events[E]): void;
  /** The signed-in user (after GET_USER); undefined when signed out. */
  user(): EmbeddedUser | undefined;
  chainId(): number;
  /** Takes the user the frame answered (connect, reconnect): says accountsChanged / chainChanged when they differ. */
  setUser(user: EmbeddedUser): void;
  /** Signed out or the session ended: says disconnect. */
  clear(reason?: string): void;
};

const toHexChain = (chainId: number) => `0x${chainId.toString(16)}`;

/** A frame error as an EIP-1193 error: the frame's numeric code when it gave one, else 'An error occurred' (-32603). */
function toRpcError(error: unknown): EmbeddedRpcError {
  if (error instanceof EmbeddedRpcError) return error;
  if (error instanceof FrameError) {
    return new EmbeddedRpcError(error.message, typeof error.code === "number" ? error.code : -32603);
  }
  return new EmbeddedRpcError(error instanceof Error ? error.message : String(error), -32603);
}

/**
 * The EIP-1193 provider of the embedded wallet: accounts and chain from the frame's user, network switches through
 * SWITCH_NETWORK, every other method as an RPC_REQUEST (the frame passes safe methods through and asks the person
 * to approve the unsafe ones).
 */
export function createEmbeddedProvider(p: {
  client: FrameClient;
  defaultChainId: number;
  /** Told when the frame refused a method ('Requested RPC call is not allowed'): the app says 'Action not allowed'. */
  onNotAllowed?: (() => void) | undefined;
}): EmbeddedProvider {
  let current: EmbeddedUser | undefined;
  let chainId = p.defaultChainId;
  // Every event has one argument.
  const listeners = new Map<keyof Events, Set<(arg: unknown) => void>>();
  const emit = <E extends keyof Events>(event: E, arg: Parameters<Events[E]>[0]) => {
    for (const listener of listeners.get(event) ?? []) listener(arg);
  };

  const switchChain = async (next: number) => {
    const { chainId: switched } = await p.client.request("SWITCH_NETWORK", { chainId: next }).catch((error) => {
      throw toRpcError(error);
    });
    if (switched !== chainId) {
      chainId = switched;
      if (current) current = { ...current, chainId: switched };
      emit("chainChanged", toHexChain(switched));
    }
    return switched;
  };

  return {
    async request({ method, params }) {
      switch (method) {
        case "eth_accounts":
          return current ? [current.address] : [];
        case "eth_requestAccounts":
          if (!current) throw new EmbeddedRpcError("Not signed in", RPC_ERROR_CODES.unauthorized);
          return [current.address];
        case "eth_chainId":
          return toHexChain(chainId);
        case "wallet_switchEthereumChain": {
          const requested = Array.isArray(params)
            ? (params[0] as { chainId?: unknown } | undefined)?.chainId
            : undefined;
          if (typeof requested !== "string") throw new EmbeddedRpcError("Invalid chainId", -32602);
          await switchChain(Number.parseInt(requested, 16));
          return null;
        }
        default:
          if (!current) throw new EmbeddedRpcError("Not signed in", RPC_ERROR_CODES.disconnected);
          try {
            return await p.client.request("RPC_REQUEST", { method, params, chainId });
          } catch (error) {
            const rpcError = toRpcError(error);
            if (rpcError.code === RPC_ERROR_CODES.unsupportedMethod) p.onNotAllowed?.();
            throw rpcError;
          }
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (arg: unknown) => void);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener as (arg: unknown) => void);
    },
    user: () => current,
    chainId: () => chainId,
    setUser(user) {
      const previous = current;
      current = user;
      if (user.chainId !== chainId) {
        chainId = user.chainId;
        if (previous) emit("chainChanged", toHexChain(chainId));
      }
      if (!previous) emit("connect", { chainId: toHexChain(chainId) });
      else if (previous.address !== user.address) emit("accountsChanged", [user.address]);
    },
    clear(reason) {
      if (!current) return;
      current = undefined;
      emit("disconnect", new EmbeddedRpcError(reason ?? "Disconnected", RPC_ERROR_CODES.disconnected));
    },
  };
}
