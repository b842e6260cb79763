// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice A settlement is proposed, then final after the vault's challenge window unless a guardian (or an admin)
/// vetoes it; what becomes final is exactly what was proposed.
contract ChallengeWindowTest is FundFixture {
    uint256 internal constant WINDOW = 1 days;
    bytes32 internal constant WRONG_REPORT = keccak256("a wrong report");
    address internal guardian = makeAddr("guardian");

    function setUp() public override {
        super.setUp();
        bytes32 guardianRole = fund.GUARDIAN_ROLE();
        vm.startPrank(admin);
        fund.grantRole(guardianRole, guardian);
        fund.setChallengeWindow(FUTURES, WINDOW);
        vm.stopPrank();
        _invest(alice, 1_000 * USDC);
        _invest(bob, 3_000 * USDC);
        _lock();
    }

    /// @dev Collects `total` from the trading wallets (minting any profit) and proposes it after the lockup end.
    function _collectAndPropose(uint256 total, bytes32 report) internal {
        _collect(total);
        _propose(total, report);
    }

    function _collect(uint256 total) internal {
        uint256 poolId = fund.currentPoolId(FUTURES);
        (address[] memory wallets,,) = fund.getTradingWallets(poolId);
        uint256 first = total / 2;
        address[2] memory payers = [wallets[0], wallets[1]];
        uint256[2] memory shares = [first, total - first];
        for (uint256 i; i < 2; ++i) {
            uint256 held = token.balanceOf(payers[i]);
            if (held < shares[i]) token.mint(payers[i], shares[i] - held);
            vm.prank(operator);
            fund.collectFundsFromTradingWallet(FUTURES, payers[i], shares[i]);
        }
    }

    function _propose(uint256 total, bytes32 report) internal {
        IInvestmentFund.PoolInfo memory pool = _pool(fund.currentPoolId(FUTURES));
        if (block.timestamp < pool.lockupEndTime) vm.warp(pool.lockupEndTime);
        vm.prank(operator);
        if (total < pool.preLockupTotal) fund.endLockupPeriodAtLoss(FUTURES, total, report);
        else fund.endLockupPeriod(FUTURES, total, report);
    }

    // ---- defaults -----------------------------------------------------------------------------------

    function test_newVault_localChain_settlesAtOnce_elsewhere_waits24Hours() public {
        assertEq(fund.getVault(NFT).challengeWindow, 0, "the local chain's default");
        vm.chainId(8453);
        vm.prank(admin);
        InvestmentFund onBase = new InvestmentFund(token, fundWallet, MINIMUM, LOCKUP);
        assertEq(onBase.getVault(FUTURES).challengeWindow, 24 hours);
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.InvalidChallengeWindow.selector, 0));
        onBase.setChallengeWindow(FUTURES, 0);
    }

    function test_setChallengeWindow_defaultAdminOnly_boundedTo14Days() public {
        address plainAdmin = makeAddr("plainAdmin");
        bytes32 adminRole = fund.ADMIN_ROLE();
        vm.prank(admin);
        fund.grantRole(adminRole, plainAdmin);
        bytes32 topRole = fund.DEFAULT_ADMIN_ROLE();
        vm.prank(plainAdmin);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, plainAdmin, topRole)
        );
        fund.setChallengeWindow(FUTURES, 2 days);
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.InvalidChallengeWindow.selector, 14 days + 1));
        fund.setChallengeWindow(FUTURES, 14 days + 1);
        vm.prank(admin);
        vm.expectEmit(address(fund));
        emit IInvestmentFund.ChallengeWindowUpdated(FUTURES, 14 days);
        fund.setChallengeWindow(FUTURES, 14 days);
        assertEq(fund.getVault(FUTURES).challengeWindow, 14 days);
    }

    // ---- propose, then finalise -------------------------------------------------------------------------

    function test_proposal_waitsItsWindow_thenAnyoneFinalises() public {
        uint256 poolId = fund.currentPoolId(FUTURES);
        _collect(4_500 * USDC);
        vm.warp(_pool(poolId).lockupEndTime);
        uint256 finalAt = block.timestamp + WINDOW;
        vm.expectEmit(address(fund));
        emit IInvestmentFund.SettlementProposed(FUTURES, poolId, 4_500 * USDC, REPORT, finalAt);
        _propose(4_500 * USDC, REPORT);

        IInvestmentFund.PoolInfo memory pool = _pool(poolId);
        assertEq(uint256(pool.state), uint256(IInvestmentFund.PoolState.Locked), "not settled yet");
        assertEq(pool.proposedTotal, 4_500 * USDC);
        assertEq(pool.finalAt, finalAt);
        assertEq(pool.reportHash, REPORT);
        assertEq(fund.currentPoolId(FUTURES), poolId, "no new round yet");

        vm.warp(finalAt - 1);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.ChallengeWindowOpen.selector, finalAt));
        vm.prank(stranger);
        fund.finalizeSettlement(FUTURES);

        vm.warp(finalAt);
        vm.prank(stranger);
        fund.finalizeSettlement(FUTURES);
        pool = _pool(poolId);
        assertTrue(_settled(poolId));
        // 500 profit: 100 to the fund, 4,400 to the investors.
        assertEq(pool.fundFee, 100 * USDC);
        assertEq(pool.postLockupTotal, 4_400 * USDC);
        assertEq(pool.finalAt, finalAt, "kept as the time it became final");
        assertEq(_withdraw(alice), 1_100 * USDC);
        assertEq(_withdraw(bob), 3_300 * USDC);
    }

    function test_whileProposed_collectingAndASecondProposalAreRefused() public {
        uint256 poolId = fund.currentPoolId(FUTURES);
        _collectAndPropose(4_000 * USDC, REPORT);
        token.mint(traderA, 1 * USDC);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.SettlementPending.selector, poolId));
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 1 * USDC);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.SettlementPending.selector, poolId));
        fund.endLockupPeriod(FUTURES, 4_000 * USDC, WRONG_REPORT);
    }

    function test_finaliseOrVeto_withoutProposal_isRefused() public {
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.NoSettlementProposed.selector, FUTURES));
        fund.finalizeSettlement(FUTURES);
        vm.prank(guardian);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.NoSettlementProposed.selector, FUTURES));
        fund.vetoSettlement(FUTURES);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.NoSettlementProposed.selector, NFT));
        fund.finalizeSettlement(NFT);
    }

    // ---- veto ---------------------------------------------------------------------------------------

    function test_guardianVetoes_wrongFigure_roundStaysLocked_correctedOneBecomesFinal() public {
        uint256 poolId = fund.currentPoolId(FUTURES);
        // The desk collects 4,000, then the wallets turn out to hold 600 more: a proposal at 4,000 is wrong.
        _collectAndPropose(4_000 * USDC, WRONG_REPORT);

        vm.expectEmit(address(fund));
        emit IInvestmentFund.SettlementVetoed(FUTURES, poolId, 4_000 * USDC, WRONG_REPORT, guardian);
        vm.prank(guardian);
        fund.vetoSettlement(FUTURES);
        IInvestmentFund.PoolInfo memory pool = _pool(poolId);
        assertEq(uint256(pool.state), uint256(IInvestmentFund.PoolState.Locked), "still locked");
        assertEq(pool.reportHash, bytes32(0));
        assertEq(pool.proposedTotal, 0);
        assertEq(pool.finalAt, 0);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.NoSettlementProposed.selector, FUTURES));
        fund.finalizeSettlement(FUTURES);

        // Collecting reopens; the corrected proposal waits a full window of its own.
        token.mint(traderA, 600 * USDC);
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 600 * USDC);
        vm.warp(block.timestamp + 1 hours);
        _propose(4_600 * USDC, REPORT);
        assertEq(_pool(poolId).finalAt, block.timestamp + WINDOW);
        vm.warp(block.timestamp + WINDOW);
        fund.finalizeSettlement(FUTURES);
        pool = _pool(poolId);
        assertEq(pool.reportHash, REPORT);
        assertEq(pool.postLockupTotal, 4_480 * USDC, "4,600 less 20% of the 600 profit");
        assertEq(_withdraw(alice), 1_120 * USDC);
    }

    function test_veto_byGuardianOrAdmin_notByOperatorOrStranger() public {
        _collectAndPropose(4_000 * USDC, REPORT);
        bytes32 adminRole = fund.ADMIN_ROLE();
        address[2] memory refused = [operator, stranger];
        for (uint256 i; i < refused.length; ++i) {
            vm.prank(refused[i]);
            vm.expectRevert(
                abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, refused[i], adminRole)
            );
            fund.vetoSettlement(FUTURES);
        }
        vm.prank(admin);
        fund.vetoSettlement(FUTURES);
    }

    function test_vetoAfterFinal_isRefused() public {
        _collectAndPropose(4_000 * USDC, REPORT);
        vm.warp(block.timestamp + WINDOW);
        fund.finalizeSettlement(FUTURES);
        // The vault's next pool is open: there is nothing left to veto.
        vm.prank(guardian);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.NoSettlementProposed.selector, FUTURES));
        fund.vetoSettlement(FUTURES);
    }

    // ---- around a proposal ----------------------------------------------------------------------------

    function test_whileProposed_exitsOfEarlierRoundsStayOpen() public {
        // Round 1 settles at once (window 0 for this round), alice's position stays there; round 2 then waits.
        vm.prank(admin);
        fund.setChallengeWindow(FUTURES, 0);
        _collectAndPropose(4_000 * USDC, REPORT);
        vm.prank(admin);
        fund.setChallengeWindow(FUTURES, WINDOW);
        _invest(carol, 500 * USDC);
        _lock();
        _collectAndPropose(500 * USDC, REPORT);
        assertEq(_withdraw(alice), 1_000 * USDC);
        uint256 lockedPool = fund.currentPoolId(FUTURES);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.PoolLocked.selector, lockedPool));
        fund.withdraw(FUTURES);
    }

    function test_windowChange_leavesAWaitingProposalItsTime() public {
        _collectAndPropose(4_000 * USDC, REPORT);
        uint256 finalAt = _pool(fund.currentPoolId(FUTURES)).finalAt;
        vm.prank(admin);
        fund.setChallengeWindow(FUTURES, 0);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.ChallengeWindowOpen.selector, finalAt));
        fund.finalizeSettlement(FUTURES);
    }

    function test_emergency_proposesBeforeTheLockupEnd_stillWaitsTheWindow() public {
        vm.prank(admin);
        fund.setEmergencyState(true);
        _collect(3_000 * USDC);
        vm.prank(operator);
        fund.endLockupPeriodAtLoss(FUTURES, 3_000 * USDC, REPORT);
        uint256 poolId = fund.currentPoolId(FUTURES);
        assertEq(_pool(poolId).finalAt, block.timestamp + WINDOW);
        vm.warp(block.timestamp + WINDOW);
        fund.finalizeSettlement(FUTURES);
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(FUTURES), 750 * USDC);
    }

    /// @dev What becomes final is exactly what was proposed: investors + fee = the proposed total.
    function testFuzz_finalisedSettlement_equalsItsProposal(uint96 total, uint32 wait) public {
        total = uint96(bound(total, 2, 40_000 * USDC));
        _collectAndPropose(total, REPORT);
        uint256 poolId = fund.currentPoolId(FUTURES);
        IInvestmentFund.PoolInfo memory proposal = _pool(poolId);
        vm.warp(block.timestamp + bound(wait, WINDOW, 30 days));
        fund.finalizeSettlement(FUTURES);
        IInvestmentFund.PoolInfo memory settled = _pool(poolId);
        assertEq(settled.postLockupTotal + settled.fundFee, proposal.proposedTotal);
        assertEq(proposal.proposedTotal, total);
        assertEq(settled.reportHash, proposal.reportHash);
    }
}

/// @notice A result outside the vault's bounds needs the guardian's co-signature before it is final; inside, the window
/// alone.
contract SettlementBoundsTest is FundFixture {
    address internal guardian = makeAddr("guardian");

    function setUp() public override {
        super.setUp();
        bytes32 guardianRole = fund.GUARDIAN_ROLE();
        vm.startPrank(admin);
        fund.grantRole(guardianRole, guardian);
        // -20 % to +15 % per round, as a 30-day round might be bounded.
        fund.setSettlementBounds(FUTURES, 2_000, 1_500);
        vm.stopPrank();
        _invest(alice, 10_000 * USDC);
        _lock();
    }

    function test_newVault_hasNoBounds_setOnlyThroughTheTimelock() public {
        IInvestmentFund.VaultInfo memory nft = fund.getVault(NFT);
        assertEq(nft.maxLossBps, 10_000);
        assertEq(nft.maxGainBps, type(uint16).max);
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.InvalidSettlementBounds.selector, 10_001, 0));
        fund.setSettlementBounds(NFT, 10_001, 0);
        bytes32 topRole = fund.DEFAULT_ADMIN_ROLE();
        vm.prank(guardian);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, guardian, topRole)
        );
        fund.setSettlementBounds(NFT, 0, 0);
    }

    function test_insideTheBounds_settlesAtOnce_withNoCosignature() public {
        _settle(11_500 * USDC); // +15 %: the bound itself is inside
        assertTrue(_settled(1));
        _invest(bob, 10_000 * USDC);
        _lock();
        _settle(8_000 * USDC); // -20 %
        assertTrue(_settled(fund.getPosition(bob, FUTURES).poolId));
    }

    function test_aboveTheGainBound_waitsForTheGuardian_thenAnyoneFinalises() public {
        _settle(11_501 * USDC);
        IInvestmentFund.PoolInfo memory pool = _pool(1);
        assertEq(uint256(pool.state), uint256(IInvestmentFund.PoolState.Locked), "not final without the guardian");
        assertTrue(pool.needsCosign);
        assertFalse(pool.cosigned);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.GuardianCosignRequired.selector, FUTURES));
        fund.finalizeSettlement(FUTURES);

        // Only a guardian co-signs (an admin cannot co-sign its own figure).
        bytes32 guardianRole = fund.GUARDIAN_ROLE();
        vm.prank(admin);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, admin, guardianRole)
        );
        fund.cosignSettlement(FUTURES);
        vm.expectEmit(address(fund));
        emit IInvestmentFund.SettlementCosigned(FUTURES, 1, guardian);
        vm.prank(guardian);
        fund.cosignSettlement(FUTURES);
        vm.prank(guardian);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.CosignNotNeeded.selector, FUTURES));
        fund.cosignSettlement(FUTURES);

        vm.prank(stranger);
        fund.finalizeSettlement(FUTURES);
        assertTrue(_settled(1));
        assertEq(_pool(1).postLockupTotal, 11_501 * USDC - 300_200_000, "20% of the 1,501 profit is the fee");
    }

    function test_belowTheLossBound_guardianVetoesInstead_roundStaysLocked() public {
        _settle(7_999 * USDC); // -20.01 %
        assertTrue(_pool(1).needsCosign);
        vm.prank(guardian);
        fund.vetoSettlement(FUTURES);
        IInvestmentFund.PoolInfo memory pool = _pool(1);
        assertFalse(pool.needsCosign);
        assertEq(pool.finalAt, 0);
        assertEq(uint256(pool.state), uint256(IInvestmentFund.PoolState.Locked));
    }

    function test_cosign_insideTheBounds_orWithoutProposal_isRefused() public {
        vm.prank(guardian);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.NoSettlementProposed.selector, FUTURES));
        fund.cosignSettlement(FUTURES);
        vm.prank(admin);
        fund.setChallengeWindow(FUTURES, 1 days);
        _settle(10_500 * USDC);
        vm.prank(guardian);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.CosignNotNeeded.selector, FUTURES));
        fund.cosignSettlement(FUTURES);
    }

    /// @dev Exact at the bounds: a result is inside if and only if its loss or gain is at most the bound.
    function testFuzz_needsCosign_exactlyOutsideTheBounds(uint64 total) public {
        total = uint64(bound(total, 1, 30_000 * USDC));
        _settle(total);
        uint256 principal = 10_000 * USDC;
        bool outside = total < principal
            ? (principal - total) * 10_000 > principal * 2_000
            : (total - principal) * 10_000 > principal * 1_500;
        assertEq(_pool(1).needsCosign, outside);
        assertEq(_settled(1), !outside);
    }
}
