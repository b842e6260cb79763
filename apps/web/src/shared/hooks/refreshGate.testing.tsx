import { useQuery } from "@tanstack/react-query";
import { CHAIN_KEY } from "../lib/queryKeys";

/**
 * For tests of the write hooks: an on-chain query whose refresh waits for the test (`hold()` until `release()`). The
 * refresh after a write waits for every on-chain query, so a test sees the moment between the write's result and the
 * refreshed reads. Render `<RefreshGateRead gate={gate} />` inside the app's providers.
 */
export class RefreshGate {
  #gate: Promise<void> = Promise.resolve();
  #open = () => {};
  read = () => this.#gate.then(() => 1);
  hold(): void {
    this.#gate = new Promise((resolve) => {
      this.#open = resolve;
    });
  }
  release(): void {
    this.#open();
  }
}

export function RefreshGateRead({ gate }: { gate: RefreshGate }) {
  useQuery({ queryKey: [CHAIN_KEY, "test-refresh-gate"], queryFn: gate.read });
  return null;
}
