// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

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
        assertEq(fund.withdraw(FUTURES), 1_080 * USDC);
        vm.prank(bob);
        assertEq(fund.withdraw(FUTURES), 3_240 * USDC);
        assertEq(fund.fundFeesAccrued(), 80 * USDC, "the fee accrues for the fund wallet to claim");
        assertEq(token.balanceOf(address(fund)), 80 * USDC);
        assertEq(fund.totalOwed(), 80 * USDC);
        fund.claimFundFees();
        assertEq(token.balanceOf(fundWallet), 80 * USDC);
        assertEq(token.balanceOf(address(fund)), 0);
        assertEq(fund.totalOwed(), 0);
    }

    function test_withdraw_updatesInvestorData() public {
        _roundWith(4_400 * USDC);
        vm.prank(alice);
        fund.withdraw(FUTURES);
        (uint256 invested, uint256 lastWithdrawn, bool withdrawnCurrent, uint256 totalWithdrawn, uint256 power) =
            fund.getInvestorData(alice);
        assertEq(invested, 0);
        assertEq(lastWithdrawn, 1);
        assertTrue(withdrawnCurrent);
        assertEq(totalWithdrawn, 1_080 * USDC);
        assertEq(power, 0);
        assertEq(fund.getPosition(alice, FUTURES).withdrawable, 0);
    }

    function test_withdraw_lossSharedProRata() public {
        _roundWith(3_000 * USDC); // a 25% loss; no fee
        assertEq(fund.getPosition(alice, FUTURES).withdrawable, 750 * USDC);
        vm.prank(alice);
        assertEq(fund.withdraw(FUTURES), 750 * USDC);
        vm.prank(bob);
        assertEq(fund.withdraw(FUTURES), 2_250 * USDC);
        assertEq(fund.fundFeesAccrued(), 0);
    }

    function test_withdraw_totalLossPaysNothing() public {
        _roundWith(0);
        vm.prank(alice);
        assertEq(fund.withdraw(FUTURES), 0);
        (,,,, uint256 power) = fund.getInvestorData(alice);
        assertEq(power, 0);
    }

    function test_withdraw_emitsWithdrawn() public {
        _roundWith(4_000 * USDC);
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.Withdrawn(alice, FUTURES, 1, 1_000 * USDC);
        vm.prank(alice);
        fund.withdraw(FUTURES);
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
        paid += fund.withdraw(FUTURES);
        vm.prank(bob);
        paid += fund.withdraw(FUTURES);
        vm.prank(carol);
        paid += fund.withdraw(FUTURES);
        uint256 fee = fund.fundFeesAccrued();
        assertLe(paid + fee, returned);
        assertLe(returned - paid - fee, 3, "dust is at most one unit per investor");
        assertEq(fund.totalOwed(), fee, "the last exit released the dust");
        if (returned <= principal) assertEq(fee, 0);
        else assertEq(fee, (returned - principal) * 2_000 / 10_000);
    }

    function test_RevertIf_withdrawTwice() public {
        _roundWith(4_400 * USDC);
        vm.startPrank(alice);
        fund.withdraw(FUTURES);
        vm.expectRevert(_sel(IInvestmentFund.NothingToWithdraw.selector));
        fund.withdraw(FUTURES);
        vm.stopPrank();
    }

    function test_withdraw_fromOpenPoolRefundsPrincipal() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 500 * USDC);
        assertEq(fund.getPosition(alice, FUTURES).withdrawable, 1_000 * USDC);
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.Withdrawn(alice, FUTURES, 1, 1_000 * USDC);
        assertEq(_withdraw(alice), 1_000 * USDC);
        assertEq(token.balanceOf(alice), 1_000 * USDC);
        (, uint256 totalFunds,,) = fund.getCurrentPoolData(FUTURES);
        assertEq(totalFunds, 500 * USDC);
        assertEq(fund.getPoolInfo(1).totalShares, 500 * USDC);
        assertEq(_invested(alice), 0);
        assertEq(_totalWithdrawn(alice), 1_000 * USDC);
        assertEq(fund.totalOwed(), 500 * USDC);
    }

    function test_RevertIf_withdrawWhileLocked() public {
        _invest(alice, MINIMUM);
        _lock();
        assertEq(fund.getPosition(alice, FUTURES).withdrawable, 0);
        vm.prank(alice);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.withdraw(FUTURES);
    }

    function test_RevertIf_withdrawFromUnknownVault() public {
        vm.prank(alice);
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 3));
        fund.withdraw(3);
    }

    function test_RevertIf_withdrawWithoutPosition() public {
        vm.prank(stranger);
        vm.expectRevert(_sel(IInvestmentFund.NothingToWithdraw.selector));
        fund.withdraw(FUTURES);
    }

    function test_withdraw_delistedInvestorCanStillExit() public {
        _roundWith(4_400 * USDC);
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(alice);
        vm.prank(alice);
        assertEq(fund.withdraw(FUTURES), 1_080 * USDC);
    }

    // ---- emergency ------------------------------------------------------------------------------

    function test_emergencyWithdraw_refundsOpenPoolPrincipal() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 500 * USDC);
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.EmergencyWithdrawn(alice, FUTURES, 1, 1_000 * USDC);
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(FUTURES), 1_000 * USDC);
        assertEq(token.balanceOf(alice), 1_000 * USDC);
        (, uint256 totalFunds,,) = fund.getCurrentPoolData(FUTURES);
        assertEq(totalFunds, 500 * USDC);
        assertEq(_invested(alice), 0);
        (, uint256 lastWithdrawn, bool withdrawnCurrent, uint256 totalWithdrawn,) = fund.getInvestorData(alice);
        assertEq(lastWithdrawn, 1);
        assertTrue(withdrawnCurrent);
        assertEq(totalWithdrawn, 1_000 * USDC, "a refund counts as a withdrawal");
        assertEq(fund.totalOwed(), 500 * USDC);
    }

    function test_emergencyWithdraw_paysSettledShare() public {
        _roundWith(4_400 * USDC);
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(bob);
        assertEq(fund.emergencyWithdraw(FUTURES), 3_240 * USDC);
        assertEq(_totalWithdrawn(bob), 3_240 * USDC);
    }

    function test_emergency_lockedPoolSettlesEarlyThenInvestorsExit() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(alice);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.emergencyWithdraw(FUTURES);
        // The operator collects what the traders hold and settles before the lockup end.
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 600 * USDC);
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderB, 350 * USDC);
        vm.prank(operator);
        fund.endLockupPeriodAtLoss(FUTURES, 950 * USDC, REPORT);
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(FUTURES), 950 * USDC);
    }

    function test_RevertIf_emergencyWithdrawOutsideEmergency() public {
        _invest(alice, MINIMUM);
        vm.prank(alice);
        vm.expectRevert(_sel(IInvestmentFund.NotInEmergency.selector));
        fund.emergencyWithdraw(FUTURES);
    }

    function test_RevertIf_emergencyWithdrawWithoutPosition() public {
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(alice);
        vm.expectRevert(_sel(IInvestmentFund.NothingToWithdraw.selector));
        fund.emergencyWithdraw(FUTURES);
    }

    function test_emergency_refundThenReinvestAfterEmergencyEnds() public {
        _invest(alice, 1_000 * USDC);
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(alice);
        fund.emergencyWithdraw(FUTURES);
        vm.prank(admin);
        fund.setEmergencyState(false);
        _nextBlock();
        _invest(alice, 400 * USDC);
        assertEq(_invested(alice), 400 * USDC);
        _lock();
        _settle(400 * USDC);
        vm.prank(alice);
        assertEq(fund.withdraw(FUTURES), 400 * USDC);
    }
}
