import type { Config, CreateConnectorFn } from "wagmi";

/** Adds a connector to a live wagmi config (used for connectors loaded on demand). No-op when its id exists. */
export function addConnector(config: Config, connectorFn: CreateConnectorFn): void {
  const connector = config._internal.connectors.setup(connectorFn);
  config._internal.connectors.setState((connectors) =>
    connectors.some((c) => c.id === connector.id) ? connectors : [...connectors, connector],
  );
}
