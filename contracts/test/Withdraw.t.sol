// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";

/// @notice `withdraw` and `emergencyWithdraw`: shares of profit and loss, once per position.
contract WithdrawTest is FundFixture {
    function _roundWith(uint256 returned) internal {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 3_000 * USDC);
        _lock();
        _settle(returned);
    }

    function test_withdraw_principalPlusProfitShare() public {
        _roundWith(4_400 * USDC); // 400 profit: 80 to the fund, 320 to investors
        vm.prank(alice);
        assertEq(fund.withdraw(), 1_080 * USDC);
        vm.prank(bob);
        assertEq(fund.withdraw(), 3_240 * USDC);
        assertEq(token.balanceOf(fundWallet), 80 * USDC);
        assertEq(token.balanceOf(address(fund)), 0);
        assertEq(fund.totalOwed(), 0);
    }

    function test_withdraw_updatesInvestorData() public {
        _roundWith(4_400 * USDC);
        vm.prank(alice);
        fund.withdraw();
        (uint256 invested, uint256 lastWithdrawn, bool withdrawnCurrent, uint256 totalWithdrawn, uint256 power) =
            fund.getInvestorData(alice);
        assertEq(invested, 0);
        assertEq(lastWithdrawn, 1);
        assertTrue(withdrawnCurrent);
        assertEq(totalWithdrawn, 1_080 * USDC);
        assertEq(power, 0);
        assertEq(fund.previewWithdraw(alice), 0);
    }

    function test_withdraw_lossSharedProRata() public {
        _roundWith(3_000 * USDC); // a 25% loss; no fee
        assertEq(fund.previewWithdraw(alice), 750 * USDC);
        vm.prank(alice);
        assertEq(fund.withdraw(), 750 * USDC);
        vm.prank(bob);
        assertEq(fund.withdraw(), 2_250 * USDC);
        assertEq(token.balanceOf(fundWallet), 0);
    }

    function test_withdraw_totalLossPaysNothing() public {
        _roundWith(0);
        vm.prank(alice);
        assertEq(fund.withdraw(), 0);
        (,,,, uint256 power) = fund.getInvestorData(alice);
        assertEq(power, 0);
    }

    function test_withdraw_emitsWithdrawn() public {
        _roundWith(4_000 * USDC);
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.Withdrawn(alice, 1, 1_000 * USDC);
        vm.prank(alice);
        fund.withdraw();
    }

    function testFuzz_withdraw_payoutsNeverExceedWhatCameBack(uint256 a, uint256 b, uint256 c, uint256 returned)
        public
    {
        a = bound(a, MINIMUM, 1e9 * USDC);
        b = bound(b, MINIMUM, 1e9 * USDC);
        c = bound(c, MINIMUM, 1e9 * USDC);
        uint256 principal = a + b + c;
        returned = bound(returned, 0, principal * 3);
        _invest(alice, a);
        _invest(bob, b);
        _invest(carol, c);
        _lock();
        _settle(returned);
        uint256 paid;
        vm.prank(alice);
        paid += fund.withdraw();
        vm.prank(bob);
        paid += fund.withdraw();
        vm.prank(carol);
        paid += fund.withdraw();
        uint256 fee = token.balanceOf(fundWallet);
        assertLe(paid + fee, returned);
        assertLe(returned - paid - fee, 3, "dust is at most one unit per investor");
        if (returned <= principal) assertEq(fee, 0);
        else assertEq(fee, (returned - principal) * 2_000 / 10_000);
    }

    function test_RevertIf_withdrawTwice() public {
        _roundWith(4_400 * USDC);
        vm.startPrank(alice);
        fund.withdraw();
        vm.expectRevert(_sel(IInvestmentFund.NothingToWithdraw.selector));
        fund.withdraw();
        vm.stopPrank();
    }

    function test_RevertIf_withdrawBeforeSettlement() public {
        _invest(alice, MINIMUM);
        vm.prank(alice);
        vm.expectRevert(_err(IInvestmentFund.PoolNotSettled.selector, 1));
        fund.withdraw();
        _lock();
        vm.prank(alice);
        vm.expectRevert(_err(IInvestmentFund.PoolNotSettled.selector, 1));
        fund.withdraw();
    }

    function test_RevertIf_withdrawWithoutPosition() public {
        vm.prank(stranger);
        vm.expectRevert(_sel(IInvestmentFund.NothingToWithdraw.selector));
        fund.withdraw();
    }

    function test_withdraw_delistedInvestorCanStillExit() public {
        _roundWith(4_400 * USDC);
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(alice);
        vm.prank(alice);
        assertEq(fund.withdraw(), 1_080 * USDC);
    }

    // ---- emergency ------------------------------------------------------------------------------

    function test_emergencyWithdraw_refundsOpenPoolPrincipal() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 500 * USDC);
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.EmergencyWithdrawn(alice, 1, 1_000 * USDC);
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(), 1_000 * USDC);
        assertEq(token.balanceOf(alice), 1_000 * USDC);
        (, uint256 totalFunds,,) = fund.getCurrentPoolData();
        assertEq(totalFunds, 500 * USDC);
        assertEq(_invested(alice), 0);
        (, uint256 lastWithdrawn, bool withdrawnCurrent,,) = fund.getInvestorData(alice);
        assertEq(lastWithdrawn, 0, "a refund is not a pool withdrawal");
        assertFalse(withdrawnCurrent);
        assertEq(fund.totalOwed(), 500 * USDC);
    }

    function test_emergencyWithdraw_paysSettledShare() public {
        _roundWith(4_400 * USDC);
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(bob);
        assertEq(fund.emergencyWithdraw(), 3_240 * USDC);
        assertEq(_totalWithdrawn(bob), 3_240 * USDC);
    }

    function test_emergency_lockedPoolSettlesEarlyThenInvestorsExit() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(alice);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.emergencyWithdraw();
        // The operator collects what the traders hold and settles before the lockup end.
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(traderA, 600 * USDC);
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(traderB, 350 * USDC);
        vm.prank(operator);
        fund.endLockupPeriod(950 * USDC);
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(), 950 * USDC);
    }

    function test_RevertIf_emergencyWithdrawOutsideEmergency() public {
        _invest(alice, MINIMUM);
        vm.prank(alice);
        vm.expectRevert(_sel(IInvestmentFund.NotInEmergency.selector));
        fund.emergencyWithdraw();
    }

    function test_RevertIf_emergencyWithdrawWithoutPosition() public {
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(alice);
        vm.expectRevert(_sel(IInvestmentFund.NothingToWithdraw.selector));
        fund.emergencyWithdraw();
    }

    function test_emergency_refundThenReinvestAfterEmergencyEnds() public {
        _invest(alice, 1_000 * USDC);
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(alice);
        fund.emergencyWithdraw();
        vm.prank(admin);
        fund.setEmergencyState(false);
        _nextBlock();
        _invest(alice, 400 * USDC);
        assertEq(_invested(alice), 400 * USDC);
        _lock();
        _settle(400 * USDC);
        vm.prank(alice);
        assertEq(fund.withdraw(), 400 * USDC);
    }
}
