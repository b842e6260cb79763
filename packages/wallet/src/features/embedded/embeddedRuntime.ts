import type { Config, CreateConnectorFn } from "wagmi";
import { lazyConnector, wasLastConnector } from "../../connectors/lazyConnector.js";
import { addConnector } from "../../connectors/wagmiPrivate.js";
import { createStore, type Store } from "../../core/createStore.js";
import type { WalletCore } from "../../core/createWalletCore.js";
import { loadOnce } from "../../core/loadOnce.js";
import type { EmbeddedController } from "./createEmbeddedController.js";
import { defaultLoginStorage, type LoginStorage } from "./loginStorage.js";
import {
  EMBEDDED_CONNECTOR_ID,
  EMBEDDED_CONNECTOR_NAME,
  EMBEDDED_CONNECTOR_TYPE,
  type EmbeddedFrameState,
  type EmbeddedWalletConfig,
  type LoginProvider,
  loginProviders,
} from "./types.js";

/**
 * The embedded wallet as the runtime holds it before anything is loaded: the config, a store the dialog and views
 * read (light), and `load`, which brings in the frame client, provider and flows (a chunk of its own) and mounts the
 * hidden frame.
 */
export type EmbeddedRuntime = {
  config: EmbeddedWalletConfig;
  /** The login providers offered, in the spec's order (configured social providers, then Farcaster when on). */
  providers: LoginProvider[];
  state: Store<EmbeddedFrameState>;
  load(): Promise<EmbeddedController>;
  /** The mounted runtime's core (routes SHOW / HIDE) and its disconnect for SESSION_ENDED; returns the detach. */
  attach(core: WalletCore, onSessionEnded: (reason: string) => void): () => void;
};

// This file is in the first view: it holds only the config, a store and the loader. The frame client, provider,
// flows and views are chunks of their own, loaded when the person picks a login or a session is to be restored.

export type CreateEmbeddedRuntimeParameters = {
  config: EmbeddedWalletConfig;
  defaultChainId: number;
  storage?: LoginStorage | undefined;
  /** Test seams for the frame client. */
  timing?: { loadTimeoutMs?: number; readyDelayMs?: number; requestTimeoutMs?: number } | undefined;
};

/**
 * The embedded wallet of a runtime. It outlives a runtime made twice (React StrictMode runs the provider's
 * initialiser twice, and wagmi's reconnect may load the frame before any runtime mounted): the mounted runtime
 * `attach`es its core, which the frame's SHOW / HIDE notices then route.
 */
export function createEmbeddedRuntime(p: CreateEmbeddedRuntimeParameters): EmbeddedRuntime {
  const state = createStore<EmbeddedFrameState>({
    shown: undefined,
    approvals: [],
    user: undefined,
    socialWindow: undefined,
  });
  let attached: { core: WalletCore; onSessionEnded: (reason: string) => void } | undefined;
  const load = loadOnce<EmbeddedController>(() =>
    import("./createEmbeddedController.js").then((m) =>
      m.createEmbeddedController({
        config: p.config,
        getCore: () => attached?.core,
        state,
        defaultChainId: p.defaultChainId,
        storage: p.storage ?? defaultLoginStorage(),
        onSessionEnded: () => attached?.onSessionEnded,
        ...p.timing,
      }),
    ),
  );
  return {
    config: p.config,
    providers: loginProviders(p.config),
    state,
    load,
    attach(core, onSessionEnded) {
      const mine = { core, onSessionEnded };
      attached = mine;
      // A modal closed by the person while the frame shows an approval: the frame's open requests are aborted.
      const stop = core.modal.subscribe((next, previous) => {
        if (previous.open && !next.open && state.getState().shown) {
          void load()
            .then((c) => c.client.request("RPC_ABORT", {}))
            .catch(() => undefined);
        }
      });
      return () => {
        stop();
        if (attached === mine) attached = undefined;
      };
    },
  };
}

const perConfig = new WeakMap<Config, EmbeddedRuntime>();

/**
 * The embedded wallet of a wagmi config (one per config), with its connector added to the config at once, so
 * wagmi's reconnect at page load sees it.
 */
export function embeddedRuntimeFor(wagmiConfig: Config, p: CreateEmbeddedRuntimeParameters): EmbeddedRuntime {
  let embedded = perConfig.get(wagmiConfig);
  if (!embedded) {
    embedded = createEmbeddedRuntime(p);
    perConfig.set(wagmiConfig, embedded);
    addConnector(wagmiConfig, embeddedConnector(embedded));
  }
  return embedded;
}

/**
 * The embedded wallet's wagmi connector (type AUTH, id "embedded", name "Email & Social"), light: the lazy-connector
 * proxy over the real connector from the embedded chunk. It loads when used (`loadWhen: "used"`): `getProvider` answers
 * without loading anything unless this browser connected with it last time (wagmi's `recentConnectorId`), so wagmi's
 * reconnect at page load does not mount the frame for every visitor; when it did connect with it, the frame is asked
 * IS_CONNECTED.
 */
export function embeddedConnector(embedded: EmbeddedRuntime): CreateConnectorFn {
  return lazyConnector({
    id: EMBEDDED_CONNECTOR_ID,
    name: EMBEDDED_CONNECTOR_NAME,
    type: EMBEDDED_CONNECTOR_TYPE,
    load: async () => {
      const controller = await embedded.load();
      return (config) => controller.createConnector(config);
    },
    eager: (storage) => wasLastConnector(storage, EMBEDDED_CONNECTOR_ID),
    loadWhen: "used",
  });
}
