import type { ChainNamespace } from "../../core/caip.js";
import type { WalletCore } from "../../core/createWalletCore.js";
import { CatalogueError } from "../../core/errors.js";

/** What can disconnect one chain family (for EVM: wagmi's disconnect). */
export type FamilyClient = { disconnect(): Promise<void> };

export type DisconnectParameters = {
  core: WalletCore;
  clients: Partial<Record<ChainNamespace, FamilyClient>>;
  /** Only this family; default: every family. */
  namespace?: ChainNamespace | undefined;
  log?: ((message: string, error: unknown) => void) | undefined;
};

/**
 * Disconnect (spec section 4): per chain family, if an address exists call the client's disconnect, then reset
 * account and network data. Failures are collected and logged; a success or error event is tracked; the
 * wallet-connect session is reset. Throws 'Failed to disconnect' when any family failed.
 */
export async function disconnect(p: DisconnectParameters): Promise<void> {
  const families = p.namespace ? [p.namespace] : (Object.keys(p.core.state.getState().chains) as ChainNamespace[]);
  const failures: { namespace: ChainNamespace; error: unknown }[] = [];
  await Promise.all(
    families.map(async (namespace) => {
      try {
        const account = p.core.state.chain(namespace).account;
        if (account.address) await p.clients[namespace]?.disconnect();
        p.core.state.resetAccount(namespace);
      } catch (error) {
        failures.push({ namespace, error });
      }
    }),
  );
  p.core.walletConnect.setState({ uri: undefined, pairingExpiry: undefined });
  if (failures.length > 0) {
    for (const f of failures) (p.log ?? console.error)(`[wallet] disconnect ${f.namespace} failed`, f.error);
    p.core.bus.emit("DISCONNECT_ERROR", { namespaces: failures.map((f) => f.namespace) });
    const error = new CatalogueError("failedToDisconnect", { cause: failures[0]?.error });
    p.core.toasts.show(error.shortMessage, "error");
    throw error;
  }
  p.core.bus.emit("DISCONNECT_SUCCESS", { namespaces: families });
}
