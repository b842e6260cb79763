import { useWalletRuntime } from "../context.js";

/** The configured theme: `light`, `dark` or `system` (follows prefers-color-scheme in CSS). */
export function useTheme(): "light" | "dark" | "system" {
  return useWalletRuntime().config.theme ?? "system";
}
