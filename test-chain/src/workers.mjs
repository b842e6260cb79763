// @ts-check
/**
 * How many test files a Vitest run works on at once. Vitest's default is one less than the cores: one worker on the
 * 2-core machines that CI and contributors use, so a suite whose files mostly wait (on anvil, PostgreSQL, a child
 * process, a timer) keeps one core idle. Two at least; each worker gets its own anvil (`startTestChains`).
 */
import { availableParallelism } from "node:os";

export const TEST_WORKERS = Math.max(2, availableParallelism() - 1);
