// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice A vault's fees: a management fee per year of a round's principal, pro rata for the time it was locked, and a
/// performance fee only on profit above the vault's high-water mark; both under hard caps, raised only through the
/// timelock (for rounds locked after the raise), cut by an admin at once.
contract HighWaterMarkTest is FundFixture {
    uint256 internal constant SCALE = 1e18;
    address internal plainAdmin = makeAddr("plainAdmin");

    function setUp() public override {
        super.setUp();
        bytes32 adminRole = fund.ADMIN_ROLE();
        vm.prank(admin);
        fund.grantRole(adminRole, plainAdmin);
    }

    function _setFees(uint256 vaultId, uint256 managementBps, uint256 performanceBps) internal {
        vm.prank(admin); // the deployer holds the default admin role here (the timelock's, once handed over)
        fund.setFees(vaultId, managementBps, performanceBps);
    }

    /// @dev Runs a round of vault 1 returning `total`; returns its pool as settled (pool ids count across vaults).
    function _roundOf(uint256 total) internal returns (IInvestmentFund.PoolInfo memory) {
        uint256 poolId = fund.currentPoolId(FUTURES);
        _round(FUTURES, total);
        return fund.getPoolInfo(poolId);
    }

    /// @dev Collects everything the trading wallets of vault 1 hold (what the lock sent them).
    function _collectAll() internal {
        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, token.balanceOf(traderA));
        fund.collectFundsFromTradingWallet(FUTURES, traderB, token.balanceOf(traderB));
        vm.stopPrank();
    }

    // ---- settings ----------------------------------------------------------------------------------------

    function test_newVault_chargesTheDefaultPerformanceFee_noManagementFee_markAtTheFirstPrice() public view {
        IInvestmentFund.VaultInfo memory vault = fund.getVault(FUTURES);
        assertEq(vault.managementFeeBps, 0);
        assertEq(vault.performanceFeeBps, fund.FUND_PROFIT_PERCENTAGE());
        assertEq(vault.highWaterMark, SCALE);
    }

    function test_setFees_raiseOnlyThroughTheTimelock_cutByAnAdmin_capsHard() public {
        bytes32 topRole = fund.DEFAULT_ADMIN_ROLE();
        vm.prank(plainAdmin);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, plainAdmin, topRole)
        );
        fund.setFees(FUTURES, 100, 2_000);

        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.FeeAboveCap.selector, 501, 2_000));
        fund.setFees(FUTURES, 501, 2_000);
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.FeeAboveCap.selector, 0, 5_001));
        fund.setFees(FUTURES, 0, 5_001);

        vm.expectEmit(address(fund));
        emit IInvestmentFund.FeesUpdated(FUTURES, 500, 5_000);
        _setFees(FUTURES, 500, 5_000);

        vm.prank(plainAdmin); // a cut only lowers what investors pay: at once
        fund.setFees(FUTURES, 200, 1_000);
        IInvestmentFund.VaultInfo memory vault = fund.getVault(FUTURES);
        assertEq(vault.managementFeeBps, 200);
        assertEq(vault.performanceFeeBps, 1_000);

        bytes32 adminRole = fund.ADMIN_ROLE();
        vm.prank(stranger);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, stranger, adminRole)
        );
        fund.setFees(FUTURES, 0, 0);
    }

    function test_setFees_unknownVault_isRefused() public {
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultNotFound.selector, 9));
        fund.setFees(9, 0, 0);
    }

    // ---- the management fee ------------------------------------------------------------------------------

    function test_managementFee_proRataForTheRound_onItsPrincipal() public {
        _setFees(FUTURES, 200, 0); // 2 % a year
        _invest(alice, 36_500 * USDC);
        _lock();
        _collectAll();
        vm.warp(block.timestamp + LOCKUP);
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.FeesCharged(FUTURES, 1, 60 * USDC, 0, SCALE); // 36,500 × 2 % × 30 / 365
        vm.prank(operator);
        fund.endLockupPeriod(FUTURES, 36_500 * USDC, REPORT);
        IInvestmentFund.PoolInfo memory pool = fund.getPoolInfo(1);
        assertEq(pool.managementFee, 60 * USDC);
        assertEq(pool.performanceFee, 0);
        assertEq(pool.fundFee, 60 * USDC);
        assertEq(pool.postLockupTotal, 36_440 * USDC);
        assertEq(fund.fundFeesAccrued(), 60 * USDC);
    }

    function test_managementFee_emergencySettlement_chargesOnlyTheTimeLocked() public {
        _setFees(FUTURES, 365, 0); // 1 basis point a day
        _invest(alice, 10_000 * USDC);
        _lock();
        vm.warp(block.timestamp + 10 days);
        vm.prank(admin);
        fund.setEmergencyState(true);
        uint256 poolId = fund.currentPoolId(FUTURES);
        _collectAll();
        vm.prank(operator);
        fund.endLockupPeriod(FUTURES, 10_000 * USDC, REPORT);
        assertEq(fund.getPoolInfo(poolId).managementFee, 10 * USDC); // 10,000 × 0.01 % × 10 days
    }

    function test_managementFee_onALoss_neverAboveWhatCameBack() public {
        _setFees(FUTURES, 500, 2_000);
        _invest(alice, 1_000 * USDC);
        IInvestmentFund.PoolInfo memory pool = _roundOf(1); // 1 micro-unit came back
        assertEq(pool.managementFee, 1);
        assertEq(pool.postLockupTotal, 0);
    }

    // ---- the performance fee and the high-water mark -----------------------------------------------------

    function test_recoveryUpToTheMark_paysNoPerformanceFee_profitAboveItDoes() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        assertEq(_roundOf(800 * USDC).fundFee, 0); // −20 %: no fee, the mark stays at the first price
        assertEq(fund.getVault(FUTURES).highWaterMark, SCALE);

        // back to where it was: a profit of 200 for the round, none above the mark
        IInvestmentFund.PoolInfo memory recovery = _roundOf(1_000 * USDC);
        assertEq(recovery.profitGenerated, 200 * USDC, "the round's own profit");
        assertEq(recovery.performanceFee, 0, "no fee below the mark");
        assertEq(recovery.highWaterMark, SCALE);
        assertEq(fund.getVault(FUTURES).highWaterMark, SCALE);

        IInvestmentFund.PoolInfo memory gain = _roundOf(1_500 * USDC); // 500 above the mark: 20 % of it
        assertEq(gain.performanceFee, 100 * USDC);
        assertEq(gain.settleSharePrice, 1.4e18);
        assertEq(fund.getVault(FUTURES).highWaterMark, 1.4e18, "the new mark: the price after fees");
        assertEq(fund.fundFeesAccrued(), 100 * USDC);
    }

    function test_aLoss_lowersNothingAlreadyCharged_andTheMarkStays() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 1_500 * USDC); // fee 100, price 1.4
        assertEq(_roundOf(700 * USDC).fundFee, 0); // −50 %
        assertEq(fund.fundFeesAccrued(), 100 * USDC);
        assertEq(fund.getVault(FUTURES).highWaterMark, 1.4e18);
        assertEq(_roundOf(1_500 * USDC).performanceFee, 20 * USDC); // 100 above the mark (1,400): 20 of fee
    }

    function test_newcomerAfterALoss_sharesTheMark() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 500 * USDC); // price 0.5
        _invest(bob, 500 * USDC); // 1,000 shares at 0.5
        IInvestmentFund.PoolInfo memory pool = _roundOf(2_000 * USDC); // 2,000 shares at 1.0: exactly at the mark
        assertEq(pool.performanceFee, 0);
        assertEq(pool.settleSharePrice, SCALE);
    }

    function test_nobodyRolls_theNextRoundStartsAFreshMark() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 1_500 * USDC); // mark 1.4
        _setRollOver(alice, FUTURES, false);
        _round(FUTURES, 1_400 * USDC); // nobody rolls on
        assertEq(fund.getVault(FUTURES).highWaterMark, SCALE, "a fresh pool at the first price");
        _withdraw(alice);
        _invest(bob, 1_000 * USDC);
        assertEq(_roundOf(1_100 * USDC).performanceFee, 20 * USDC, "bob pays on his own profit");
    }

    function test_managementThenPerformance_onWhatIsLeft() public {
        _setFees(FUTURES, 365, 2_000);
        _invest(alice, 10_000 * USDC);
        // management 10,000 × 0.01 % × 30 = 30; performance 20 % of 1,970
        IInvestmentFund.PoolInfo memory pool = _roundOf(12_000 * USDC);
        assertEq(pool.managementFee, 30 * USDC);
        assertEq(pool.performanceFee, 394 * USDC);
        assertEq(pool.postLockupTotal + pool.fundFee, 12_000 * USDC);
    }

    // ---- when a change applies ---------------------------------------------------------------------------

    function test_cut_appliesToTheLockedRound_raise_onlyToRoundsLockedAfterIt() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _lock();
        _setFees(FUTURES, 0, 5_000); // raised while locked: not this round
        _settle(FUTURES, 1_500 * USDC);
        assertEq(fund.getPoolInfo(1).performanceFee, 100 * USDC, "20 %, the rate it was locked at");
        uint256 next = fund.currentPoolId(FUTURES);
        assertEq(fund.getPoolInfo(next).performanceFeeBps, 0, "an open round has no rates yet");

        _lock();
        assertEq(fund.getPoolInfo(next).performanceFeeBps, 5_000);
        vm.prank(plainAdmin);
        fund.setFees(FUTURES, 0, 1_000); // cut while locked: this round too
        _settle(FUTURES, 1_400 * USDC + 140 * USDC); // 10 % above the mark of 1.4 (1,400): 10 % of 140
        assertEq(fund.getPoolInfo(next).performanceFee, 14 * USDC);
    }

    // ---- properties --------------------------------------------------------------------------------------

    /// @dev Over two rounds of a rolling investor: the fees never exceed their caps, no performance fee is charged
    /// below the mark, and what came back is split exactly into the investors' total and the fees.
    function testFuzz_fees_underCaps_noneBelowTheMark_valueConserved(
        uint16 managementBps,
        uint16 performanceBps,
        uint64 first,
        uint64 second
    ) public {
        managementBps = uint16(bound(managementBps, 0, 500));
        performanceBps = uint16(bound(performanceBps, 0, 5_000));
        _setFees(FUTURES, managementBps, performanceBps);
        _invest(alice, 10_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, bound(first, 1_000 * USDC, 30_000 * USDC));
        uint256 mark = fund.getVault(FUTURES).highWaterMark;
        uint256 poolId = fund.currentPoolId(FUTURES);
        uint256 principal = fund.getPoolInfo(poolId).totalFunds;
        uint256 total = bound(second, 1, 30_000 * USDC);
        _round(FUTURES, total);

        IInvestmentFund.PoolInfo memory pool = fund.getPoolInfo(poolId);
        assertLe(pool.managementFee, principal * managementBps * LOCKUP / (10_000 * 365 days), "management cap");
        uint256 hurdle = mark * pool.totalShares / SCALE;
        if (hurdle < principal) hurdle = principal;
        uint256 net = total - pool.managementFee;
        if (net <= hurdle) assertEq(pool.performanceFee, 0, "no fee below the mark");
        else assertLe(pool.performanceFee, (net - hurdle) * performanceBps / 10_000, "performance cap");
        if (total > principal) assertLe(pool.performanceFee, (total - principal) / 2, "half the round's profit");
        else assertEq(pool.performanceFee, 0, "no fee on a loss");
        assertEq(pool.postLockupTotal + pool.managementFee + pool.performanceFee, total, "value conserved");
        assertEq(pool.highWaterMark, mark);
    }
}
