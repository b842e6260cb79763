import { describe, expect, it } from "vitest";
import { parseHexColor } from "./TimeSeriesChart";

describe("parseHexColor", () => {
  it("reads #rgb, #rrggbb and #rrggbbaa, and nothing else", () => {
    expect(parseHexColor("#64748b")).toEqual([100, 116, 139, 1]);
    expect(parseHexColor(" #fff ")).toEqual([255, 255, 255, 1]);
    expect(parseHexColor("#4f46e555")).toEqual([79, 70, 229, 0x55 / 255]);
    expect(parseHexColor("rgb(1, 2, 3)")).toBeNull();
    expect(parseHexColor("#12345")).toBeNull();
  });
});
