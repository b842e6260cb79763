import { useEffect, useState } from "react";
import { defaultLoginStorage, emailCooldownSeconds } from "../../features/embedded/loginStorage.js";

/** The seconds left before another email may be sent (spec §5), ticking down; `restart` re-reads it after a send. */
export function useEmailCooldown(): { seconds: number; restart(): void } {
  const [seconds, setSeconds] = useState(() => emailCooldownSeconds(defaultLoginStorage()));
  const [epoch, setEpoch] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `epoch` restarts the countdown after a new send
  useEffect(() => {
    setSeconds(emailCooldownSeconds(defaultLoginStorage()));
    const timer = setInterval(() => {
      const left = emailCooldownSeconds(defaultLoginStorage());
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [epoch]);
  return { seconds, restart: () => setEpoch((n) => n + 1) };
}
