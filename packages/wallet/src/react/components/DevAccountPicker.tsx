import { getConnection } from "wagmi/actions";
import { DEV_ACCOUNT_ADDRESSES, type DevAccountsProvider } from "../../connectors/createDevAccountsProvider.js";
import { useWalletRuntime } from "../context.js";
import { AccountIndexPicker } from "./AccountIndexPicker.js";

/**
 * Which anvil dev account the dev-accounts connector uses (local chain only): a person without a browser wallet can
 * act as any of them (an admin, an investor…). The choice survives a reload.
 */
export function DevAccountPicker({ address }: { address: string }) {
  const { wagmiConfig } = useWalletRuntime();
  return (
    <AccountIndexPicker
      addresses={DEV_ACCOUNT_ADDRESSES}
      current={DEV_ACCOUNT_ADDRESSES.findIndex((a) => a.toLowerCase() === address.toLowerCase())}
      select={async (index) => {
        const connector = getConnection(wagmiConfig).connector;
        const provider = (await connector?.getProvider()) as DevAccountsProvider | undefined;
        provider?.setAccountIndex(index);
      }}
    />
  );
}
