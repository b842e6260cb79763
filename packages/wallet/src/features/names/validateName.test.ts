import { describe, expect, it } from "vitest";
import { COIN_TYPE_OFFSET } from "../../core/constants.js";
import {
  coinTypeOf,
  InvalidChainIdError,
  isZoneName,
  nameRuleTexts,
  toFullName,
  validateName,
} from "./validateName.js";

describe("validateName (letters, digits and hyphens only, at least 4 characters)", () => {
  it("accepts valid labels", () => {
    for (const label of ["alice", "bob1", "a-b-c", "ALICE", "1234", "x".repeat(63)])
      expect(validateName(label), label).toBeUndefined();
  });

  it("says why a label is refused, one sentence per failure", () => {
    expect(validateName("")).toBe(nameRuleTexts.empty);
    expect(validateName("abc")).toBe(nameRuleTexts.tooShort);
    expect(validateName("ab")).toBe("A name needs at least 4 characters.");
    expect(validateName("alice.eth")).toBe(nameRuleTexts.characters);
    expect(validateName("al ice")).toBe(nameRuleTexts.characters);
    expect(validateName("ali_ce")).toBe(nameRuleTexts.characters);
    expect(validateName("élise")).toBe(nameRuleTexts.characters);
    expect(validateName("x".repeat(64))).toBe(nameRuleTexts.tooLong);
  });

  it("builds case-folded full names and recognises names of the zone", () => {
    expect(toFullName("Alice", "fundament")).toBe("alice.fundament");
    expect(isZoneName("alice.fundament", "fundament")).toBe(true);
    expect(isZoneName(" Alice.Fundament ", "fundament")).toBe(true);
    expect(isZoneName("abc.fundament", "fundament")).toBe(false);
    expect(isZoneName("alice.eth", "fundament")).toBe(false);
    expect(isZoneName("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "fundament")).toBe(false);
  });
});

describe("coinTypeOf (ENSIP-11)", () => {
  it("is 60 on Ethereum mainnet and 0x80000000 | chainId elsewhere", () => {
    expect(coinTypeOf(1)).toBe(60);
    expect(coinTypeOf(31337)).toBe(2147514985);
    expect(coinTypeOf(8453)).toBe(2147492101);
    expect(coinTypeOf(0)).toBe(COIN_TYPE_OFFSET);
  });

  it("throws 'Invalid chainId' for a chain id at or above 2147483648", () => {
    expect(() => coinTypeOf(COIN_TYPE_OFFSET)).toThrow(InvalidChainIdError);
    expect(() => coinTypeOf(COIN_TYPE_OFFSET)).toThrow(/^Invalid chainId/);
    expect(() => coinTypeOf(COIN_TYPE_OFFSET + 5)).toThrow(/^Invalid chainId/);
    expect(() => coinTypeOf(COIN_TYPE_OFFSET - 1)).not.toThrow();
  });
});
