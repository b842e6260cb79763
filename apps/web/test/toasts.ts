import { screen, within } from "@testing-library/react";

/**
 * The toast that says `text` (a transaction's result: `useFundAction` shows success and failure there, and only the
 * in-progress step inline). Waits for it like `findByText`.
 */
export function findToast(text: string | RegExp, timeout = 15_000): Promise<HTMLElement> {
  return within(screen.getByRole("region", { name: "Notifications" })).findByText(text, {}, { timeout });
}
