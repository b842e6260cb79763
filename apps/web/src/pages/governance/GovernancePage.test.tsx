import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Address } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { PROMPT_METHODS, withSnapshot } from "../../../test/chain";
import { fundRead, increaseTime } from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const proposal = (id: number) => screen.getByTestId(`proposal-${id}`);
const standing = (id: number) => within(proposal(id)).findByTestId("proposal-standing", {}, { timeout: 10_000 });
/** Whole tokens of the 6-decimal token, as the page writes them. */
const tokens = (units: bigint) => Number(units / 1_000_000n).toLocaleString("en-US");
const badge = (id: number) => proposal(id).querySelector(".badge")?.textContent;
const powerOf = async (id: number, account: Address) =>
  (await fundRead("getProposalVotingPower", [BigInt(id), account])) as bigint;

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
    expect(within(proposal(1)).getByRole("img").getAttribute("aria-label")).toBe(
      `${tokens(votesFor)} votes for, ${tokens(votesAgainst)} votes against`,
    );
    // The proposer and the voters as the app shows addresses (name or short form; the full address as the label).
    expect(within(proposal(1)).getByText(/^Proposed by/).textContent).toMatch(/^Proposed by 0x7099…79C8 on /);
    expect(within(proposal(1)).getAllByRole("group", { name: DEV_ACCOUNTS[1] as string }).length).toBeGreaterThan(0);
    const voters = await within(proposal(1)).findByTestId("proposal-1-voters", {}, { timeout: 10_000 });
    expect(within(voters).getByText("Voters (3)")).toBeTruthy();
    expect(
      within(voters)
        .getAllByRole("listitem")
        .map((item) => item.textContent?.trim()),
    ).toEqual(["0x7099…79C8 For", "0x3C44…93BC For", "0x9965…A4dc Against"]);
    // Without a wallet: no voting, and the form says why.
    expect(screen.queryByRole("button", { name: "Vote for" })).toBeNull();
    expect(screen.queryByTestId("proposal-standing")).toBeNull();
    expect(screen.getByText("Connect a wallet with voting power to create a proposal or vote.")).toBeTruthy();
  });

  it("shows a proposal that won but is not executed as 'Passed — awaiting execution' with Execute, then 'Passed'", async () => {
    await withSnapshot(async () => {
      // Past the open proposals' seven days: #3 ended with votes for only, #4 with more against.
      await increaseTime(8 * 86_400);
      expect(await fundRead("proposalState", [3n])).toBe(2); // Succeeded
      await renderApp({ path: "/governance", account: DEV_ACCOUNTS[6] });
      await screen.findByTestId("proposal-3", {}, { timeout: 10_000 });
      expect(badge(3)).toBe("Passed — awaiting execution");
      expect(within(proposal(3)).queryByText("Rejected")).toBeNull();
      expect(badge(4)).toBe("Rejected");
      expect(within(proposal(4)).queryByRole("button", { name: "Execute proposal" })).toBeNull();
      expect(within(proposal(3)).queryByRole("button", { name: /^Vote/ })).toBeNull();

      // Anyone may execute it (account 6 has no voting power).
      await userEvent.click(within(proposal(3)).getByRole("button", { name: "Execute proposal" }));
      await within(proposal(3)).findByText("Passed", { selector: ".badge" }, { timeout: 15_000 });
      expect(await fundRead("proposalState", [3n])).toBe(3); // Executed
      expect(within(proposal(3)).queryByRole("button", { name: "Execute proposal" })).toBeNull();
    });
  });

  it("shows the account's weight on each open proposal before it votes, with For and Against styled alike", async () => {
    const investor = DEV_ACCOUNTS[1] as Address;
    await renderApp({ path: "/governance", account: investor });
    await screen.findByTestId("proposal-3", {}, { timeout: 10_000 });
    for (const id of [3, 4]) {
      const power = await powerOf(id, investor);
      expect(power).toBeGreaterThan(0n);
      expect((await standing(id)).textContent).toBe(
        `Your voting weight: ${tokens(power)} mUSDC (your invested principal when this proposal was created)`,
      );
      const voteFor = within(proposal(id)).getByRole("button", { name: "Vote for" });
      const voteAgainst = within(proposal(id)).getByRole("button", { name: "Vote against" });
      expect(voteFor.className).toBe(voteAgainst.className);
      expect(voteFor.className).not.toMatch(/button--primary/);
      // The weight describes both buttons for screen readers.
      expect(voteFor.getAttribute("aria-describedby")).toBe((await standing(id)).id);
    }
  });

  it("gives an account with no principal at the snapshot the reason and no vote buttons, with no wallet prompt", async () => {
    recorder = recordRpcMethods();
    const account = DEV_ACCOUNTS[6] as Address;
    expect(await powerOf(3, account)).toBe(0n);
    await renderApp({ path: "/governance", account });
    await screen.findByTestId("proposal-3", {}, { timeout: 10_000 });
    for (const id of [3, 4]) {
      expect((await standing(id)).textContent).toBe("You had no invested principal when this proposal was created.");
      expect(within(proposal(id)).queryByRole("button", { name: /^Vote/ })).toBeNull();
    }
    // Closed proposals say nothing about it.
    expect(within(proposal(1)).queryByTestId("proposal-standing")).toBeNull();
    expect(recorder.methods.filter((m) => PROMPT_METHODS.includes(m))).toEqual([]);
  });

  it("says how the account voted (from the chain's Voted events), with no vote buttons", async () => {
    recorder = recordRpcMethods();
    await renderApp({ path: "/governance", account: DEV_ACCOUNTS[5] });
    await screen.findByTestId("proposal-4", {}, { timeout: 10_000 });
    // Account 5 voted for #4 (open) and against #1 (executed); it has not voted on #3.
    expect(await within(proposal(4)).findByText("You voted For", {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(proposal(4)).queryByRole("button", { name: "Vote for" })).toBeNull();
    expect((await standing(4)).textContent).toBe(
      `You voted For with a weight of ${tokens(await powerOf(4, DEV_ACCOUNTS[5] as Address))} mUSDC`,
    );
    expect(within(proposal(1)).getByText("You voted Against")).toBeTruthy();
    expect(within(proposal(3)).getByRole("button", { name: "Vote for" })).toBeTruthy();
    expect(recorder.methods.filter((m) => PROMPT_METHODS.includes(m))).toEqual([]);
  });

  it("votes and creates a proposal with the spec's messages", async () => {
    await withSnapshot(async () => {
      const { walletCore } = await renderApp({ path: "/governance", account: DEV_ACCOUNTS[1] });
      await screen.findByTestId("proposal-3", {}, { timeout: 10_000 });
      await within(proposal(3)).findByRole("button", { name: "Vote against" }, { timeout: 10_000 });
      expect(
        walletCore()
          .bus.history()
          .filter((e) => e.event === "VOTE_SUCCESS"),
      ).toEqual([]);
      await userEvent.click(within(proposal(3)).getByRole("button", { name: "Vote against" }));
      expect(await within(proposal(3)).findByText("You voted Against", {}, { timeout: 15_000 })).toBeTruthy();
      // Focus lands on the "You voted …" line that replaced the vote buttons.
      await waitFor(() => expect(document.activeElement).toBe(within(proposal(3)).getByTestId("proposal-standing")), {
        timeout: 10_000,
      });
      expect(
        (await screen.findAllByText("Voting transaction submitted", {}, { timeout: 15_000 })).length,
      ).toBeGreaterThan(0);
      expect(within(proposal(3)).queryByRole("button", { name: /^Vote/ })).toBeNull();
      expect(within(proposal(3)).getByRole("img").getAttribute("aria-label")).toMatch(/[1-9][\d,]* votes against$/);
      // The mined vote went to the wallet layer's event bus (the operator's analytics): proposal and way, no address.
      expect(
        walletCore()
          .bus.history()
          .filter((e) => e.event === "VOTE_SUCCESS")
          .map((e) => e.properties),
      ).toEqual([{ proposalId: 3, support: false }]);

      const form = screen.getByRole("form", { name: "Create a proposal" });
      await userEvent.click(within(form).getByRole("button", { name: "Create proposal" }));
      expect(within(form).getByRole("alert").textContent).toBe("Enter a proposal description.");
      await userEvent.type(within(form).getByLabelText("Description"), "Rotate the futures trading wallet's keys.");
      await userEvent.clear(within(form).getByLabelText("Voting period"));
      await userEvent.type(within(form).getByLabelText("Voting period"), "2");
      await userEvent.click(within(form).getByRole("button", { name: "Create proposal" }));
      expect(
        (await screen.findAllByText("Proposal transaction submitted", {}, { timeout: 15_000 })).length,
      ).toBeGreaterThan(0);
      expect(await screen.findByTestId("proposal-5", {}, { timeout: 10_000 })).toBeTruthy();
      // Focus lands on the new proposal's card.
      await waitFor(() => expect(document.activeElement).toBe(proposal(5)), { timeout: 10_000 });
      expect(within(proposal(5)).getByText(/^(1d 23h|2d 0h) left$/)).toBeTruthy();
    });
  });
});
