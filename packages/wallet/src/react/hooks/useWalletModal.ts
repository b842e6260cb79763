import { useMemo } from "react";
import type { OpenModalParameters } from "../../core/createWalletCore.js";
import type { View } from "../../core/views.js";
import { useWalletRuntime } from "../context.js";
import { useStore } from "./useStore.js";

export type UseWalletModalReturnType = {
  /** Opens the modal: on `view` when given, else Account when connected and Connect when not. */
  open(parameters?: OpenModalParameters): void;
  close(): void;
  isOpen: boolean;
  /** The current view. */
  view: View;
};

/** Opens and closes the wallet modal. */
export function useWalletModal(): UseWalletModalReturnType {
  const { core } = useWalletRuntime();
  const isOpen = useStore(core.modal, (s) => s.open);
  const view = useStore(core.router, (s) => s.view);
  return useMemo(
    () => ({ open: (p?: OpenModalParameters) => core.open(p), close: () => core.close(), isOpen, view }),
    [core, isOpen, view],
  );
}
