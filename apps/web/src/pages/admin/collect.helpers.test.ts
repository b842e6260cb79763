import { describe, expect, it } from "vitest";
import { approvalState, approveCall, approveCastCommand, collectRowState } from "./collect.helpers";

const fund = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const token = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const wallet = "0x7e57000000000000000000000000000000000001";

describe("collecting returns", () => {
  it("gives the trading wallet the exact approve call, in token units", () => {
    expect(approveCall(fund, 9_943_580_000n)).toBe("approve(0x5FbDB2315678afecb367f032d93F642f64180aa3, 9943580000)");
  });

  it("gives a cast command that runs as pasted: the app's RPC, the token, the fund, the units, the wallet as sender", () => {
    // 200 mUSDC (6 decimals) on a public chain: cast asks for the wallet's key and refuses another.
    expect(
      approveCastCommand({
        token,
        fund,
        units: 200_000_000n,
        wallet,
        rpcUrl: "https://sepolia.example.org/rpc",
        chainId: 11_155_111,
      }),
    ).toBe(
      'cast send 0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512 "approve(address,uint256)" 0x5FbDB2315678afecb367f032d93F642f64180aa3 200000000 --rpc-url https://sepolia.example.org/rpc --from 0x7e57000000000000000000000000000000000001 --interactive',
    );
    // On the local anvil chain the wallet sends unlocked.
    expect(
      approveCastCommand({ token, fund, units: 1n, wallet, rpcUrl: "http://127.0.0.1:8545", chainId: 31_337 }),
    ).toBe(
      'cast send 0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512 "approve(address,uint256)" 0x5FbDB2315678afecb367f032d93F642f64180aa3 1 --rpc-url http://127.0.0.1:8545 --from 0x7e57000000000000000000000000000000000001 --unlocked',
    );
  });

  it("tells a wallet that has not approved from one that approved part or all of what it was sent", () => {
    expect(approvalState({ allowance: 0n, sent: 10n })).toBe("waiting");
    expect(approvalState({ allowance: 5n, sent: 10n })).toBe("partial");
    expect(approvalState({ allowance: 11n, sent: 10n })).toBe("ready");
  });

  it("says a row is collected once something came back and nothing is left to pull", () => {
    expect(collectRowState({ collectedFrom: 0n, collectable: 0n })).toBe("none");
    expect(collectRowState({ collectedFrom: 5n, collectable: 3n })).toBe("more");
    expect(collectRowState({ collectedFrom: 5n, collectable: 0n })).toBe("collected");
  });
});
