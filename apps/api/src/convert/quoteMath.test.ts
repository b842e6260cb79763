import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatTokenId, NATIVE_TOKEN_ADDRESS, parseChainId, parseTokenId } from "../chain/caip.js";
import {
  getAmountOut,
  getAmountsOut,
  lpFee,
  midPrice,
  minimumReceived,
  parseSlippage,
  priceImpactPercent,
} from "./quoteMath.js";

const eth = 10n ** 18n;
const usdc = 10n ** 6n;

describe("Uniswap V2 quote math", () => {
  it("follows amountOut = amountIn·997·rOut / (rIn·1000 + amountIn·997)", () => {
    // 1 ETH into 200 ETH : 600,000 mUSDC
    const out = getAmountOut(eth, 200n * eth, 600_000n * usdc);
    expect(out).toBe((eth * 997n * 600_000n * usdc) / (200n * eth * 1000n + eth * 997n));
    expect(out).toBe(2_976_163_823n); // 2,976.16 mUSDC: 0.3 % fee and 0.5 % impact below 3,000
    expect(getAmountOut(0n, 1n, 1n)).toBe(0n);
    expect(getAmountOut(1n, 0n, 1n)).toBe(0n);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        (a, rIn, rOut) => {
          const out = getAmountOut(a, rIn, rOut);
          expect(out).toBeLessThan(rOut);
          expect(out * rIn * 1000n).toBeLessThanOrEqual(a * 997n * rOut);
        },
      ),
    );
  });

  it("chains hops like the router's getAmountsOut", () => {
    const hops = [
      { reserveIn: 10n * 10n ** 8n, reserveOut: 600_000n * usdc },
      { reserveIn: 600_000n * usdc, reserveOut: 200n * eth },
    ];
    const amounts = getAmountsOut(10n ** 8n, hops);
    expect(amounts).toHaveLength(3);
    expect(amounts[1]).toBe(getAmountOut(10n ** 8n, hops[0]?.reserveIn ?? 0n, hops[0]?.reserveOut ?? 0n));
    expect(amounts[2]).toBe(getAmountOut(amounts[1] ?? 0n, 600_000n * usdc, 200n * eth));
  });

  it("reports the LP fee per hop and the price impact beyond it", () => {
    expect(lpFee(1000n, 1)).toBe(3n);
    expect(lpFee(1_000_000n, 2)).toBe(5991n);
    const hops = [{ reserveIn: 200n * eth, reserveOut: 600_000n * usdc }];
    const out = getAmountOut(eth, 200n * eth, 600_000n * usdc);
    // one hop: amountIn·997 / (rIn·1000 + amountIn·997) = 997 / 200997 = 0.496 %
    expect(priceImpactPercent(eth, out, hops)).toBe("0.50");
    expect(priceImpactPercent(eth / 1000n, getAmountOut(eth / 1000n, 200n * eth, 600_000n * usdc), hops)).toBe("0.00");
    expect(priceImpactPercent(20n * eth, getAmountOut(20n * eth, 200n * eth, 600_000n * usdc), hops)).toBe("9.07");
  });

  it("parses slippage percents from 0.01 to 50 and applies them", () => {
    expect(parseSlippage("0.5")).toBe(50n);
    expect(parseSlippage("1")).toBe(100n);
    expect(parseSlippage("0.01")).toBe(1n);
    expect(parseSlippage("50")).toBe(5000n);
    for (const bad of ["0", "0.001", "50.01", "51", "-1", "1e1", "abc", "", "0x1", "1.", ".5"]) {
      expect(parseSlippage(bad)).toBeUndefined();
    }
    expect(minimumReceived(1000n, 50n)).toBe(995n);
    expect(minimumReceived(2_976_163_823n, 100n)).toBe(2_946_402_184n);
  });

  it("prices a token from a pool's reserves (mid price)", () => {
    expect(midPrice(200n * eth, 600_000n * usdc, 18, 6)).toBe(3000);
    expect(midPrice(10n * 10n ** 8n, 600_000n * usdc, 8, 6)).toBe(60_000);
    expect(midPrice(0n, 1n, 18, 6)).toBe(0);
  });
});

describe("CAIP ids", () => {
  it("parses chain ids and token ids, and refuses the rest", () => {
    expect(parseChainId("eip155:31337")).toBe(31337);
    expect(parseChainId("31337")).toBe(31337);
    for (const bad of ["", "eip155:", "eip155:0", "0", "01", "1e3", "cosmos:1", "2147483648", "eip155:-1"]) {
      expect(parseChainId(bad)).toBeUndefined();
    }
    const usdcAddress = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    expect(parseTokenId(`eip155:31337:${usdcAddress}`)).toEqual({
      chainId: 31337,
      address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      native: false,
    });
    expect(parseTokenId(`eip155:31337:${NATIVE_TOKEN_ADDRESS.toUpperCase().replace("0X", "0x")}`)?.native).toBe(true);
    for (const bad of [
      "",
      usdcAddress,
      `eip155:31337:0x12`,
      `eip155:x:${usdcAddress}`,
      `solana:1:${usdcAddress}`,
      `eip155:1:${usdcAddress}:x`,
    ]) {
      expect(parseTokenId(bad)).toBeUndefined();
    }
    expect(formatTokenId(1, usdcAddress)).toBe("eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3");
  });
});
