// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {IFundVotes} from "../src/interfaces/IFundVotes.sol";
import {IFundGovernor} from "../src/interfaces/IFundGovernor.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Proposals: creation, snapshot-weighted votes, execution and the displayed fields.
contract GovernanceTest is FundFixture {
    function setUp() public override {
        super.setUp();
        _invest(alice, 1_000 * USDC);
        _invest(bob, 3_000 * USDC);
        _invest(carol, 500 * USDC);
        _nextBlock();
    }

    function test_createProposal_storesDetails() public {
        uint256 start = block.timestamp;
        vm.expectEmit(true, true, false, true, address(governor));
        emit IFundGovernor.ProposalCreated(1, alice, "Add an options desk", start, start + 3 days);
        uint256 id = _propose(alice, "Add an options desk", 3 days);
        assertEq(id, 1);
        assertEq(governor.proposalCount(), 1);
        assertEq(governor.proposalProposer(1), alice);
        (
            uint256 pid,
            string memory description,
            uint256 votesFor,
            uint256 votesAgainst,
            uint256 startTime,
            uint256 endTime,
            bool executed,
            bool active
        ) = governor.getProposalDetails(1);
        assertEq(pid, 1);
        assertEq(description, "Add an options desk");
        assertEq(votesFor, 0);
        assertEq(votesAgainst, 0);
        assertEq(startTime, start);
        assertEq(endTime, start + 3 days);
        assertFalse(executed);
        assertTrue(active);
    }

    function test_vote_weightedByInvestedPrincipal() public {
        uint256 id = _propose(alice, "Raise the minimum", 3 days);
        vm.expectEmit(true, true, false, true, address(governor));
        emit IFundGovernor.Voted(id, bob, true, 3_000 * USDC);
        vm.prank(bob);
        governor.vote(id, true);
        vm.prank(alice);
        governor.vote(id, false);
        vm.prank(carol);
        governor.vote(id, true);
        (,, uint256 votesFor, uint256 votesAgainst,,,,) = governor.getProposalDetails(id);
        assertEq(votesFor, 3_500 * USDC);
        assertEq(votesAgainst, 1_000 * USDC);
        assertTrue(governor.hasVoted(id, bob));
        assertFalse(governor.hasVoted(id, stranger));
    }

    function test_vote_ignoresPowerGainedAfterCreation() public {
        uint256 id = _propose(alice, "Snapshot test", 3 days);
        _invest(carol, 10_000 * USDC); // same block as creation
        _nextBlock();
        _invest(carol, 10_000 * USDC); // a later block
        vm.prank(carol);
        governor.vote(id, true);
        (,, uint256 votesFor,,,,,) = governor.getProposalDetails(id);
        assertEq(votesFor, 500 * USDC);
    }

    function test_vote_keepsPowerWithdrawnAfterCreation() public {
        _lock();
        _settle(4_500 * USDC);
        _nextBlock();
        uint256 id = _propose(alice, "After settlement", 3 days);
        vm.prank(bob);
        fund.withdraw(FUTURES);
        vm.prank(bob);
        governor.vote(id, true);
        (,, uint256 votesFor,,,,,) = governor.getProposalDetails(id);
        assertEq(votesFor, 3_000 * USDC, "power at the snapshot counts even after withdrawing");
    }

    function test_executeProposal_afterEndWhenPassed() public {
        uint256 id = _propose(alice, "Pass me", 1 hours);
        vm.prank(bob);
        governor.vote(id, true);
        vm.warp(block.timestamp + 1 hours);
        (,,,,,,, bool active) = governor.getProposalDetails(id);
        assertFalse(active, "inactive once the period is over");
        vm.expectEmit(true, false, false, false, address(governor));
        emit IFundGovernor.ProposalExecuted(id);
        vm.prank(stranger); // anyone may execute a passed proposal
        governor.executeProposal(id);
        (,,,,,, bool executed, bool stillActive) = governor.getProposalDetails(id);
        assertTrue(executed);
        assertFalse(stillActive);
    }

    function test_RevertIf_executeRejectedProposal() public {
        uint256 id = _propose(alice, "Reject me", 1 hours);
        vm.prank(bob);
        governor.vote(id, false);
        vm.warp(block.timestamp + 1 hours);
        vm.expectRevert(_err(IFundGovernor.ProposalNotPassed.selector, id));
        governor.executeProposal(id);
    }

    function test_RevertIf_executeTieOrNoVotes() public {
        uint256 id = _propose(alice, "Nobody cares", 1 hours);
        vm.warp(block.timestamp + 1 hours);
        vm.expectRevert(_err(IFundGovernor.ProposalNotPassed.selector, id));
        governor.executeProposal(id);
    }

    function test_RevertIf_executeBeforeEndOrTwice() public {
        uint256 id = _propose(alice, "Wait", 1 hours);
        vm.prank(bob);
        governor.vote(id, true);
        vm.expectRevert(_err(IFundGovernor.VotingNotEnded.selector, id));
        governor.executeProposal(id);
        vm.warp(block.timestamp + 1 hours);
        governor.executeProposal(id);
        vm.expectRevert(_err(IFundGovernor.ProposalAlreadyExecuted.selector, id));
        governor.executeProposal(id);
    }

    function test_RevertIf_voteTwice() public {
        uint256 id = _propose(alice, "Once", 1 hours);
        vm.startPrank(bob);
        governor.vote(id, true);
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.AlreadyVoted.selector, id, bob));
        governor.vote(id, false);
        vm.stopPrank();
    }

    function test_RevertIf_voteAfterEnd() public {
        uint256 id = _propose(alice, "Late", 1 hours);
        vm.warp(block.timestamp + 1 hours);
        vm.prank(bob);
        vm.expectRevert(_err(IFundGovernor.VotingClosed.selector, id));
        governor.vote(id, true);
    }

    function test_RevertIf_voteWithoutPower() public {
        uint256 id = _propose(alice, "Outsider", 1 hours);
        vm.prank(stranger);
        vm.expectRevert(_errAddr(IFundGovernor.NoVotingPower.selector, stranger));
        governor.vote(id, true);
    }

    function test_RevertIf_unknownProposal() public {
        vm.prank(bob);
        vm.expectRevert(_err(IFundGovernor.ProposalNotFound.selector, 7));
        governor.vote(7, true);
        vm.expectRevert(_err(IFundGovernor.ProposalNotFound.selector, 7));
        governor.getProposalDetails(7);
        vm.expectRevert(_err(IFundGovernor.ProposalNotFound.selector, 0));
        governor.executeProposal(0);
    }

    function test_RevertIf_proposerNotWhitelistedOrWithoutPowerBeforeThisBlock() public {
        vm.prank(stranger);
        vm.expectRevert(_errAddr(IInvestmentFund.NotWhitelisted.selector, stranger));
        governor.createProposal("Spam", 1 hours);
        _invest(stranger, MINIMUM); // power gained in this very block does not count
        vm.prank(stranger);
        vm.expectRevert(_errAddr(IFundGovernor.NoVotingPower.selector, stranger));
        governor.createProposal("Spam", 1 hours);
        _nextBlock();
        assertEq(_propose(stranger, "Now allowed", 1 hours), 1);
    }

    function test_RevertIf_badDescription() public {
        vm.startPrank(alice);
        vm.expectRevert(_sel(IFundGovernor.EmptyDescription.selector));
        governor.createProposal("", 1 hours);
        vm.expectRevert(_err(IFundGovernor.DescriptionTooLong.selector, 2_001));
        governor.createProposal(string(new bytes(2_001)), 1 hours);
        vm.stopPrank();
    }

    function testFuzz_RevertIf_votingPeriodOutOfRange(uint256 period) public {
        vm.assume(period < 1 hours || period > 90 days);
        vm.prank(alice);
        vm.expectRevert(_err(IFundGovernor.InvalidVotingPeriod.selector, period));
        governor.createProposal("Bad period", period);
    }

    function testFuzz_pastVotingPower_matchesHistory(uint256 a, uint256 b, uint256 c) public {
        a = bound(a, MINIMUM, 1e9 * USDC);
        b = bound(b, MINIMUM, 1e9 * USDC);
        c = bound(c, MINIMUM, 1e9 * USDC);
        address dave = makeAddr("dave");
        uint256 b0 = block.number;
        _invest(dave, a);
        _nextBlock();
        uint256 id1 = _propose(alice, "One", 1 days); // snapshot sees a
        _invest(dave, b);
        _nextBlock();
        _invest(dave, c);
        _nextBlock();
        uint256 id2 = _propose(alice, "Two", 1 days); // snapshot sees a + b + c
        _nextBlock();
        _invest(dave, MINIMUM);
        _nextBlock();
        assertEq(fund.getPastVotes(dave, b0 - 1), 0);
        assertEq(fund.getPastVotes(dave, b0), a);
        assertEq(fund.getPastVotes(dave, b0 + 1), a + b);
        assertEq(fund.getPastVotes(dave, b0 + 2), a + b + c);
        vm.startPrank(dave);
        governor.vote(id1, true);
        governor.vote(id2, false);
        vm.stopPrank();
        (,, uint256 for1,,,,,) = governor.getProposalDetails(id1);
        (,,, uint256 against2,,,,) = governor.getProposalDetails(id2);
        assertEq(for1, a);
        assertEq(against2, a + b + c);
    }

    function test_RevertIf_pastVotingPowerOfCurrentOrFutureBlock() public {
        vm.expectRevert(abi.encodeWithSelector(IFundVotes.FutureLookup.selector, block.number, block.number));
        fund.getPastVotes(alice, block.number);
        vm.expectRevert(abi.encodeWithSelector(IFundVotes.FutureLookup.selector, block.number + 5, block.number));
        fund.getPastVotes(alice, block.number + 5);
    }

    // ---- proposal state ------------------------------------------------------------------------

    function test_proposalState_activeSucceededExecuted() public {
        uint256 id = _propose(alice, "Pass me", 1 hours);
        assertEq(uint256(governor.proposalState(id)), uint256(IFundGovernor.ProposalState.Active));
        vm.prank(bob);
        governor.vote(id, true);
        assertEq(uint256(governor.proposalState(id)), uint256(IFundGovernor.ProposalState.Active));
        vm.warp(block.timestamp + 1 hours);
        assertEq(uint256(governor.proposalState(id)), uint256(IFundGovernor.ProposalState.Succeeded));
        governor.executeProposal(id);
        assertEq(uint256(governor.proposalState(id)), uint256(IFundGovernor.ProposalState.Executed));
    }

    function test_proposalState_defeatedOnTieOrMoreAgainst() public {
        uint256 tie = _propose(alice, "Tie", 1 hours);
        uint256 against = _propose(alice, "Against", 1 hours);
        vm.prank(bob);
        governor.vote(against, false);
        vm.warp(block.timestamp + 1 hours);
        assertEq(uint256(governor.proposalState(tie)), uint256(IFundGovernor.ProposalState.Defeated));
        assertEq(uint256(governor.proposalState(against)), uint256(IFundGovernor.ProposalState.Defeated));
    }

    function test_RevertIf_proposalStateOfUnknownProposal() public {
        vm.expectRevert(_err(IFundGovernor.ProposalNotFound.selector, 9));
        governor.proposalState(9);
    }

    // ---- voting power across vaults --------------------------------------------------------------

    function test_votingPower_isPrincipalAcrossVaults() public {
        _investIn(NFT, alice, 2_000 * USDC); // alice: 1,000 in vault 1 and 2,000 in vault 2
        (uint256 invested,,,, uint256 power) = fund.getInvestorData(alice);
        assertEq(invested, 3_000 * USDC);
        assertEq(power, 3_000 * USDC);
        _nextBlock();
        uint256 id = _propose(bob, "Both vaults count", 1 days);
        vm.prank(alice);
        governor.vote(id, true);
        (,, uint256 votesFor,,,,,) = governor.getProposalDetails(id);
        assertEq(votesFor, 3_000 * USDC);
        // Leaving one vault removes only that vault's principal.
        _withdrawFrom(NFT, alice);
        assertEq(_invested(alice), 1_000 * USDC);
        assertEq(governor.getProposalVotingPower(id, alice), 3_000 * USDC, "the snapshot keeps both");
    }
}
