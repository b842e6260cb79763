import { useEffect, useRef } from "react";
import type { WalletEvent } from "../../core/createEventBus.js";
import { useWalletRuntime } from "../context.js";

/** Calls `listener` for every wallet event (MODAL_OPEN / MODAL_CLOSE carry `connected`, CONNECT_SUCCESS, ...). */
export function useWalletEvents(listener: (event: WalletEvent) => void): void {
  const { core } = useWalletRuntime();
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => core.bus.subscribe((event) => ref.current(event)), [core]);
}
