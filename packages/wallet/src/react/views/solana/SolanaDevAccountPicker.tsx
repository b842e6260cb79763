import { SOLANA_DEV_ACCOUNT_ADDRESSES } from "../../../features/solana/solanaDevAccounts.js";
import { AccountIndexPicker } from "../../components/AccountIndexPicker.js";
import { useWalletRuntime } from "../../context.js";

/**
 * Which local Solana dev account the dev accounts' wallet uses (Solana Local only): as the anvil accounts' picker, a
 * person can act as any of the ten. The choice survives a reload.
 */
export function SolanaDevAccountPicker({ address }: { address: string }) {
  const runtime = useWalletRuntime();
  return (
    <AccountIndexPicker
      addresses={SOLANA_DEV_ACCOUNT_ADDRESSES}
      current={SOLANA_DEV_ACCOUNT_ADDRESSES.indexOf(address)}
      select={async (index) => {
        (await runtime.solana?.load())?.devAccounts?.setIndex(index);
      }}
    />
  );
}
