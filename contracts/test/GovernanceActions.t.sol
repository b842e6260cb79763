// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

import {FundFixture} from "./FundFixture.sol";
import {FundTimelock} from "../src/FundTimelock.sol";
import {IFundGovernor} from "../src/interfaces/IFundGovernor.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Governance that acts: a passed proposal's actions are queued in the timelock, wait its delay, and change the
/// fund; quorum, abstain, reasons and votes by signature.
contract GovernanceActionsTest is FundFixture {
    uint256 internal constant DELAY = 2 days;
    uint256 internal constant PERIOD = 3 days;

    FundTimelock internal timelock;
    address internal guardian = makeAddr("guardian");
    address[] internal targets;
    uint256[] internal values;
    bytes[] internal calldatas;

    function setUp() public override {
        super.setUp();
        timelock = new FundTimelock(IAccessControl(address(fund)), DELAY);
        vm.startPrank(admin);
        fund.grantRole(fund.GUARDIAN_ROLE(), guardian);
        governor.setTimelock(address(timelock));
        fund.grantRole(0x00, address(timelock));
        fund.renounceRole(0x00, admin);
        vm.stopPrank();
        _invest(alice, 6_000 * USDC);
        _invest(bob, 3_000 * USDC);
        _invest(carol, 1_000 * USDC);
        _nextBlock();
        targets.push(address(fund));
        values.push(0);
        calldatas.push(abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (FUTURES, 45 days)));
    }

    function _proposeActions() internal returns (uint256 id) {
        vm.prank(alice);
        id = governor.propose(targets, values, calldatas, "Lengthen the futures lockup to 45 days", PERIOD);
    }

    function _state(uint256 id) internal view returns (IFundGovernor.ProposalState) {
        return governor.proposalState(id);
    }

    function _passed() internal returns (uint256 id) {
        id = _proposeActions();
        vm.prank(alice);
        governor.vote(id, true);
        vm.warp(block.timestamp + PERIOD);
    }

    // ---- the whole path ------------------------------------------------------------------------------------

    function test_proposalWithAction_passes_queues_waits_executes_andTheParameterChanges() public {
        uint256 id = _proposeActions();
        assertEq(uint256(_state(id)), uint256(IFundGovernor.ProposalState.Active));
        vm.prank(alice);
        governor.castVote(id, 1, "Longer rounds suit the strategy");
        vm.prank(bob);
        governor.castVote(id, 0, "Too long for me");
        vm.warp(block.timestamp + PERIOD);
        assertEq(uint256(_state(id)), uint256(IFundGovernor.ProposalState.Succeeded));

        vm.prank(stranger); // anyone queues
        governor.queue(id, targets, values, calldatas);
        assertEq(uint256(_state(id)), uint256(IFundGovernor.ProposalState.Queued));
        IFundGovernor.ProposalInfo memory info = governor.getProposalInfo(id);
        assertEq(info.executableAt, block.timestamp + DELAY);
        assertTrue(timelock.isOperationPending(info.operationId));

        vm.expectRevert(); // the timelock refuses before the delay
        governor.execute(id, targets, values, calldatas);
        assertEq(fund.lockupPeriodDuration(FUTURES), LOCKUP, "nothing changes before the delay");

        vm.warp(block.timestamp + DELAY);
        vm.prank(stranger);
        governor.execute(id, targets, values, calldatas);
        assertEq(fund.lockupPeriodDuration(FUTURES), 45 days);
        assertEq(uint256(_state(id)), uint256(IFundGovernor.ProposalState.Executed));
    }

    function test_executedStraightThroughTheTimelock_readsExecuted() public {
        uint256 id = _passed();
        governor.queue(id, targets, values, calldatas);
        vm.warp(block.timestamp + DELAY);
        timelock.executeBatch(targets, values, calldatas, bytes32(0), bytes32(id));
        assertEq(uint256(_state(id)), uint256(IFundGovernor.ProposalState.Executed));
        assertEq(fund.lockupPeriodDuration(FUTURES), 45 days);
    }

    function test_guardianCancelsQueuedActions() public {
        uint256 id = _passed();
        governor.queue(id, targets, values, calldatas);
        bytes32 operationId = governor.getProposalInfo(id).operationId;
        vm.prank(guardian);
        timelock.cancel(operationId);
        assertEq(uint256(_state(id)), uint256(IFundGovernor.ProposalState.Canceled));
        vm.warp(block.timestamp + DELAY);
        vm.expectRevert();
        governor.execute(id, targets, values, calldatas);
        assertEq(fund.lockupPeriodDuration(FUTURES), LOCKUP);
    }

    function test_RevertIf_queueBeforeEnd_defeated_signal_orOtherActions() public {
        uint256 id = _proposeActions();
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.VotingNotEnded.selector, id));
        governor.queue(id, targets, values, calldatas);
        vm.prank(bob);
        governor.vote(id, false);
        vm.warp(block.timestamp + PERIOD);
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.ProposalNotPassed.selector, id));
        governor.queue(id, targets, values, calldatas);

        uint256 other = _passed();
        calldatas[0] = abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (FUTURES, 1 hours));
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.ActionsMismatch.selector, other));
        governor.queue(other, targets, values, calldatas);

        uint256 signal = _propose(alice, "A signal", PERIOD);
        vm.prank(alice);
        governor.vote(signal, true);
        vm.warp(block.timestamp + PERIOD);
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.WrongProposalKind.selector, signal));
        governor.queue(signal, targets, values, calldatas);
        governor.executeProposal(signal); // a signal still executes as one
        assertEq(uint256(_state(signal)), uint256(IFundGovernor.ProposalState.Executed));
    }

    function test_RevertIf_actionProposalExecutedAsSignal() public {
        uint256 id = _passed();
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.WrongProposalKind.selector, id));
        governor.executeProposal(id);
    }

    function test_RevertIf_invalidActions() public {
        address[] memory none = new address[](0);
        vm.prank(alice);
        vm.expectRevert(IFundGovernor.InvalidActions.selector);
        governor.propose(none, values, calldatas, "Nothing", PERIOD);
        uint256[] memory twoValues = new uint256[](2);
        vm.prank(alice);
        vm.expectRevert(IFundGovernor.InvalidActions.selector);
        governor.propose(targets, twoValues, calldatas, "Uneven", PERIOD);
    }

    function test_RevertIf_noTimelockYet() public {
        _deploy(); // a fresh fund whose governor has no timelock
        _invest(alice, 1_000 * USDC);
        _nextBlock();
        vm.prank(alice);
        vm.expectRevert(IFundGovernor.NoTimelock.selector);
        governor.propose(targets, values, calldatas, "Too early", PERIOD);
    }

    function test_setTimelock_onlyTheTop() public {
        vm.prank(admin); // gave the top role away in setUp
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.NotAuthorized.selector, admin));
        governor.setTimelock(admin);
    }

    // ---- quorum and abstain --------------------------------------------------------------------------------

    function test_quorum_isAShareOfWhatInvestorsHadAtCreation_abstainCounts() public {
        uint256 id = _proposeActions();
        IFundGovernor.ProposalInfo memory info = governor.getProposalInfo(id);
        assertEq(info.quorumVotes, 1_000 * USDC, "10 % of 10,000");
        vm.prank(carol); // 1,000 for: exactly the quorum
        governor.castVote(id, 1, "");
        vm.warp(block.timestamp + PERIOD);
        assertEq(uint256(_state(id)), uint256(IFundGovernor.ProposalState.Succeeded));
    }

    function test_quorum_notReached_defeats_evenWithOnlyVotesFor() public {
        _invest(makeAddr("dave"), 100 * USDC);
        _nextBlock();
        uint256 id = _proposeActions();
        vm.prank(makeAddr("dave"));
        governor.vote(id, true); // 100 of a 1,010 quorum
        vm.warp(block.timestamp + PERIOD);
        assertEq(uint256(_state(id)), uint256(IFundGovernor.ProposalState.Defeated));
    }

    function test_abstain_countsForQuorumOnly() public {
        _invest(makeAddr("dave"), 100 * USDC);
        _nextBlock();
        uint256 id = _proposeActions();
        vm.prank(makeAddr("dave"));
        governor.vote(id, true);
        vm.prank(alice);
        governor.castVote(id, 2, "No view");
        vm.warp(block.timestamp + PERIOD);
        IFundGovernor.ProposalInfo memory info = governor.getProposalInfo(id);
        assertEq(info.votesAbstain, 6_000 * USDC);
        assertEq(info.votesFor, 100 * USDC);
        assertEq(uint256(info.state), uint256(IFundGovernor.ProposalState.Succeeded));
    }

    function test_setQuorum_onlyThroughGovernance() public {
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.NotAuthorized.selector, admin));
        governor.setQuorum(5_000);
        calldatas[0] = abi.encodeCall(IFundGovernor.setQuorum, (2_500));
        targets[0] = address(governor);
        uint256 id = _passed();
        governor.queue(id, targets, values, calldatas);
        vm.warp(block.timestamp + DELAY);
        governor.execute(id, targets, values, calldatas);
        assertEq(governor.quorumBasisPoints(), 2_500);
    }

    function test_RevertIf_invalidVoteType() public {
        uint256 id = _proposeActions();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.InvalidVoteType.selector, 3));
        governor.castVote(id, 3, "");
    }

    // ---- votes by signature ---------------------------------------------------------------------------------

    function _ballotDigest(uint256 id, uint8 support, address voter, string memory reason)
        internal
        view
        returns (bytes32)
    {
        bytes32 domain = keccak256(
            abi.encode(
                keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak256("FundGovernor"),
                keccak256("1"),
                block.chainid,
                address(governor)
            )
        );
        bytes32 ballot = keccak256(abi.encode(governor.BALLOT_TYPEHASH(), id, support, voter, keccak256(bytes(reason))));
        return keccak256(abi.encodePacked("\x19\x01", domain, ballot));
    }

    function test_castVoteBySig_aRelayerCarriesTheVote_once() public {
        uint256 key = uint256(keccak256("signer"));
        address signer = vm.addr(key);
        _invest(signer, 2_000 * USDC);
        _nextBlock();
        uint256 id = _proposeActions();
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, _ballotDigest(id, 1, signer, "Signed, not sent"));
        bytes memory signature = abi.encodePacked(r, s, v);
        vm.prank(stranger);
        governor.castVoteBySig(id, 1, signer, "Signed, not sent", signature);
        assertTrue(governor.hasVoted(id, signer));
        assertEq(governor.getProposalInfo(id).votesFor, 2_000 * USDC);
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.AlreadyVoted.selector, id, signer));
        governor.castVoteBySig(id, 1, signer, "Signed, not sent", signature);
    }

    function test_RevertIf_signatureIsNotTheVoters() public {
        uint256 key = uint256(keccak256("mallory"));
        uint256 id = _proposeActions();
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, _ballotDigest(id, 1, alice, ""));
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.InvalidSignature.selector, alice));
        governor.castVoteBySig(id, 1, alice, "", abi.encodePacked(r, s, v));
        // A changed choice does not match what was signed either.
        uint256 daveKey = uint256(keccak256("dave"));
        address dave = vm.addr(daveKey);
        (v, r, s) = vm.sign(daveKey, _ballotDigest(id, 1, dave, ""));
        vm.expectRevert(abi.encodeWithSelector(IFundGovernor.InvalidSignature.selector, dave));
        governor.castVoteBySig(id, 0, dave, "", abi.encodePacked(r, s, v));
    }

    /// @notice The top (the timelock) can do what an admin does, so a passed proposal may also lower a minimum or
    /// pause a vault, which an admin does at once.
    function test_aPassedProposalDoesWhatAnAdminDoes() public {
        calldatas[0] = abi.encodeCall(InvestmentFund.setMinimumInvestment, (NFT, 50 * USDC));
        targets.push(address(fund));
        values.push(0);
        calldatas.push(abi.encodeCall(InvestmentFund.setPaused, (FUTURES, true)));
        uint256 id = _passed();
        governor.queue(id, targets, values, calldatas);
        vm.warp(block.timestamp + DELAY);
        governor.execute(id, targets, values, calldatas);
        assertEq(fund.minimumInvestment(NFT), 50 * USDC);
        assertTrue(fund.getVault(FUTURES).paused);
    }
}
