import type { Config, CreateConnectorFn } from "wagmi";

/*
 * The only two places the wallet layer reads wagmi's `config._internal` ("not part of versioned API"). Both were
 * checked against wagmi 3.7.7 / @wagmi/core 3.6.5, where wagmi has no public equivalent; `wagmiPrivate.test.ts`
 * fails if a wagmi upgrade changes either. Everything else reads wagmi through its public actions and `config.state`.
 */

/**
 * Adds a connector to a live wagmi config (connectors loaded on demand: WalletConnect, Coinbase, Safe, the embedded
 * wallet). No-op when its id exists. wagmi has no public way: `connect` and `reconnect` accept a `CreateConnectorFn`
 * but only set it up, without listing it in `config.connectors`, so pickers and wagmi's reconnect would never see it.
 * This is what wagmi's own `hydrate` does for EIP-6963 wallets (`setup`, then `setState` on the connector list).
 */
export function addConnector(config: Config, connectorFn: CreateConnectorFn): void {
  const connector = config._internal.connectors.setup(connectorFn);
  config._internal.connectors.setState((connectors) =>
    connectors.some((c) => c.id === connector.id) ? connectors : [...connectors, connector],
  );
}

/**
 * Whether wagmi has finished reading its persisted state (the last visit's connection) from `config.storage`. wagmi
 * reads it asynchronously, so for the first render after a reload `config.state` does not yet say whether there is a
 * connection to restore; wagmi exposes no public signal for the end of that read (its own `hydrate` asks the private
 * zustand `persist` API, as here). Without storage there is nothing to read.
 */
export function hasHydrated(config: Config): boolean {
  if (!config.storage) return true;
  // `persist` is absent when wagmi's store was made without storage; the cast keeps that case honest.
  const persist = (config._internal.store as { persist?: { hasHydrated(): boolean } }).persist;
  return persist ? persist.hasHydrated() : true;
}
