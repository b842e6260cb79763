export type ScheduledJob = {
  name: string;
  intervalMs: number;
  run: () => Promise<void>;
};

export type Scheduler = {
  /** Stops the timers and waits for running jobs to finish. */
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
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const turn = (job: ScheduledJob) => {
    if (stopped) return;
    const run = job
      .run()
      .catch((error: unknown) => onError(job.name, error))
      .finally(() => {
        running.delete(run);
        if (stopped) return;
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
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
