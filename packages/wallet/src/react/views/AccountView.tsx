import { lazy } from "react";
import { EMBEDDED_CONNECTOR_ID } from "../../features/embedded/types.js";
import { AccountHeader } from "../components/AccountHeader.js";
import { AccountTypeSection } from "../components/AccountTypeSection.js";
import { CopyButton } from "../components/CopyButton.js";
import { DevAccountPicker } from "../components/DevAccountPicker.js";
import { ListItemButton } from "../components/ListItemButton.js";
import { ListNav } from "../components/ListNav.js";
import { NoFamilyAccount } from "../components/NoFamilyAccount.js";
import { SignInSection } from "../components/SignInSection.js";
import { TokenBalancesSection } from "../components/TokenBalancesSection.js";
import { useWalletRuntime } from "../context.js";
import { useIdentity } from "../hooks/useIdentity.js";
import { useStore } from "../hooks/useStore.js";
import { useSwapSupport } from "../hooks/useSwapSupport.js";
import { useTokenBalances } from "../hooks/useTokenBalances.js";
import { useWalletAccount } from "../hooks/useWalletAccount.js";
import { EmbeddedAccountSection } from "./embedded/EmbeddedAccountSection.js";
import { FamilyView } from "./FamilyView.js";

/** The Solana family's view (a separate chunk, loaded when the Solana family is active). */
const SolanaAccountView = lazy(() => import("./solana/SolanaViews.js").then((m) => ({ default: m.SolanaAccountView })));

/** The bitcoin family's view (a separate chunk, loaded when the bitcoin family is active). */
const BitcoinAccountView = lazy(() =>
  import("./bitcoin/BitcoinViews.js").then((m) => ({ default: m.BitcoinAccountView })),
);

/** The account overview of the active chain family (EVM, or Solana / bitcoin when it is active). */
export function AccountView() {
  return <FamilyView evm={EvmAccountView} families={{ solana: SolanaAccountView, bip122: BitcoinAccountView }} />;
}

/** The account overview: address, balances, network, buy, receive, send, activity, sign-in, disconnect. */
function EvmAccountView() {
  const runtime = useWalletRuntime();
  const { core } = runtime;
  const { address } = useWalletAccount();
  const network = useStore(core.state, () => core.state.activeNetwork());
  const wallet = useStore(core.state, () => core.state.activeAccount().connectedWalletInfo);
  const balances = useTokenBalances();
  const native = balances.data?.find((b) => !b.address);
  const identity = useIdentity(address);
  // Swap is offered only where the API says it swaps on this chain (`/v1/supported-chains`).
  const swap = useSwapSupport(network?.chainNamespace === "eip155" ? network.id : undefined);
  if (!address) return <NoFamilyAccount namespace="eip155" />;
  const embeddedUser = wallet?.id === EMBEDDED_CONNECTOR_ID;
  const empty = isEmptyWallet(balances.data);
  return (
    <div className="fw-stack">
      <AccountHeader
        address={address}
        icon={identity.avatar ?? wallet?.icon}
        walletName={wallet?.name}
        name={identity.name}
        balance={{ native, isLoading: balances.isLoading }}
        totalValue={balances.totalValue}
        actions={
          // As RainbowKit's account modal: the two account actions side by side under the balance, where they never
          // cover a row however long the view grows.
          <div className="fw-account-actions">
            <CopyButton text={address} />
            <button type="button" className="fw-button fw-button-secondary" onClick={() => void runtime.disconnect()}>
              Disconnect
            </button>
          </div>
        }
      />
      {wallet?.id === "devAccounts" ? <DevAccountPicker address={address} /> : null}
      {empty ? (
        // An empty wallet's first step, before anything else: where the money comes in.
        <section className="fw-stack fw-add-funds" aria-label="Add funds">
          <p className="fw-muted">This wallet is empty. Add funds to start.</p>
          <button
            type="button"
            className="fw-button"
            onClick={() => core.router.push(runtime.config.apiUrl ? "Buy" : "Receive")}
          >
            Add funds
          </button>
        </section>
      ) : null}
      <AccountTypeSection />
      {/* The spec's feature order: onramp, swaps, receive, send; then activity, the network and the name. */}
      <ListNav label="Account actions">
        {runtime.config.apiUrl ? (
          <ListItemButton name="Buy" icon={null} onClick={() => core.router.push("Buy")} />
        ) : null}
        {swap.supported ? <ListItemButton name="Swap" icon={null} onClick={() => core.router.push("Swap")} /> : null}
        <ListItemButton name="Receive" icon={null} onClick={() => core.router.push("Receive")} />
        <ListItemButton name="Send" icon={null} onClick={() => core.router.push("Send")} />
        <ListItemButton name="Activity" icon={null} onClick={() => core.router.push("Transactions")} />
        <ListItemButton
          name={network ? network.name : "Network"}
          tag="Switch"
          onClick={() => core.router.push("Networks")}
        />
        {runtime.names ? (
          <ListItemButton
            name={identity.name?.endsWith(`.${runtime.nameZone}`) ? "Change name" : "Choose a name"}
            icon={null}
            onClick={() => core.router.push("RegisterAccountName")}
          />
        ) : null}
      </ListNav>
      {balances.data && balances.data.length > 1 ? <TokenBalancesSection balances={balances.data} /> : null}
      {/* An email, social or Farcaster login is already a sign-in: one login, not a second "Sign in" below it. */}
      {embeddedUser ? <EmbeddedAccountSection /> : <SignInSection address={address} />}
    </div>
  );
}

/** Balances read and nothing held: no native coin and no token with a balance. */
export function isEmptyWallet(balances: readonly { quantity: { numeric: string } }[] | undefined): boolean {
  if (!balances) return false;
  return balances.every((b) => Number(b.quantity.numeric) === 0);
}
