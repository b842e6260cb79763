// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "../FundFixture.sol";
import {IInvestmentFund} from "../../src/interfaces/IInvestmentFund.sol";
import {IFundGovernor} from "../../src/interfaces/IFundGovernor.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {FundViewsCalls} from "../utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Flash-vote attempts (power gained at or after a proposal's snapshot must not count) and a stress
/// test of the compact voting-power history against a model recorded by the test itself.
contract AdversarialFlashVoteTest is FundFixture {
    uint256 internal constant PERIOD = 7 days;

    function setUp() public override {
        super.setUp();
        vm.roll(100);
        vm.warp(1_000_000);
        // alice has 1,000 of power from an earlier block.
        _invest(alice, 1_000 * USDC);
        _nextBlock();
    }

    // ---- helpers -------------------------------------------------------------------------------

    function _votesFor(uint256 proposalId) internal view returns (uint256 votesFor) {
        (,, votesFor,,,,,) = governor.getProposalDetails(proposalId);
    }

    function _votesAgainst(uint256 proposalId) internal view returns (uint256 votesAgainst) {
        (,,, votesAgainst,,,,) = governor.getProposalDetails(proposalId);
    }

    function _expectNoPower(address account) internal {
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.NoVotingPower.selector, account));
    }

    function _vote(address voter, uint256 proposalId, bool support) internal {
        vm.prank(voter);
        governor.vote(proposalId, support);
    }

    function _emergencyExit(address investor) internal {
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(investor);
        fund.emergencyWithdraw(FUTURES);
        vm.prank(admin);
        fund.setEmergencyState(false);
    }

    // ---- (a) deposit in the proposal's block ---------------------------------------------------

    /// @notice A new investor depositing right after a proposal is created, in the same block, cannot vote.
    function test_RevertIf_flashDepositInProposalBlockVotes() public {
        uint256 id = _propose(alice, "Flash target", PERIOD);
        _invest(bob, 50_000 * USDC);
        _expectNoPower(bob);
        _vote(bob, id, true);
        assertEq(_votesFor(id), 0);
        assertFalse(governor.hasVoted(id, bob));
    }

    /// @notice A deposit made in the proposal's block, even before the creation, does not count.
    function test_RevertIf_depositEarlierInProposalBlockVotes() public {
        _invest(bob, 50_000 * USDC);
        uint256 id = _propose(alice, "Same block", PERIOD);
        _expectNoPower(bob);
        _vote(bob, id, false);
        assertEq(_votesAgainst(id), 0);
    }

    /// @notice An existing investor's top-up in the proposal's block is excluded from their weight.
    function test_flashTopUpInProposalBlock_excludedFromWeight() public {
        uint256 id = _propose(alice, "Top-up", PERIOD);
        _invest(alice, 99_000 * USDC);
        vm.expectEmit(true, true, true, true, address(governor));
        emit IFundGovernor.Voted(id, alice, true, 1_000 * USDC);
        _vote(alice, id, true);
        assertEq(_votesFor(id), 1_000 * USDC);
        assertEq(_invested(alice), 100_000 * USDC);
    }

    // ---- (b) deposit in the block after creation ------------------------------------------------

    /// @notice A deposit in the block after the proposal was created does not give power over it.
    function test_RevertIf_depositInNextBlockVotes() public {
        uint256 id = _propose(alice, "Next block", PERIOD);
        _nextBlock();
        _invest(bob, 50_000 * USDC);
        _invest(alice, 9_000 * USDC);
        _nextBlock();
        _expectNoPower(bob);
        _vote(bob, id, true);
        _vote(alice, id, false);
        assertEq(_votesAgainst(id), 1_000 * USDC);
        assertEq(_votesFor(id), 0);
    }

    // ---- (c) invest-vote-withdraw-reinvest loops ---------------------------------------------

    /// @notice Withdrawing and reinvesting across pools gives neither a second vote nor more weight, and the
    /// withdrawn money handed to another investor carries no power either.
    function test_RevertIf_investVoteWithdrawReinvestLoopAcrossPools() public {
        _invest(carol, 2_000 * USDC);
        _lock();
        _settle(3_300 * USDC); // 300 profit: 60 fee, 3,240 to investors
        _nextBlock();
        uint256 id = _propose(carol, "Loop", PERIOD);

        _vote(alice, id, true);
        assertEq(_votesFor(id), 1_000 * USDC);

        // Loop 1: withdraw, reinvest more into the next pool, vote again.
        vm.prank(alice);
        uint256 payout = fund.withdraw(FUTURES);
        _invest(alice, payout + 5_000 * USDC);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.AlreadyVoted.selector, id, alice));
        governor.vote(id, true);
        _nextBlock();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.AlreadyVoted.selector, id, alice));
        governor.vote(id, false);

        // Loop 2: the withdrawn principal handed to another address carries no power.
        vm.prank(carol);
        uint256 carolPayout = fund.withdraw(FUTURES);
        _invest(bob, carolPayout);
        _nextBlock();
        _expectNoPower(bob);
        _vote(bob, id, true);

        // carol's snapshot power survives her exit; it is counted once.
        _vote(carol, id, false);
        assertEq(_votesFor(id), 1_000 * USDC);
        assertEq(_votesAgainst(id), 2_000 * USDC);
    }

    /// @notice In one pool: invest, vote, exit in an emergency, reinvest - still one vote at snapshot power.
    function test_RevertIf_emergencyExitAndReinvestLoopVotesAgain() public {
        uint256 id = _propose(alice, "Emergency loop", PERIOD);
        _vote(alice, id, true);
        _emergencyExit(alice);
        _invest(alice, 20_000 * USDC);
        _nextBlock();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.AlreadyVoted.selector, id, alice));
        governor.vote(id, true);
        assertEq(_votesFor(id), 1_000 * USDC);
        assertEq(fund.getPastVotes(alice, vm.getBlockNumber() - 1), 20_000 * USDC);
    }

    /// @notice After exiting, an investor still votes once with the power they had at the snapshot (and no more).
    function test_exitAfterSnapshot_votesWithSnapshotPowerOnly() public {
        _invest(alice, 500 * USDC); // 1,500 at the end of this block
        _nextBlock();
        uint256 id = _propose(alice, "Exit then vote", PERIOD);
        _emergencyExit(alice);
        _invest(alice, 100 * USDC);
        _vote(alice, id, true);
        assertEq(_votesFor(id), 1_500 * USDC);
    }

    // ---- (d) positions cannot move ---------------------------------------------------------------

    /// @notice The fund exposes no way to transfer or delegate a position: such calls revert.
    function test_RevertIf_positionTransferOrDelegation() public {
        bytes[5] memory calls = [
            abi.encodeWithSignature("transfer(address,uint256)", bob, 1_000 * USDC),
            abi.encodeWithSignature("transferFrom(address,address,uint256)", alice, bob, 1_000 * USDC),
            abi.encodeWithSignature("approve(address,uint256)", bob, 1_000 * USDC),
            abi.encodeWithSignature("delegate(address)", bob),
            abi.encodeWithSignature("safeTransferFrom(address,address,uint256)", alice, bob, 1)
        ];
        for (uint256 i; i < calls.length; ++i) {
            vm.prank(alice);
            (bool ok,) = address(fund).call(calls[i]);
            assertFalse(ok, string.concat("position call succeeded: ", vm.toString(i)));
        }
        assertEq(_invested(alice), 1_000 * USDC);
        assertEq(_invested(bob), 0);
    }

    /// @notice A second whitelisted address funded by the first after the snapshot has zero weight.
    function test_RevertIf_secondAddressReusesPower() public {
        uint256 id = _propose(alice, "Sybil", PERIOD);
        _vote(alice, id, true);
        _whitelist(bob);
        token.mint(alice, 1_000 * USDC);
        vm.prank(alice);
        assertTrue(token.transfer(bob, 1_000 * USDC));
        vm.startPrank(bob);
        token.approve(address(fund), 1_000 * USDC);
        fund.invest(FUTURES, 1_000 * USDC);
        vm.stopPrank();
        _nextBlock();
        _expectNoPower(bob);
        _vote(bob, id, true);
        assertEq(_votesFor(id), 1_000 * USDC);
    }

    // ---- (e) proposing with fresh power ------------------------------------------------------

    /// @notice A proposal backed only by power gained in the same block reverts with `NoVotingPower`.
    function test_RevertIf_proposeWithPowerGainedThisBlock() public {
        _invest(bob, 50_000 * USDC);
        _expectNoPower(bob);
        vm.prank(bob);
        governor.createProposal("Fresh power", PERIOD);
        assertEq(governor.proposalCount(), 0);
        _nextBlock();
        assertEq(_propose(bob, "Now it counts", PERIOD), 1); // control: a block later it works
    }

    /// @notice An investor who exited and re-entered in the same block cannot propose on the new deposit.
    function test_RevertIf_proposeAfterExitAndReentrySameBlockWithNoPriorPower() public {
        _emergencyExit(alice);
        _nextBlock();
        _invest(alice, 5_000 * USDC);
        _expectNoPower(alice);
        vm.prank(alice);
        governor.createProposal("Re-entered", PERIOD);
    }

    // ---- compact history stress ----------------------------------------------------------------

    /// @dev The test's own record of alice's power at the end of each block in which it changed.
    uint256[] internal _modelBlocks;
    uint256[] internal _modelPowers;

    function _record() internal {
        uint256 b = vm.getBlockNumber();
        uint256 p = _invested(alice);
        uint256 n = _modelBlocks.length;
        if (n != 0 && _modelBlocks[n - 1] == b) {
            _modelPowers[n - 1] = p;
        } else {
            _modelBlocks.push(b);
            _modelPowers.push(p);
        }
    }

    /// @dev alice's power at the end of block `b` according to the model.
    function _modelPowerAt(uint256 b) internal view returns (uint256 power) {
        for (uint256 i; i < _modelBlocks.length; ++i) {
            if (_modelBlocks[i] > b) break;
            power = _modelPowers[i];
        }
    }

    /// @dev alice votes on `id` (snapshot `snapshot`) and the weight must be the model's power at `snapshot - 1`.
    function _checkVote(uint256 id, uint256 snapshot) internal {
        uint256 expected = _modelPowerAt(snapshot - 1);
        assertEq(fund.getPastVotes(alice, snapshot - 1), expected, "getPastVotingPower at snapshot");
        uint256 before = _votesFor(id);
        if (expected == 0) {
            _expectNoPower(alice);
            _vote(alice, id, true);
        } else {
            _vote(alice, id, true);
            assertEq(_votesFor(id) - before, expected, "vote weight");
        }
    }

    /// @notice Scripted: many power changes, proposals before, between and after them (same block and not);
    /// every proposal weighs alice at exactly the recorded snapshot power.
    function test_powerHistory_scriptedSnapshotsExact() public {
        vm.prank(admin);
        fund.setLockupPeriodDuration(FUTURES, 1 hours);
        _invest(carol, 1_000 * USDC); // the proposer
        _record();
        _nextBlock();
        uint256[] memory ids = new uint256[](12);
        uint256[] memory snaps = new uint256[](12);
        uint256 n;

        ids[n] = _propose(carol, "p0", PERIOD); // alice at 1,000
        snaps[n++] = vm.getBlockNumber();
        _invest(alice, 500 * USDC); // same block, after the proposal
        _record();
        _nextBlock();
        _invest(alice, 250 * USDC); // same block, before the proposal
        _record();
        ids[n] = _propose(carol, "p1", PERIOD); // 1,500
        snaps[n++] = vm.getBlockNumber();
        for (uint256 i; i < 6; ++i) {
            _nextBlock();
            _invest(alice, (i + 1) * 100 * USDC); // many changes without any proposal
            _record();
        }
        _nextBlock();
        ids[n] = _propose(carol, "p2", PERIOD);
        snaps[n++] = vm.getBlockNumber();
        ids[n] = _propose(carol, "p3", PERIOD); // two proposals in one block
        snaps[n++] = vm.getBlockNumber();
        _nextBlock();
        _emergencyExit(alice); // to zero
        _record();
        _nextBlock();
        ids[n] = _propose(carol, "p4 (alice has none)", PERIOD);
        snaps[n++] = vm.getBlockNumber();
        _invest(alice, 300 * USDC); // back from zero, same block
        _record();
        ids[n] = _propose(carol, "p5 (still none)", PERIOD);
        snaps[n++] = vm.getBlockNumber();
        _nextBlock();
        ids[n] = _propose(carol, "p6", PERIOD); // 300
        snaps[n++] = vm.getBlockNumber();
        for (uint256 i; i < 5; ++i) {
            _invest(alice, 1_000 * USDC); // a change in every block, each right after a proposal
            _record();
            _nextBlock();
            ids[n] = _propose(carol, "p7+", PERIOD);
            snaps[n++] = vm.getBlockNumber();
        }
        _lock();
        _settle(_poolTotalFunds());
        vm.prank(alice);
        fund.withdraw(FUTURES); // to zero through a settlement
        _record();
        _nextBlock();

        for (uint256 i; i < n; ++i) {
            _checkVote(ids[i], snaps[i]);
        }
        assertEq(fund.getPastVotes(alice, vm.getBlockNumber() - 1), 0);
    }

    function _poolTotalFunds() internal view returns (uint256 total) {
        (, total,,) = fund.getCurrentPoolData(FUTURES);
    }

    /// @notice Random power changes across random block gaps with proposals in between: every proposal, voted
    /// on mid-way or at the end, weighs alice at exactly her power at the end of the block before it.
    function testFuzz_powerHistory_matchesModel(uint256 seed) public {
        vm.prank(admin);
        fund.setLockupPeriodDuration(FUTURES, 1 hours);
        _invest(carol, 1_000 * USDC); // the proposer: constant power, never withdraws
        _record();
        _nextBlock();

        uint256[] memory ids = new uint256[](64);
        uint256[] memory snaps = new uint256[](64);
        bool[] memory voted = new bool[](64);
        uint256 n;

        for (uint256 step; step < 40; ++step) {
            uint256 r = uint256(keccak256(abi.encode(seed, step)));
            uint256 action = r % 6;
            uint256 amount = MINIMUM + (r >> 8) % (10_000 * USDC);
            if (action == 0 || action == 3) {
                _ensureCanInvest();
                _invest(alice, amount);
                if (action == 3 && n < ids.length) {
                    ids[n] = _propose(carol, "between", PERIOD);
                    snaps[n++] = vm.getBlockNumber();
                    _invest(alice, amount / 2 + MINIMUM);
                }
            } else if (action == 1) {
                if (_invested(alice) != 0 && _positionPool(alice) == _currentPool()) {
                    _emergencyExit(alice);
                }
            } else if (action == 2) {
                if (n < ids.length) {
                    ids[n] = _propose(carol, "plain", PERIOD);
                    snaps[n++] = vm.getBlockNumber();
                }
            } else if (action == 4) {
                if (_poolTotalFunds() != 0) {
                    _lock();
                    _settle(_poolTotalFunds());
                    if (_invested(alice) != 0 && (r >> 200) % 2 == 0) {
                        vm.prank(alice);
                        fund.withdraw(FUTURES);
                    }
                }
            } else if (n != 0) {
                uint256 k = (r >> 100) % n;
                if (!voted[k]) {
                    _record();
                    _checkVote(ids[k], snaps[k]);
                    voted[k] = true;
                }
            }
            _record();
            uint256 gap = 1 + (r >> 150) % 3;
            vm.roll(vm.getBlockNumber() + gap);
            vm.warp(vm.getBlockTimestamp() + 12 * gap);
        }
        for (uint256 i; i < n; ++i) {
            if (!voted[i]) _checkVote(ids[i], snaps[i]);
        }
        assertEq(fund.getPastVotes(alice, vm.getBlockNumber() - 1), _invested(alice));
    }

    /// @dev If alice holds a settled position, withdraws it first (invest would revert `UnwithdrawnPosition`).
    function _ensureCanInvest() internal {
        if (_invested(alice) != 0 && _settled(_positionPool(alice))) {
            vm.prank(alice);
            fund.withdraw(FUTURES);
        }
    }
}
