import { useWalletRuntime } from "../context.js";

/** Mobile detection (the config's override, else the user agent). */
export function useIsMobile(): boolean {
  const { config } = useWalletRuntime();
  if (config.isMobile) return config.isMobile();
  return /Android|iPhone|iPad|iPod|Mobile/i.test(globalThis.navigator?.userAgent ?? "");
}
