import { useEffect, useState } from "react";
import { useChainTime } from "../../shared/hooks/useChainTime";

/** How often a waiting countdown is redrawn (it counts whole minutes). */
const TICK_MS = 15_000;

/**
 * The chain's clock in seconds while a proposal's actions wait in the timelock: the app's chain clock (the latest
 * block's time, moved on by the wall clock since it was read), redrawn every 15 seconds while `waiting`, so the
 * countdown runs and Execute turns on when the delay has passed. Never behind `readSeconds`, the clock read with the
 * proposals.
 */
export function useQueuedClock(waiting: boolean, readSeconds: number): number {
  const chainMs = useChainTime(waiting);
  const [, redraw] = useState(0);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => redraw((n) => n + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  return Math.max(readSeconds, chainMs === undefined ? 0 : Math.floor(chainMs / 1000));
}
