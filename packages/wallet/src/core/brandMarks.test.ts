import { describe, expect, it } from "vitest";
import { BRAND_ICONS } from "../../scripts/brand-marks.mjs";
import { BRAND_MARKS } from "./brandMarks.generated.js";

describe("brand marks", () => {
  it("are the installed Simple Icons' paths (regenerate with scripts/brand-marks.mjs after an upgrade)", () => {
    const fromLibrary = Object.fromEntries(Object.entries(BRAND_ICONS).map(([name, icon]) => [name, icon.path]));
    expect(BRAND_MARKS).toEqual(fromLibrary);
  });
});
