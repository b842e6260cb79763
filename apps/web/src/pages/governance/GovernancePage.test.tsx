import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { withSnapshot } from "../../../test/chain";
import { fundRead } from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const proposal = (id: number) => screen.getByTestId(`proposal-${id}`);

describe("Governance", () => {
  it("lists the seeded proposals newest first with their status and votes", async () => {
    await renderApp({ path: "/governance" });
    await screen.findByTestId("proposal-4", {}, { timeout: 10_000 });
    const ids = screen.getAllByRole("article").map((a) => a.getAttribute("data-testid"));
    expect(ids).toEqual(["proposal-4", "proposal-3", "proposal-2", "proposal-1"]);
    expect(within(proposal(1)).getByText("Passed")).toBeTruthy();
    expect(within(proposal(2)).getByText("Rejected")).toBeTruthy();
    expect(within(proposal(3)).getByText("Active")).toBeTruthy();
    expect(within(proposal(3)).getByText(/^\d+d \d+h left$/)).toBeTruthy();
    // The tallies as the contract holds them (whole tokens of the 6-decimal token).
    const [, , votesFor, votesAgainst] = (await fundRead("getProposalDetails", [1n])) as readonly [
      bigint,
      string,
      bigint,
      bigint,
    ];
    expect(votesFor).toBeGreaterThan(votesAgainst);
    const tokens = (units: bigint) => Number(units / 1_000_000n).toLocaleString("en-US");
    expect(within(proposal(1)).getByRole("img").getAttribute("aria-label")).toBe(
      `${tokens(votesFor)} votes for, ${tokens(votesAgainst)} votes against`,
    );
    // Without a wallet: no voting, and the form says why.
    expect(screen.queryByRole("button", { name: "Vote for" })).toBeNull();
    expect(screen.getByText("Connect a wallet with voting power to create a proposal or vote.")).toBeTruthy();
  });

  it("hides the vote buttons of a proposal the account has voted on (hasVoted), with no wallet prompt", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/governance", account: DEV_ACCOUNTS[5] });
    await screen.findByTestId("proposal-4", {}, { timeout: 10_000 });
    expect(
      await within(proposal(4)).findByText("You have voted on this proposal.", {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(within(proposal(4)).queryByRole("button", { name: "Vote for" })).toBeNull();
    // Account 5 has not voted on proposal 3: it can.
    expect(within(proposal(3)).getByRole("button", { name: "Vote for" })).toBeTruthy();
    expect(recorder.methods.filter((m) => m === "eth_sendTransaction" || m === "eth_sendRawTransaction")).toEqual([]);
  });

  it("votes and creates a proposal with the spec's messages", async () => {
    await withSnapshot(async () => {
      await renderApp({ path: "/governance", account: DEV_ACCOUNTS[1] });
      await screen.findByTestId("proposal-3", {}, { timeout: 10_000 });
      await userEvent.click(within(proposal(3)).getByRole("button", { name: "Vote against" }));
      expect(
        await within(proposal(3)).findByText("Voting transaction submitted", {}, { timeout: 15_000 }),
      ).toBeTruthy();
      expect(within(proposal(3)).getByRole("img").getAttribute("aria-label")).toMatch(/votes against$/);

      const form = screen.getByRole("form", { name: "Create a proposal" });
      await userEvent.click(within(form).getByRole("button", { name: "Create proposal" }));
      expect(within(form).getByRole("alert").textContent).toBe("Enter a proposal description.");
      await userEvent.type(within(form).getByLabelText("Description"), "Rotate the futures trading wallet's keys.");
      await userEvent.clear(within(form).getByLabelText("Voting period"));
      await userEvent.type(within(form).getByLabelText("Voting period"), "2");
      await userEvent.click(within(form).getByRole("button", { name: "Create proposal" }));
      expect(await within(form).findByText("Proposal transaction submitted", {}, { timeout: 15_000 })).toBeTruthy();
      expect(await screen.findByTestId("proposal-5", {}, { timeout: 10_000 })).toBeTruthy();
      expect(within(proposal(5)).getByText(/^(1d 23h|2d 0h) left$/)).toBeTruthy();
    });
  });
});
