import { foundry } from "viem/chains";
import { describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import { createWalletConfig } from "./createWalletConfig.js";
import { walletConnectConnector } from "./loadOptionalConnectors.js";
import { closedRelayUrl } from "./startFakeRelay.js";
import { addConnector } from "./wagmiPrivate.js";
import { WALLETCONNECT_UNREACHABLE, WalletConnectUnreachableError } from "./walletConnectRelay.js";

// Its own file: the WalletConnect SDK keeps one core (and relay connection) per process.
describe("WalletConnect without its relay", () => {
  it("an unreachable relay gives a clear text within the bound, not a raw error", async () => {
    const config = createWalletConfig({ chains: [foundry], rpcUrls: { 31337: "http://127.0.0.1:9" } });
    const relayUrl = await closedRelayUrl();
    addConnector(
      config,
      walletConnectConnector({ projectId: "0123456789abcdef0123456789abcdef", relayUrl, timeoutMs: 2_000 }),
    );
    const connector = config.connectors.find((c) => c.id === "walletConnect");
    if (!connector) throw new Error("no WalletConnect connector");
    const error = await connect(config, { connector }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WalletConnectUnreachableError);
    expect((error as WalletConnectUnreachableError).shortMessage).toBe(WALLETCONNECT_UNREACHABLE);
    expect(WALLETCONNECT_UNREACHABLE).toMatch(/try again/);
  });
});
