import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
// Every file runs on the run's seeded chain and puts it back afterwards.
import "./testChain.js";

// Testing Library waits up to 5 s (its default is 1 s) for what a test looks for: two files run side by side on a
// 2-core machine. What is never shown still fails the test.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library's automatic cleanup is not registered: do it here.
afterEach(() => cleanup());

// happy-dom has no canvas: `getContext` returns null, and a chart (lightweight-charts) that draws a frame before its
// test ends throws "Value is null" outside the test. A 2D context that draws nothing (and measures text as 0 wide) lets
// the charts render; what the tests read is the DOM around them.
const noopContext = (canvas: HTMLCanvasElement) =>
  new Proxy({ canvas } as Record<string | symbol, unknown>, {
    get(target, key) {
      if (key in target) return target[key];
      if (key === "measureText") return () => ({ width: 0, actualBoundingBoxAscent: 0, actualBoundingBoxDescent: 0 });
      if (key === "getLineDash") return () => [];
      if (key === "createLinearGradient" || key === "createRadialGradient" || key === "createPattern")
        return () => ({ addColorStop() {} });
      return () => undefined;
    },
    set(target, key, value) {
      target[key] = value;
      return true;
    },
  });
Object.defineProperty(HTMLCanvasElement.prototype, "getContext", {
  configurable: true,
  value(this: HTMLCanvasElement, kind: string) {
    return kind === "2d" ? noopContext(this) : null;
  },
});
