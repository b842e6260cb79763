import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TokenBalance } from "../../core/createWalletState.js";
import { BalanceCooldownError } from "../../core/errors.js";
import { createBalanceFetcher } from "./createBalanceFetcher.js";

const eth: TokenBalance = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:31337",
  value: 0,
  price: 0,
  quantity: { decimals: "18", numeric: "1" },
  iconUrl: "",
};

describe("createBalanceFetcher", () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it("caches balances for 30 seconds", async () => {
    const fetcher = createBalanceFetcher();
    const load = vi.fn(async () => [eth]);
    await fetcher.fetch("a", load);
    vi.advanceTimersByTime(29_999);
    await fetcher.fetch("a", load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await fetcher.fetch("a", load);
    expect(load).toHaveBeenCalledTimes(2);
    await fetcher.fetch("b", load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("after a failure: toast 'Token Balance Unavailable' and 30 s of refusals", async () => {
    const onError = vi.fn();
    const fetcher = createBalanceFetcher({ onError });
    await expect(fetcher.fetch("a", () => Promise.reject(new Error("rpc down")))).rejects.toThrow("rpc down");
    expect(onError).toHaveBeenCalledWith("Token Balance Unavailable", expect.any(Error));
    expect(fetcher.state()).toEqual({ loading: false, lastRetry: 1_000_000 });

    const load = vi.fn(async () => [eth]);
    vi.advanceTimersByTime(29_999);
    const refused = await fetcher.fetch("a", load).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BalanceCooldownError);
    expect((refused as BalanceCooldownError).shortMessage).toBe("Token Balance Unavailable");
    expect((refused as BalanceCooldownError).retryInMs).toBe(1);
    expect(load).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(await fetcher.fetch("a", load)).toEqual([eth]);
    expect(fetcher.state().lastRetry).toBeUndefined();
  });

  it("sets loading while fetching", async () => {
    const fetcher = createBalanceFetcher();
    let seen = false;
    await fetcher.fetch("a", async () => {
      seen = fetcher.state().loading;
      return [];
    });
    expect(seen).toBe(true);
    expect(fetcher.state().loading).toBe(false);
  });
});
