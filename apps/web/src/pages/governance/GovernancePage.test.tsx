import { fundTimelockAbi, investmentFundAbi } from "@fundament/sdk";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type Address, encodeFunctionData, type Hex, pad, toEventSelector, toHex, zeroHash } from "viem";
import { afterEach, describe, expect, inject, it } from "vitest";
import { PROMPT_METHODS, rpc, withSnapshot } from "../../../test/chain";
import { fundAddress, fundRead, fundWrite, increaseTime, tokenAddress } from "../../../test/fund";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp } from "../../../test/render";
import { testWalletConnector } from "../../../test/testWallet";
import { formatDateTime, shortenAddress } from "../../shared/lib/format";

let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const proposal = (id: number) => screen.getByTestId(`proposal-${id}`);
const standing = (id: number) => within(proposal(id)).findByTestId("proposal-standing", {}, { timeout: 10_000 });
/** Whole tokens of the 6-decimal token, as the page writes them. */
const tokens = (units: bigint) => Number(units / 1_000_000n).toLocaleString("en-US");
/** Tokens of the 6-decimal token with at most 2 decimals ("11,949.73"), as the page writes a quorum. */
const upTo2Decimals = (units: bigint) =>
  (Number(units) / 1_000_000).toLocaleString("en-US", { maximumFractionDigits: 2 });
const badge = (id: number) => proposal(id).querySelector(".badge")?.textContent;
const powerOf = async (id: number, account: Address) =>
  (await fundRead("getProposalVotingPower", [BigInt(id), account])) as bigint;
const DAY = 86_400;
/**
 * The voters list of proposal `id` as the page writes it, largest weight first (ties in the order given, which is the
 * order they voted): "0x7099…79C8 For 6,000 mUSDC Longer rounds."
 */
const voterRows = async (id: number, votes: readonly (readonly [Address, string, string?])[]) => {
  const rows = await Promise.all(
    votes.map(async ([account, choice, reason]) => {
      const power = await powerOf(id, account);
      return {
        power,
        text: `${shortenAddress(account)} ${choice} ${upTo2Decimals(power)} mUSDC${reason ? ` ${reason}` : ""}`,
      };
    }),
  );
  return rows.sort((a, b) => (a.power === b.power ? 0 : a.power > b.power ? -1 : 1)).map((r) => r.text);
};
const listed = (voters: HTMLElement) =>
  within(voters)
    .getAllByRole("listitem")
    .map((item) => item.textContent?.trim());
/** The governor's `ProposalExecuted` event of proposal `id`: its transaction and its block's time (seconds). */
const executedEvent = async (id: number) => {
  const [log] = await rpc<{ transactionHash: Hex; blockNumber: Hex }[]>("eth_getLogs", [
    {
      address: inject("deployment").fundGovernor,
      topics: [toEventSelector("ProposalExecuted(uint256)"), pad(toHex(BigInt(id)))],
      fromBlock: "0x0",
      toBlock: "latest",
    },
  ]);
  if (!log) throw new Error(`no ProposalExecuted event for #${id}`);
  const block = await rpc<{ timestamp: Hex }>("eth_getBlockByNumber", [log.blockNumber, false]);
  return { hash: log.transactionHash, time: Number(BigInt(block.timestamp)) };
};
/** Opens the review of a vote (For, Against, Abstain) on proposal `id` and casts it. */
const castFromReview = async (id: number, button: "Vote for" | "Vote against" | "Abstain") => {
  await userEvent.click(await within(proposal(id)).findByRole("button", { name: button }, { timeout: 10_000 }));
  await userEvent.click(
    within(within(proposal(id)).getByTestId("vote-review")).getByRole("button", { name: "Cast vote" }),
  );
};
/** The timelock's delay (86,400 s on the seeded test chains, scripts/lib/seeded-chain.mjs), as it reports it. */
const timelockDelay = async () =>
  Number(
    await rpc<Hex>("eth_call", [
      {
        to: inject("deployment").fundTimelock,
        data: encodeFunctionData({ abi: fundTimelockAbi, functionName: "getMinDelay" }),
      },
      "latest",
    ]),
  );
const proposalInfo = async (id: number) =>
  (await fundRead("getProposalInfo", [BigInt(id)])) as { executableAt: bigint; actionsHash: Hex; state: number };
const lockupOf = async (vaultId: number) => (await fundRead("lockupPeriodDuration", [BigInt(vaultId)])) as bigint;
const lockupCall = (vaultId: number, seconds: number) =>
  encodeFunctionData({
    abi: investmentFundAbi,
    functionName: "setLockupPeriodDuration",
    args: [BigInt(vaultId), BigInt(seconds)],
  });

describe("Governance", () => {
  it("lists the seeded proposals newest first with their status and votes", async () => {
    await renderApp({ path: "/governance" });
    await screen.findByTestId("proposal-5", {}, { timeout: 10_000 });
    const ids = screen.getAllByRole("article").map((a) => a.getAttribute("data-testid"));
    expect(ids).toEqual(["proposal-5", "proposal-4", "proposal-3", "proposal-2", "proposal-1"]);
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
      `${tokens(votesFor)} votes for, ${tokens(votesAgainst)} votes against, 0 abstaining`,
    );
    // The proposer and the voters as the app shows addresses (name or short form; the full address as the label).
    expect(within(proposal(1)).getByText(/^Proposed by/).textContent).toMatch(/^Proposed by 0x7099…79C8 on /);
    expect(within(proposal(1)).getAllByRole("group", { name: DEV_ACCOUNTS[1] as string }).length).toBeGreaterThan(0);
    const voters = await within(proposal(1)).findByTestId("proposal-1-voters", {}, { timeout: 10_000 });
    expect(within(voters).getByText("Voters (3)")).toBeTruthy();
    // Each with its weight (principal at the proposal's snapshot), largest first, as Tally lists them.
    const expected = await voterRows(1, [
      [DEV_ACCOUNTS[1] as Address, "For"],
      [DEV_ACCOUNTS[2] as Address, "For"],
      [DEV_ACCOUNTS[5] as Address, "Against"],
    ]);
    await waitFor(() => expect(listed(voters)).toEqual(expected), { timeout: 10_000 });
    expect(expected[0]).toMatch(/ [1-9][\d,.]* mUSDC$/);
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
      // Focus lands on the card (its Execute button is gone).
      await waitFor(() => expect(document.activeElement).toBe(proposal(3)), { timeout: 10_000 });
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

  it("says how the account voted (from the governor's Voted and VoteCast events), with no vote buttons", async () => {
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
    // …and abstained on #5 (castVote: the governor's VoteCast event).
    expect(within(proposal(5)).getByText("You abstained")).toBeTruthy();
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
      // Vote against opens a review first: what will be sent, with the account's weight; nothing is sent yet.
      const against = within(proposal(3)).getByRole("button", { name: "Vote against" });
      await userEvent.click(against);
      const power = await powerOf(3, DEV_ACCOUNTS[1] as Address);
      const review = within(proposal(3)).getByTestId("vote-review");
      const sentence = `You are voting Against proposal #3 with ${tokens(power)} mUSDC of voting weight. Votes cannot be changed.`;
      expect(within(proposal(3)).getByRole("group", { name: sentence })).toBe(review);
      // Focus moves into it (Cancel, the safe choice); the vote buttons make way for it.
      expect(document.activeElement).toBe(within(review).getByRole("button", { name: "Cancel" }));
      expect(within(proposal(3)).queryByRole("button", { name: "Vote against" })).toBeNull();
      // Escape closes it and puts focus back on the button that opened it; nothing was voted.
      await userEvent.keyboard("{Escape}");
      expect(within(proposal(3)).queryByTestId("vote-review")).toBeNull();
      expect(document.activeElement).toBe(within(proposal(3)).getByRole("button", { name: "Vote against" }));
      expect(await fundRead("hasVoted", [3n, DEV_ACCOUNTS[1] as Address])).toBe(false);
      // Enter on the focused button opens it again; Tab reaches Cast vote, Enter casts it.
      await userEvent.keyboard("{Enter}");
      expect(document.activeElement?.textContent).toBe("Cancel");
      await userEvent.tab({ shift: true });
      expect(document.activeElement?.textContent).toBe("Cast vote");
      await userEvent.keyboard("{Enter}");
      expect(await within(proposal(3)).findByText("You voted Against", {}, { timeout: 15_000 })).toBeTruthy();
      // Focus lands on the "You voted …" line that replaced the vote buttons.
      await waitFor(() => expect(document.activeElement).toBe(within(proposal(3)).getByTestId("proposal-standing")), {
        timeout: 10_000,
      });
      expect(
        (await screen.findAllByText("Voting transaction submitted", {}, { timeout: 15_000 })).length,
      ).toBeGreaterThan(0);
      expect(within(proposal(3)).queryByRole("button", { name: /^Vote/ })).toBeNull();
      expect(within(proposal(3)).getByRole("img").getAttribute("aria-label")).toMatch(
        /[1-9][\d,]* votes against, 0 abstaining$/,
      );
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
      expect(await screen.findByTestId("proposal-6", {}, { timeout: 10_000 })).toBeTruthy();
      // Focus lands on the new proposal's card.
      await waitFor(() => expect(document.activeElement).toBe(proposal(6)), { timeout: 10_000 });
      expect(within(proposal(6)).getByText(/^(1d 23h|2d 0h) left$/)).toBeTruthy();
      // No action chosen: a signal, as the spec's proposals are (nothing on chain to run).
      expect(within(proposal(6)).getByText("Signal")).toBeTruthy();
      expect((await proposalInfo(6)).actionsHash).toBe(zeroHash);
    });
  });
  it("labels the spec's proposals 'Signal' and lists a proposal's actions in words, with its abstentions, reasons and quorum", async () => {
    await renderApp({ path: "/governance" });
    await screen.findByTestId("proposal-5", {}, { timeout: 10_000 });
    // #1-#4 are signals: no action, a "Signal" label.
    for (const id of [1, 2, 3, 4]) {
      expect(within(proposal(id)).getByText("Signal")).toBeTruthy();
      expect(within(proposal(id)).queryByTestId(`proposal-${id}-actions`)).toBeNull();
    }
    // #5 (the seed's) raised the quorum through the timelock: its action in words, executed, no "Signal".
    expect(within(proposal(5)).queryByText("Signal")).toBeNull();
    expect(badge(5)).toBe("Executed");
    const actions = within(proposal(5)).getByTestId("proposal-5-actions");
    expect(within(actions).getByRole("heading", { name: "Actions" })).toBeTruthy();
    expect(
      within(actions)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["The quorum of later proposals becomes 20 % of what investors hold"]);
    // Voting is over: no simulation of what it would do now.
    expect(within(actions).queryByText("Would succeed if executed now")).toBeNull();
    expect(await fundRead("quorumBasisPoints", [])).toBe(2_000n);
    // Its tallies as the governor holds them: account 5 abstained, with a reason.
    const info = (await fundRead("getProposalInfo", [5n])) as {
      votesFor: bigint;
      votesAgainst: bigint;
      votesAbstain: bigint;
    };
    expect(info.votesAbstain).toBeGreaterThan(0n);
    expect(within(proposal(5)).getByRole("img").getAttribute("aria-label")).toBe(
      `${tokens(info.votesFor)} votes for, ${tokens(info.votesAgainst)} votes against, ${tokens(info.votesAbstain)} abstaining`,
    );
    expect(within(proposal(5)).getByText(`Abstain ${tokens(info.votesAbstain)}`)).toBeTruthy();
    // The quorum as Tally says it: For and Abstain of what it takes, with the token, and a full meter.
    const { quorumVotes } = (await fundRead("getProposalInfo", [5n])) as { quorumVotes: bigint };
    expect(within(proposal(5)).getByTestId("proposal-quorum").textContent).toBe(
      `Quorum ${upTo2Decimals(info.votesFor + info.votesAbstain)} of ${upTo2Decimals(quorumVotes)} mUSDC reached`,
    );
    expect(within(proposal(5)).getByLabelText("Quorum").getAttribute("value")).toBe("100");
    const voters = await within(proposal(5)).findByTestId("proposal-5-voters", {}, { timeout: 10_000 });
    const expected = await voterRows(5, [
      [DEV_ACCOUNTS[4] as Address, "For", "Decisions should carry real weight."],
      [DEV_ACCOUNTS[1] as Address, "For"],
      [DEV_ACCOUNTS[5] as Address, "Abstain", "No view either way."],
    ]);
    await waitFor(() => expect(listed(voters)).toEqual(expected), { timeout: 10_000 });
    // "Executed" in words: when (the block's time) and the transaction (the governor's ProposalExecuted event).
    const executed = await executedEvent(5);
    const line = await within(proposal(5)).findByTestId("proposal-executed", {}, { timeout: 10_000 });
    expect(line.textContent).toBe(
      `Executed on ${formatDateTime(executed.time * 1000)} · Transaction ${shortenAddress(executed.hash)}`,
    );
    expect(within(line).getByTestId("tx-hash").getAttribute("data-hash")).toBe(executed.hash);
    // Not executed: nothing said.
    expect(within(proposal(4)).queryByTestId("proposal-executed")).toBeNull();
  });

  it("shows a proposal's body under its title (the first line), line breaks kept, a long one folded behind Show more", async () => {
    await withSnapshot(async () => {
      const reasons = Array.from({ length: 8 }, (_, i) => `- Reason ${i + 1}: the desk's keys are ${i + 1} years old.`);
      const description = [
        "# Rotate the trading desk's keys",
        "",
        "Why:",
        ...reasons,
        "",
        "Vote For to rotate them.",
      ].join("\n");
      await fundWrite(DEV_ACCOUNTS[1] as Address, "createProposal", [description, 3_600n]);
      await renderApp({ path: "/governance" });
      await screen.findByTestId("proposal-6", {}, { timeout: 10_000 });
      // The title is the first line (a Markdown heading's # dropped); the card is named by it.
      expect(within(proposal(6)).getByRole("heading", { level: 3 }).textContent).toBe("Rotate the trading desk's keys");
      expect(screen.getByRole("article", { name: "Rotate the trading desk's keys" })).toBe(proposal(6));
      // The body: its first lines with their line breaks, folded.
      const body = within(proposal(6)).getByTestId("proposal-body");
      expect(body.textContent).toBe(`${["Why:", ...reasons.slice(0, 5)].join("\n")}…`);
      const more = within(proposal(6)).getByRole("button", { name: "Show more" });
      expect(more.getAttribute("aria-expanded")).toBe("false");
      expect(more.getAttribute("aria-controls")).toBe(body.id);
      await userEvent.click(more);
      expect(body.textContent).toBe(description.split("\n").slice(2).join("\n"));
      expect(body.textContent).toContain("Reason 8");
      const less = within(proposal(6)).getByRole("button", { name: "Show less" });
      expect(less.getAttribute("aria-expanded")).toBe("true");
      expect(document.activeElement).toBe(less);
      // A one-line description is the title only: no body, no Show more.
      expect(within(proposal(4)).queryByTestId("proposal-body")).toBeNull();
      expect(within(proposal(4)).queryByRole("button", { name: "Show more" })).toBeNull();
    });
  });

  it("says how far a proposal is from its quorum", async () => {
    await withSnapshot(async () => {
      // A new proposal needs 20 % of what investors hold (the seed's #5 set it); the smallest investor alone votes for.
      await fundWrite(DEV_ACCOUNTS[1] as Address, "createProposal", ["Open a third vault.", 3_600n]);
      const investors = (DEV_ACCOUNTS.slice(1, 6) as Address[]).map(async (account) => ({
        account,
        power: await powerOf(6, account),
      }));
      const [smallest] = (await Promise.all(investors))
        .filter((i) => i.power > 0n)
        .sort((a, b) => (a.power < b.power ? -1 : 1));
      if (!smallest) throw new Error("no investor with voting power");
      await fundWrite(smallest.account, "castVote", [6n, 1, ""]);
      const info = (await fundRead("getProposalInfo", [6n])) as { votesFor: bigint; quorumVotes: bigint };
      expect(info.votesFor).toBeLessThan(info.quorumVotes);
      const first = await renderApp({ path: "/governance" });
      await screen.findByTestId("proposal-6", {}, { timeout: 10_000 });
      expect(within(proposal(6)).getByTestId("proposal-quorum").textContent).toBe(
        `Quorum ${upTo2Decimals(info.votesFor)} of ${upTo2Decimals(info.quorumVotes)} mUSDC needed`,
      );
      // The meter: how far For and Abstain are towards it, in percent.
      const meter = within(proposal(6)).getByLabelText("Quorum");
      expect(Number(meter.getAttribute("value"))).toBeCloseTo(
        (Number(info.votesFor) / Number(info.quorumVotes)) * 100,
        5,
      );
      expect(meter.getAttribute("aria-describedby")).toBe(within(proposal(6)).getByTestId("proposal-quorum").id);
      // More for than against but short of the quorum: rejected once voting ends.
      await increaseTime(3_600 + 60);
      await act(() => first.queryClient.invalidateQueries());
      await waitFor(() => expect(badge(6)).toBe("Rejected"), { timeout: 10_000 });
    });
  });

  it("simulates each action while voting is open: the fund's refusal in words, and an unknown call", async () => {
    await withSnapshot(async () => {
      const unknownTarget = tokenAddress();
      await fundWrite(DEV_ACCOUNTS[1] as Address, "propose", [
        [fundAddress(), fundAddress(), unknownTarget],
        [0n, 0n, 0n],
        [lockupCall(2, 40 * DAY), lockupCall(1, 60), "0xdeadbeef"],
        "Lengthen the NFT lockup; shorten the futures one to a minute.",
        3_600n,
      ]);
      await renderApp({ path: "/governance" });
      await screen.findByTestId("proposal-6", {}, { timeout: 10_000 });
      expect(badge(6)).toBe("Active");
      const actions = within(proposal(6)).getByTestId("proposal-6-actions");
      await waitFor(() => expect(within(actions).queryAllByText("Checking what it would do now…")).toEqual([]), {
        timeout: 10_000,
      });
      const items = within(actions).getAllByRole("listitem");
      expect(items.map((item) => item.firstChild?.textContent)).toEqual([
        "NFT lending vault: the lockup becomes 40 days",
        "Crypto futures trading vault: the lockup becomes 60 seconds",
        `An unknown call to ${shortenAddress(unknownTarget)}`,
      ]);
      expect(items[0]?.lastChild?.textContent).toBe("Would succeed if executed now");
      expect(items[1]?.lastChild?.textContent).toBe("The lockup period must be between 1 hour and 365 days.");
      // The token has no such function: refused, in the catalogue's words rather than as a success.
      expect(items[2]?.lastChild?.textContent).not.toBe("Would succeed if executed now");
      expect(items[2]?.lastChild?.textContent).toMatch(/\w/);
    });
  });

  it("checks a proposal's action before any wallet prompt, and says what it would do in words", async () => {
    await withSnapshot(async () => {
      recorder = recordRpcMethods();
      await renderApp({ path: "/governance", account: DEV_ACCOUNTS[1] });
      const form = await screen.findByRole("form", { name: "Create a proposal" }, { timeout: 10_000 });
      await userEvent.type(within(form).getByLabelText("Description"), "Change a vault.");
      await userEvent.selectOptions(within(form).getByLabelText("On-chain action"), "lockup");
      await userEvent.type(within(form).getByLabelText("New lockup period (days)"), "45");
      const submit = within(form).getByRole("button", { name: "Create proposal" });
      await userEvent.click(submit);
      expect(within(form).getByRole("alert").textContent).toBe("Choose the vault to change.");
      expect(within(form).getByLabelText("Vault").getAttribute("aria-invalid")).toBe("true");

      await userEvent.selectOptions(within(form).getByLabelText("Vault"), "NFT lending vault");
      await userEvent.clear(within(form).getByLabelText("New lockup period (days)"));
      await userEvent.type(within(form).getByLabelText("New lockup period (days)"), "400");
      expect(within(form).queryByTestId("proposal-action-preview")).toBeNull();
      await userEvent.click(submit);
      expect(within(form).getByRole("alert").textContent).toBe(
        "The lockup period must be between 1 hour and 365 days.",
      );
      expect(within(form).getByLabelText("New lockup period (days)").getAttribute("aria-invalid")).toBe("true");

      await userEvent.selectOptions(within(form).getByLabelText("On-chain action"), "Set the quorum");
      await userEvent.type(within(form).getByLabelText("New quorum (%)"), "120");
      await userEvent.click(submit);
      expect(within(form).getByRole("alert").textContent).toBe("The quorum must be between 0 % and 100 %.");
      expect(within(form).getByText(/^Now 20%\./)).toBeTruthy();

      await userEvent.selectOptions(
        within(form).getByLabelText("On-chain action"),
        "Change a vault's minimum investment",
      );
      await userEvent.type(within(form).getByLabelText("New minimum investment (mUSDC)"), "0");
      await userEvent.click(submit);
      expect(within(form).getByRole("alert").textContent).toBe("Enter a minimum investment above 0 mUSDC, e.g. 100.");
      // A valid one: in words, and checked against the chain as the timelock would make it now (the top may lower a
      // minimum as an admin does, and raise it).
      await userEvent.clear(within(form).getByLabelText("New minimum investment (mUSDC)"));
      await userEvent.type(within(form).getByLabelText("New minimum investment (mUSDC)"), "1");
      const lowered = within(form).getByTestId("proposal-action-preview");
      expect(lowered.textContent).toContain("NFT lending vault: the minimum investment becomes 1 mUSDC");
      expect(await within(lowered).findByText("Would succeed if executed now", {}, { timeout: 10_000 })).toBeTruthy();
      await userEvent.clear(within(form).getByLabelText("New minimum investment (mUSDC)"));
      await userEvent.type(within(form).getByLabelText("New minimum investment (mUSDC)"), "5,000");
      const raised = within(form).getByTestId("proposal-action-preview");
      expect(raised.textContent).toContain("NFT lending vault: the minimum investment becomes 5000 mUSDC");
      expect(await within(raised).findByText("Would succeed if executed now", {}, { timeout: 10_000 })).toBeTruthy();
      expect(recorder.methods.filter((m) => PROMPT_METHODS.includes(m))).toEqual([]);
    });
  });

  it("shows the wallet's refusal of a vote in its review, and Cancel brings the vote buttons back", async () => {
    await withSnapshot(async () => {
      const { connector, control } = testWalletConnector(1);
      await renderApp({ path: "/governance", account: DEV_ACCOUNTS[1], connector });
      await screen.findByTestId("proposal-3", {}, { timeout: 10_000 });
      await within(proposal(3)).findByRole("button", { name: "Abstain" }, { timeout: 10_000 });
      control.rejectNext("eth_sendTransaction");
      await castFromReview(3, "Abstain");
      const review = within(proposal(3)).getByTestId("vote-review");
      expect(review.getAttribute("aria-labelledby")).toBeTruthy();
      expect(
        within(review).getByText(/^You are abstaining on proposal #3 with [\d,.]+ mUSDC of voting weight\./),
      ).toBeTruthy();
      // The refusal shows in the review, which stays open to try again.
      expect((await within(review).findByTestId("proposal-error", {}, { timeout: 15_000 })).textContent).toBe(
        "User rejected the transaction.",
      );
      expect(within(review).getByRole("button", { name: "Cast vote" })).toBeTruthy();
      await userEvent.click(within(review).getByRole("button", { name: "Cancel" }));
      expect(within(proposal(3)).queryByTestId("vote-review")).toBeNull();
      expect(within(proposal(3)).queryByTestId("proposal-error")).toBeNull();
      expect(document.activeElement).toBe(within(proposal(3)).getByRole("button", { name: "Abstain" }));
      expect(await fundRead("hasVoted", [3n, DEV_ACCOUNTS[1] as Address])).toBe(false);
    });
  });

  it("creates a proposal with an action, votes For with a reason and Abstain, queues it, waits the delay and executes it: the lockup changes", async () => {
    await withSnapshot(async () => {
      const before = await lockupOf(1);
      expect(before).not.toBe(BigInt(60 * DAY));
      const voter = DEV_ACCOUNTS[1] as Address;
      const abstainer = DEV_ACCOUNTS[2] as Address;
      const first = await renderApp({ path: "/governance", account: voter });

      // 1. The form, with the lockup action, said in words and simulated before anything is sent.
      const form = await screen.findByRole("form", { name: "Create a proposal" }, { timeout: 10_000 });
      await userEvent.type(within(form).getByLabelText("Description"), "Lengthen the futures lockup to 60 days.");
      await userEvent.clear(within(form).getByLabelText("Voting period"));
      await userEvent.type(within(form).getByLabelText("Voting period"), "1");
      await userEvent.selectOptions(within(form).getByLabelText("Voting period unit"), "hours");
      await userEvent.selectOptions(within(form).getByLabelText("On-chain action"), "Change a vault's lockup period");
      await userEvent.selectOptions(within(form).getByLabelText("Vault"), "Crypto futures trading vault");
      expect(within(form).getByText(/^Now 30 days\./)).toBeTruthy();
      await userEvent.type(within(form).getByLabelText("New lockup period (days)"), "60");
      const preview = within(form).getByTestId("proposal-action-preview");
      expect(preview.textContent).toContain("Crypto futures trading vault: the lockup becomes 60 days");
      await within(preview).findByText("Would succeed if executed now", {}, { timeout: 10_000 });
      await userEvent.click(within(form).getByRole("button", { name: "Create proposal" }));
      expect(
        (await screen.findAllByText("Proposal transaction submitted", {}, { timeout: 15_000 })).length,
      ).toBeGreaterThan(0);

      // 2. The card: active, the action in words and what it would do now; on chain, exactly that call.
      await screen.findByTestId("proposal-6", {}, { timeout: 10_000 });
      expect(badge(6)).toBe("Active");
      expect(within(proposal(6)).queryByText("Signal")).toBeNull();
      const actions = within(proposal(6)).getByTestId("proposal-6-actions");
      expect(within(actions).getByText("Crypto futures trading vault: the lockup becomes 60 days")).toBeTruthy();
      await within(actions).findByText("Would succeed if executed now", {}, { timeout: 10_000 });
      expect((await proposalInfo(6)).actionsHash).not.toBe(zeroHash);

      // 3. For, with a reason.
      await userEvent.type(within(proposal(6)).getByLabelText("Reason (optional)"), "Longer rounds suit the desk.");
      await userEvent.click(within(proposal(6)).getByRole("button", { name: "Vote for" }));
      // The review repeats the reason that goes on chain with the vote.
      expect(
        within(within(proposal(6)).getByTestId("vote-review")).getByText("Longer rounds suit the desk."),
      ).toBeTruthy();
      await userEvent.click(within(proposal(6)).getByRole("button", { name: "Cast vote" }));
      expect(await within(proposal(6)).findByText("You voted For", {}, { timeout: 15_000 })).toBeTruthy();
      first.unmount();

      // 4. Abstain, from another investor.
      const second = await renderApp({ path: "/governance", account: abstainer });
      await screen.findByTestId("proposal-6", {}, { timeout: 10_000 });
      await castFromReview(6, "Abstain");
      expect(await within(proposal(6)).findByText("You abstained", {}, { timeout: 15_000 })).toBeTruthy();
      const [forPower, abstainPower] = [await powerOf(6, voter), await powerOf(6, abstainer)];
      await waitFor(
        () =>
          expect(within(proposal(6)).getByRole("img").getAttribute("aria-label")).toBe(
            `${tokens(forPower)} votes for, 0 votes against, ${tokens(abstainPower)} abstaining`,
          ),
        { timeout: 10_000 },
      );
      expect(within(proposal(6)).getByTestId("proposal-quorum").textContent).toMatch(
        /^Quorum [\d,.]+ of [\d,.]+ mUSDC reached$/,
      );
      const voters = await within(proposal(6)).findByTestId("proposal-6-voters", {}, { timeout: 10_000 });
      const expectedVoters = await voterRows(6, [
        [voter, "For", "Longer rounds suit the desk."],
        [abstainer, "Abstain"],
      ]);
      await waitFor(() => expect(listed(voters)).toEqual(expectedVoters), { timeout: 10_000 });

      // 5. Past the end of voting: passed, ready to queue (anyone may).
      await increaseTime(3_600 + 60);
      await act(() => second.queryClient.invalidateQueries());
      await waitFor(() => expect(badge(6)).toBe("Passed — ready to queue"), { timeout: 10_000 });
      expect(within(proposal(6)).queryByRole("button", { name: /^Vote|^Abstain/ })).toBeNull();
      await userEvent.click(within(proposal(6)).getByRole("button", { name: "Queue" }));

      // 6. Queued: from when, on the chain's clock, and Execute off until then.
      const { executableAt } = await waitFor(
        async () => {
          const info = await proposalInfo(6);
          expect(info.executableAt).toBeGreaterThan(0n);
          return info;
        },
        { timeout: 15_000 },
      );
      await waitFor(
        () => expect(badge(6)).toBe(`Queued — executable from ${formatDateTime(Number(executableAt) * 1000)}`),
        { timeout: 15_000 },
      );
      // Focus lands on when its actions can run (the Queue button it was on is gone).
      await waitFor(() => expect(document.activeElement).toBe(within(proposal(6)).getByTestId("proposal-wait")), {
        timeout: 10_000,
      });
      const execute = within(proposal(6)).getByRole("button", { name: "Execute" });
      expect(execute.hasAttribute("disabled")).toBe(true);
      expect(within(proposal(6)).getByTestId("proposal-wait").textContent).toMatch(/\(in (1 d 0 h|23 h 59 min)\)\.$/);
      expect(await lockupOf(1)).toBe(before);

      // 7. Past the timelock's delay: anyone executes it, and the fund's lockup changes.
      const delay = await timelockDelay();
      expect(delay).toBe(DAY);
      await increaseTime(delay + 60);
      await act(() => second.queryClient.invalidateQueries());
      await waitFor(
        () => expect(within(proposal(6)).getByRole("button", { name: "Execute" }).hasAttribute("disabled")).toBe(false),
        {
          timeout: 10_000,
        },
      );
      await userEvent.click(within(proposal(6)).getByRole("button", { name: "Execute" }));
      await waitFor(() => expect(badge(6)).toBe("Executed"), { timeout: 15_000 });
      await waitFor(() => expect(document.activeElement).toBe(proposal(6)), { timeout: 10_000 });
      expect(await lockupOf(1)).toBe(BigInt(60 * DAY));
      expect(within(proposal(6)).queryByRole("button", { name: "Execute" })).toBeNull();
      // When and in which transaction, in words.
      const executed = await executedEvent(6);
      await waitFor(
        () =>
          expect(within(proposal(6)).getByTestId("proposal-executed").textContent).toBe(
            `Executed on ${formatDateTime(executed.time * 1000)} · Transaction ${shortenAddress(executed.hash)}`,
          ),
        { timeout: 10_000 },
      );
    });
  });
});
