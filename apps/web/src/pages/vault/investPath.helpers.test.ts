import { describe, expect, it } from "vitest";
import {
  type ChooseInvestPathInput,
  chooseInvestPath,
  fallbackInvestPath,
  investPathText,
  plannedInvestPath,
} from "./investPath.helpers";

const eoa: ChooseInvestPathInput = {
  accountType: "eoa",
  smartAccountReady: false,
  capabilities: undefined,
  supportsPermit: true,
  signsTypedData: true,
};
const atomic = (status: string) => ({ atomic: { status } });

describe("chooseInvestPath", () => {
  it.each([
    ["a wallet with atomic batches", { capabilities: atomic("supported") }, "batch"],
    ["a wallet ready to upgrade to atomic batches", { capabilities: atomic("ready") }, "batch"],
    ["a wallet whose batches are not atomic, signing typed data", { capabilities: atomic("unsupported") }, "permit"],
    ["a wallet without EIP-5792 that signs typed data", {}, "permit"],
    ["a wallet without EIP-5792 that cannot sign typed data", { signsTypedData: false }, "twoStep"],
    ["a token without permits", { supportsPermit: false }, "twoStep"],
    [
      "a token without permits, a batching wallet",
      { supportsPermit: false, capabilities: atomic("supported") },
      "batch",
    ],
    ["capabilities of another kind only", { capabilities: { paymasterService: { supported: true } } }, "permit"],
    ["a smart account while its path is not wired", { accountType: "smartAccount" }, "permit"],
    [
      "a smart account while its path is not wired, with a batching wallet",
      { accountType: "smartAccount", capabilities: atomic("supported") },
      "batch",
    ],
    ["a smart account with its path wired", { accountType: "smartAccount", smartAccountReady: true }, "smartAccount"],
    ["an EOA when the smart-account path is wired", { smartAccountReady: true }, "permit"],
  ] as const)("%s → %s", (_case, override, path) => {
    expect(chooseInvestPath({ ...eoa, ...(override as Partial<ChooseInvestPathInput>) })).toBe(path);
  });
});

describe("plannedInvestPath: the path the button names and the flow starts with", () => {
  it("is the best path when an approval is needed, the investment alone when the allowance covers it", () => {
    expect(plannedInvestPath(true, eoa)).toBe("permit");
    expect(plannedInvestPath(true, { ...eoa, capabilities: atomic("supported") })).toBe("batch");
    expect(plannedInvestPath(false, { ...eoa, capabilities: atomic("supported") })).toBe("twoStep");
  });

  it("is the smart account's one operation whenever it is the account in use, and not while it is not wired", () => {
    const smart = { ...eoa, accountType: "smartAccount" as const, smartAccountReady: true };
    expect(plannedInvestPath(false, smart)).toBe("smartAccount");
    expect(plannedInvestPath(true, smart)).toBe("smartAccount");
    expect(plannedInvestPath(false, { ...smart, smartAccountReady: false })).toBe("twoStep");
  });
});

describe("fallbackInvestPath", () => {
  it("falls back from a batch the wallet cannot send to a permit, or to two steps without typed data", () => {
    expect(fallbackInvestPath("batch", { ...eoa, capabilities: atomic("supported") })).toBe("permit");
    expect(fallbackInvestPath("batch", { ...eoa, capabilities: atomic("supported"), signsTypedData: false })).toBe(
      "twoStep",
    );
  });

  it("falls back from the smart account to the best EOA path, and from a permit to two steps", () => {
    const smart = { ...eoa, accountType: "smartAccount" as const, smartAccountReady: true };
    expect(fallbackInvestPath("smartAccount", { ...smart, capabilities: atomic("supported") })).toBe("batch");
    expect(fallbackInvestPath("smartAccount", smart)).toBe("permit");
    expect(fallbackInvestPath("permit", eoa)).toBe("twoStep");
    expect(fallbackInvestPath("twoStep", eoa)).toBe("twoStep");
  });
});

describe("investPathText", () => {
  it("names the path that ran", () => {
    expect(investPathText("batch", false)).toBe("Invested in one confirmation (batched approve + invest).");
    expect(investPathText("permit", false)).toBe("Invested with a signature (permit) and one transaction.");
    expect(investPathText("twoStep", true)).toBe("Invested in two steps: an approval, then the investment.");
    expect(investPathText("twoStep", false)).toBe(
      "Invested in one transaction: your allowance already covered the amount.",
    );
  });
});
