import { describe, expect, it } from "vitest";
import { fundStops, vaultStopState } from "./stops.helpers";

const vault = (name: string, paused = false, windingDown = false) => ({ name, paused, windingDown });

describe("fundStops", () => {
  it("offers to pause and wind down everything while no vault is stopped, never to resume", () => {
    expect(fundStops([vault("A"), vault("B")])).toEqual({
      canPauseAll: true,
      canResumeAll: false,
      canWindDownAll: true,
      summary: "No vault is paused or winding down.",
    });
  });

  it("names the paused and the winding-down vaults; resuming reopens only the paused ones", () => {
    expect(fundStops([vault("A", true), vault("B", true, true), vault("C")])).toEqual({
      canPauseAll: true,
      canResumeAll: true,
      canWindDownAll: true,
      summary: "Paused: A. Winding down: B.",
    });
    // A vault winding down that was paused too: no resume reopens it.
    expect(fundStops([vault("A", true, true), vault("B")]).canResumeAll).toBe(false);
  });

  it("every vault paused: nothing left to pause", () => {
    expect(fundStops([vault("A", true), vault("B", true)])).toEqual({
      canPauseAll: false,
      canResumeAll: true,
      canWindDownAll: true,
      summary: "Deposits and new rounds are paused in every vault.",
    });
  });

  it("the whole fund winding down: nothing left to do", () => {
    expect(fundStops([vault("A", true, true), vault("B", false, true)])).toEqual({
      canPauseAll: false,
      canResumeAll: false,
      canWindDownAll: false,
      summary: "The whole fund is winding down: no vault takes a deposit or starts a round again.",
    });
  });

  it("no vaults", () => {
    expect(fundStops([]).summary).toBe("The fund has no vaults.");
  });
});

describe("vaultStopState", () => {
  it("says what a stop means for deposits and for investors", () => {
    expect(vaultStopState(vault("A"))).toBe("Deposits and new rounds run as usual.");
    expect(vaultStopState(vault("A", true))).toMatch(
      /^Paused: .* until an admin resumes them; investors can still withdraw\.$/,
    );
    expect(vaultStopState(vault("A", true, true))).toMatch(/^Winding down: /);
  });
});
