import type { ChainNamespace } from "./caip.js";
import { MODAL_SHAKE_MS } from "./constants.js";
import { createEventBus, type EventBus } from "./createEventBus.js";
import { createRouter, type Router } from "./createRouter.js";
import { createStore, type Store } from "./createStore.js";
import { createToasts, type Toasts } from "./createToasts.js";
import { createViewStates, type ViewStates } from "./createViewStates.js";
import { createWalletState, type WalletStateStore } from "./createWalletState.js";
import { getInitialView } from "./getInitialView.js";
import { messages } from "./messages.js";
import type { CaipNetwork } from "./network.js";
import { shouldShowUnsupportedChain } from "./shouldShowUnsupportedChain.js";
import type { View, ViewData } from "./views.js";

export type ModalState = {
  open: boolean;
  /** Loading per chain family. */
  loading: Partial<Record<ChainNamespace, boolean>>;
  /** Set on an error to shake the modal; resets after 500 ms. */
  shake: boolean;
};

export type WalletCoreOptions = {
  networks: readonly CaipNetwork[];
  /** The modal is embedded in the page (not a dialog): closing goes to Account / Connect instead of hiding. */
  embedded?: boolean | undefined;
  enableNetworkSwitch?: boolean | undefined;
  allowUnsupportedChain?: boolean | undefined;
  /** Basic wallet-connect mode. */
  basic?: boolean | undefined;
  reconnecting?: boolean | undefined;
  isMobile?: (() => boolean) | undefined;
  /** Analytics endpoint; off unless set. */
  eventsEndpoint?: string | undefined;
  /** Hold analytics events until `bus.setEndpoint` is called (the app asks its API whether analytics are on). */
  awaitEventsEndpoint?: boolean | undefined;
  bus?: EventBus | undefined;
};

/** The WalletConnect pairing shown as a QR code. */
export type WalletConnectState = { uri: string | undefined; pairingExpiry: number | undefined };

export type OpenModalParameters = { view?: View | undefined; data?: ViewData | undefined };

export type WalletCore = {
  state: WalletStateStore;
  router: Router;
  /** What views keep per history entry, outside themselves (e.g. the outcome of a wallet request they await). */
  viewStates: ViewStates;
  modal: Store<ModalState>;
  bus: EventBus;
  toasts: Toasts;
  walletConnect: Store<WalletConnectState>;
  options: Required<Pick<WalletCoreOptions, "embedded" | "enableNetworkSwitch" | "allowUnsupportedChain" | "basic">>;
  open(parameters?: OpenModalParameters): void;
  close(): void;
  triggerShake(): void;
  setLoading(namespace: ChainNamespace, loading: boolean): void;
  /**
   * The active network changed (wallet or app side): the family follows it and, when the network is not among
   * the requested ones (and the UnsupportedChain rule holds), the modal opens on UnsupportedChain.
   */
  onNetworkChanged(network: CaipNetwork): void;
};

function defaultIsMobile(): boolean {
  if (typeof navigator === "undefined") return false;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/** The framework-free heart of the layer: state per family, view router, modal state, events and toasts. */
export function createWalletCore(options: WalletCoreOptions): WalletCore {
  const toasts = createToasts();
  const bus =
    options.bus ??
    createEventBus({
      endpoint: options.eventsEndpoint,
      awaitEndpoint: options.awaitEventsEndpoint,
      // The analytics endpoint refused the app: sending stops. An origin not on the allowlist is said once, in the
      // spec's words ('Invalid App Configuration'); any other refusal (e.g. analytics switched off) only in the console.
      onRejected: (message) => {
        console.warn(`[wallet] analytics stopped: ${message}`);
        if (message === messages.invalidAppConfiguration) toasts.show(message, "error");
      },
    });
  const state = createWalletState({ networks: options.networks, reconnecting: options.reconnecting });
  const modal = createStore<ModalState>({ open: false, loading: {}, shake: false });
  const walletConnect = createStore<WalletConnectState>({ uri: undefined, pairingExpiry: undefined });
  const resolved = {
    embedded: options.embedded ?? false,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    basic: options.basic ?? false,
  };
  const isMobile = options.isMobile ?? defaultIsMobile;
  let shakeTimer: ReturnType<typeof setTimeout> | undefined;

  const core: WalletCore = {
    state,
    modal,
    bus,
    toasts,
    walletConnect,
    options: resolved,
    // Set just below: the router needs the finished core (its onClose calls core.close), the view states the router.
    router: undefined as unknown as Router,
    // (As the router: set just below.)
    viewStates: undefined as unknown as ViewStates,
    open(parameters = {}) {
      const view = getInitialView({
        view: parameters.view,
        // An account in another family counts: the Account view then says the active family has none.
        isConnected: state.connectedNamespaces().length > 0,
        noAdapters: state.getState().noAdapters,
        isMobile: isMobile(),
      });
      core.router.reset(view, parameters.data);
      const wasOpen = modal.getState().open;
      modal.setState({ open: true });
      if (!wasOpen) bus.emit("MODAL_OPEN", { connected: state.isConnected() });
    },
    close() {
      const connected = state.isConnected();
      if (resolved.embedded) {
        core.router.reset(state.connectedNamespaces().length > 0 ? "Account" : "Connect");
      } else {
        if (!modal.getState().open) return;
        modal.setState({ open: false });
      }
      bus.emit("MODAL_CLOSE", { connected });
    },
    triggerShake() {
      modal.setState({ shake: true });
      if (shakeTimer) clearTimeout(shakeTimer);
      shakeTimer = setTimeout(() => modal.setState({ shake: false }), MODAL_SHAKE_MS);
    },
    setLoading(namespace, loading) {
      modal.setState((s) => ({ loading: { ...s.loading, [namespace]: loading } }));
    },
    onNetworkChanged(network) {
      const requested = state.chain(network.chainNamespace).network.requestedNetworks;
      const known = requested.find((n) => String(n.id) === String(network.id)) ?? network;
      state.setActiveNetwork(known);
      if (
        state.isConnected() &&
        shouldShowUnsupportedChain({
          activeNetworkId: network.id,
          requestedNetworkIds: requested.map((n) => n.id),
          ...resolved,
        })
      ) {
        core.open({ view: "UnsupportedChain" });
      } else if (core.router.getState().history.includes("UnsupportedChain") && modal.getState().open) {
        // Back on a supported network: the UnsupportedChain prompt has done its job.
        core.close();
      }
    },
  };
  core.router = createRouter({
    initialView: options.reconnecting ? "Account" : "Connect",
    onClose: () => core.close(),
  });
  core.viewStates = createViewStates(core.router);
  return core;
}
