import type { ComponentType } from "react";
import type { ChainNamespace } from "../../core/caip.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "../hooks/useStore.js";

/**
 * One view in the active chain family's version: the family's own view where it has one (a lazy chunk), else the EVM
 * view. Replaces the hand-written `bitcoin ? … : solana ? … : evm` branches of the views.
 */
export function FamilyView({
  evm: Evm,
  families,
}: {
  evm: ComponentType;
  families: Partial<Record<ChainNamespace, ComponentType>>;
}) {
  const { core } = useWalletRuntime();
  const active = useStore(core.state, (s) => s.activeChain);
  const View = families[active] ?? Evm;
  return <View />;
}
