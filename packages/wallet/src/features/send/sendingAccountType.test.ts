import { describe, expect, it } from "vitest";
import { sendingAccountType } from "./sendingAccountType.js";

const EOA = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const SMART = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

describe("sendingAccountType", () => {
  it("is the connected address's type: EOA while a smart account is only preferred", () => {
    const allAccounts = [
      { address: EOA, type: "eoa" as const },
      { address: SMART, type: "smartAccount" as const },
    ];
    expect(sendingAccountType({ address: EOA, allAccounts })).toBe("eoa");
    expect(sendingAccountType({ address: SMART.toLowerCase(), allAccounts })).toBe("smartAccount");
  });

  it("is EOA when the address is not listed or nothing is connected", () => {
    expect(sendingAccountType({ address: EOA, allAccounts: [] })).toBe("eoa");
    expect(sendingAccountType({ address: undefined, allAccounts: [{ address: SMART, type: "smartAccount" }] })).toBe(
      "eoa",
    );
  });
});
