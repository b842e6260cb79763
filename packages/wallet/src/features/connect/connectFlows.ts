import type { Config, Connector } from "wagmi";
import { getConnection, connect as wagmiConnect } from "wagmi/actions";
import { addRecentWallet } from "../../connectors/recentWallets.js";
import type { Store } from "../../core/createStore.js";
import type { WalletCore } from "../../core/createWalletCore.js";
import { isUserRejection } from "../../core/errors.js";
import { getPairingExpiry } from "../../core/pairing.js";
import type { View, ViewData } from "../../core/views.js";
import type { AnyLazyChainFamily } from "../families/types.js";
import { CONNECTION_DECLINED, connectorView, errorText } from "./errors.js";

export type ConnectAttemptState = {
  status: "idle" | "connecting" | "error";
  connectorId: string | undefined;
  /** Why the last attempt failed. */
  error: string | undefined;
};

/** What every connect flow works with: the core and the attempt the Connecting* views show. */
export type ConnectContext = { core: WalletCore; connectAttempt: Store<ConnectAttemptState> };

/** What the EVM flow needs besides: wagmi, and what follows a connection (sign-in, close). */
export type EvmConnectContext = ConnectContext & {
  wagmiConfig: Config;
  afterConnected(connector: Connector, chainId: number): Promise<void>;
};

/**
 * Shows the Connecting view of a connector (replaced when already shown: a retry; the basic WalletConnect view shows
 * its own pairing, so it stays) and marks the attempt as started.
 */
export function startAttempt(ctx: ConnectContext, view: View, connectorId: string, data?: ViewData): void {
  const current = ctx.core.router.getState().view;
  const stay = current === view || (current === "ConnectingWalletConnectBasic" && view === "ConnectingWalletConnect");
  if (stay) ctx.core.router.replace(current, { ...data, connectorId });
  else ctx.core.router.push(view, { ...data, connectorId });
  ctx.connectAttempt.setState({ status: "connecting", connectorId, error: undefined });
}

/** A failed attempt: its text ('Connection declined' on a refusal), CONNECT_ERROR, the modal shakes. */
export function failAttempt(ctx: ConnectContext, connectorId: string, error: unknown): void {
  const message = isUserRejection(error) ? CONNECTION_DECLINED : errorText(error);
  ctx.connectAttempt.setState({ status: "error", error: message });
  ctx.core.bus.emit("CONNECT_ERROR", { connector: connectorId, message });
  ctx.core.triggerShake();
}

/**
 * Connects a wallet of a chain family (Solana, bitcoin: Wallet Standard wallets) through the ConnectingExternal view:
 * the family's code loads first; success records the recent wallet, tracks CONNECT_SUCCESS and closes.
 */
export async function connectFamily(
  ctx: ConnectContext,
  family: AnyLazyChainFamily,
  connectorId: string,
  data?: ViewData,
): Promise<void> {
  startAttempt(ctx, "ConnectingExternal", connectorId, data);
  ctx.core.setLoading(family.namespace, true);
  try {
    await (await family.load()).connect(connectorId);
    ctx.connectAttempt.setState({ status: "idle", error: undefined });
    addRecentWallet(connectorId);
    ctx.core.bus.emit("CONNECT_SUCCESS", {
      connector: connectorId,
      chainId: ctx.core.state.activeNetwork()?.caipNetworkId,
    });
    ctx.core.close();
  } catch (error) {
    failAttempt(ctx, connectorId, error);
  } finally {
    ctx.core.setLoading(family.namespace, false);
  }
}

/**
 * The connector is wagmi's current connection already (e.g. the EVM account stayed connected while a Solana network
 * was active): that connection is the outcome, not wagmi's 'Connector already connected.'. The EVM family becomes the
 * active one again and the modal closes. False when the connector is not the connected one.
 */
export function resumeConnection(ctx: EvmConnectContext, connector: Connector): boolean {
  const current = getConnection(ctx.wagmiConfig);
  if (current.status !== "connected" || current.connector?.uid !== connector.uid) return false;
  const network = ctx.core.state.chain("eip155").network.activeNetwork;
  if (network && ctx.core.state.getState().activeChain !== "eip155") ctx.core.onNetworkChanged(network);
  ctx.connectAttempt.setState({ status: "idle", connectorId: connector.id, error: undefined });
  ctx.core.close();
  return true;
}

/** Shows a WalletConnect connector's pairing URI (the QR code) while it connects. Returns the cleanup. */
function watchPairing(core: WalletCore, connector: Connector): () => void {
  if (connector.type !== "walletConnect") return () => undefined;
  const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
    if (type === "display_uri" && typeof data === "string")
      core.walletConnect.setState({ uri: data, pairingExpiry: getPairingExpiry() });
  };
  core.walletConnect.setState({ uri: undefined, pairingExpiry: undefined });
  connector.emitter.on("message", onMessage);
  return () => connector.emitter.off("message", onMessage);
}

/** wagmi refused because the connector is its current connection. */
function isAlreadyConnected(error: unknown): boolean {
  return (error as { name?: unknown })?.name === "ConnectorAlreadyConnectedError";
}

/**
 * Connects an EVM (wagmi) connector through its Connecting* view, then what follows a connection. A connector that is
 * connected already resolves to that connection (`resumeConnection`) instead of failing.
 */
export async function connectEvm(ctx: EvmConnectContext, connector: Connector, data?: ViewData): Promise<void> {
  if (resumeConnection(ctx, connector)) return;
  startAttempt(ctx, connectorView(connector), connector.id, data);
  ctx.core.setLoading("eip155", true);
  const stopPairing = watchPairing(ctx.core, connector);
  try {
    const result = await wagmiConnect(ctx.wagmiConfig, { connector });
    await ctx.afterConnected(connector, result.chainId);
  } catch (error) {
    if (isAlreadyConnected(error) && resumeConnection(ctx, connector)) return;
    failAttempt(ctx, connector.id, error);
  } finally {
    ctx.core.setLoading("eip155", false);
    stopPairing();
  }
}
