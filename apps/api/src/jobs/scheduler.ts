export type ScheduledJob = {
  name: string;
  intervalMs: number;
  /** One run; `signal` aborts when the scheduler stops: the run ends at its next safe point. */
  run: (signal: AbortSignal) => Promise<void>;
};

export type Scheduler = {
  /** Stops the timers, tells running jobs to stop at a safe point, and waits for them to end. */
  stop(): Promise<void>;
};

/**
 * Runs each job now and then every `intervalMs` after the previous run ended (never two runs of one job at
 * once). A job that throws is reported through `onError` and runs again at its next turn.
 */
export function startScheduler(
  jobs: readonly ScheduledJob[],
  onError: (job: string, error: unknown) => void,
): Scheduler {
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const turn = (job: ScheduledJob) => {
    if (stopping.signal.aborted) return;
    const run = Promise.resolve()
      .then(() => job.run(stopping.signal))
      .catch((error: unknown) => onError(job.name, error))
      .finally(() => {
        running.delete(run);
        if (stopping.signal.aborted) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          turn(job);
        }, job.intervalMs);
        timer.unref();
        timers.add(timer);
      });
    running.add(run);
  };
  for (const job of jobs) turn(job);
  return {
    async stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
