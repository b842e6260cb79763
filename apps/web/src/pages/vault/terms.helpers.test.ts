import { describe, expect, it } from "vitest";
import { vaultTerms } from "./terms.helpers";

const token = { decimals: 6, symbol: "mUSDC" };
const SCALE = 10n ** 18n;
const vault = {
  fees: { managementFeeBps: 0, performanceFeeBps: 2_000, highWaterMark: SCALE },
  caps: { depositCap: null, investorCap: null },
  sharePrice: SCALE,
  roundFunds: 0n,
};

describe("a vault's terms in words", () => {
  it("says none for what the vault does not charge or cap, and that the round starts at the mark", () => {
    expect(vaultTerms(vault, token)).toEqual([
      { label: "Management fee", value: "None", note: undefined },
      { label: "Performance fee", value: "20% of profit", note: "Only on profit above the high-water mark." },
      { label: "High-water mark", value: "1.0000 per share", note: "This round starts at the mark." },
      { label: "Round cap", value: "None", note: undefined },
      { label: "Cap per investor", value: "None", note: undefined },
    ]);
  });

  it("gives the rates, the mark above this round's price, and the room under a full cap as 0", () => {
    const terms = vaultTerms(
      {
        fees: { managementFeeBps: 150, performanceFeeBps: 0, highWaterMark: 1_048_000_000_000_000_000n },
        caps: { depositCap: 1_000_000_000n, investorCap: 250_000_000n },
        sharePrice: 1_006_080_000_000_000_000n,
        roundFunds: 1_200_000_000n,
      },
      token,
    );
    expect(terms.map((t) => [t.label, t.value])).toEqual([
      ["Management fee", "1.5% a year"],
      ["Performance fee", "None"],
      ["High-water mark", "1.0480 per share"],
      ["Round cap", "1,000 mUSDC"],
      ["Cap per investor", "250 mUSDC"],
    ]);
    expect(terms[2]?.note).toBe(
      "This round starts at 1.0060 per share: its gains up to 1.0480 win back an earlier loss and pay no performance fee.",
    );
    expect(terms[3]?.note).toBe("0 mUSDC left in this round.");
  });
});
