/**
 * Testing Library waits up to 5 s (its default is 1 s) for what a test looks for: two files run side by side on a
 * 2-core machine, and a dialog whose code loads lazily can take longer than a second to appear there. What is never
 * shown still fails the test.
 */
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 5_000 });
