import { describe, expect, it } from "vitest";
import { isAddressForNamespace, isCaipAddress, parseCaipAddress, toCaipAddress } from "./caip.js";

describe("isCaipAddress", () => {
  it.each([
    ["eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", true],
    ["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv", true],
    ["bip122:000000000019d6689c085ae165831e93:bc1q", true],
    ["eip155::0xabc", false],
    ["eip155:1:", false],
    [":1:0xabc", false],
    ["cosmos:1:0xabc", false],
    ["eip155:1", false],
    ["eip155:1:0xabc:extra", false],
    [42, false],
  ])("%s → %s", (value, expected) => {
    expect(isCaipAddress(value)).toBe(expected);
  });

  it("parses and builds", () => {
    const caip = toCaipAddress("eip155", 31337, "0xabc");
    expect(caip).toBe("eip155:31337:0xabc");
    expect(parseCaipAddress(caip)).toEqual({ chainNamespace: "eip155", chainId: "31337", address: "0xabc" });
    expect(() => parseCaipAddress("nope")).toThrow();
  });
});

describe("isAddressForNamespace", () => {
  it.each([
    ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "eip155", true],
    ["f39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "eip155", true],
    ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226", "eip155", false],
    ["0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "eip155", false],
    ["7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv", "solana", true],
    ["7S3P4HxJpyyigGzodYwHtCxZyUQe9JiB", "solana", true],
    ["7S3P4HxJpyyigGzodYwHtCxZyUQe9Ji", "solana", false],
    ["0S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv", "solana", false],
    ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "bip122", false],
  ] as const)("%s on %s → %s", (address, namespace, expected) => {
    expect(isAddressForNamespace(address, namespace)).toBe(expected);
  });
});
