// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice A pool's phases: `startLockupPeriod`, `collectFundsFromTradingWallet`, `endLockupPeriod`.
contract LockupTest is FundFixture {
    function setUp() public override {
        super.setUp();
        _invest(alice, 1_000 * USDC);
        _invest(bob, 3_001 * USDC);
    }

    // ---- startLockupPeriod ---------------------------------------------------------------------

    function test_startLockup_sendsFundsByAllocationAndSnapshots() public {
        _addDefaultWallets();
        vm.warp(1_000_000);
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.LockupStarted(FUTURES, 1, 4_001 * USDC, 1_000_000, 1_000_000 + LOCKUP);
        vm.prank(admin);
        fund.startLockupPeriod(FUTURES);

        // 60% rounds down; the last wallet receives the remainder so nothing stays behind.
        assertEq(token.balanceOf(traderA), 4_001 * USDC * 6_000 / 10_000);
        assertEq(token.balanceOf(traderB), 4_001 * USDC - 4_001 * USDC * 6_000 / 10_000);
        assertEq(token.balanceOf(address(fund)), 0);
        (uint256 totalFunds, uint256 start, uint256 end, bool locked, uint256 pre, uint256 post, uint256 profit) =
            fund.investmentPools(1);
        assertEq(totalFunds, 4_001 * USDC);
        assertEq(start, 1_000_000);
        assertEq(end, 1_000_000 + LOCKUP);
        assertTrue(locked);
        assertEq(pre, 4_001 * USDC);
        assertEq(post, 0);
        assertEq(profit, 0);
        assertEq(fund.totalOwed(), 0, "nothing is owed from the contract's balance while funds are out");
    }

    function test_RevertIf_startLockupWithoutCompleteAllocation() public {
        vm.prank(admin);
        vm.expectRevert(_err(IInvestmentFund.AllocationIncomplete.selector, 0));
        fund.startLockupPeriod(FUTURES);
        vm.prank(admin);
        fund.addTradingWallet(FUTURES, traderA, "Futures", 6_000);
        vm.prank(admin);
        vm.expectRevert(_err(IInvestmentFund.AllocationIncomplete.selector, 6_000));
        fund.startLockupPeriod(FUTURES);
    }

    function test_RevertIf_startLockupTwice() public {
        _lock();
        vm.prank(admin);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.startLockupPeriod(FUTURES);
    }

    function test_RevertIf_startLockupOnEmptyPool() public {
        _lock();
        _settle(4_001 * USDC);
        vm.prank(admin);
        vm.expectRevert(_sel(IInvestmentFund.EmptyPool.selector));
        fund.startLockupPeriod(FUTURES);
    }

    function test_RevertIf_startLockupInEmergency() public {
        _addDefaultWallets();
        vm.startPrank(admin);
        fund.setEmergencyState(true);
        vm.expectRevert(_sel(IInvestmentFund.EmergencyActive.selector));
        fund.startLockupPeriod(FUTURES);
        vm.stopPrank();
    }

    function test_startLockup_usesCurrentLockupDuration() public {
        vm.prank(admin);
        fund.setLockupPeriodDuration(FUTURES, 7 days);
        _lock();
        (, uint256 start, uint256 end,,,,) = fund.investmentPools(1);
        assertEq(end - start, 7 days);
    }

    // ---- collectFundsFromTradingWallet ---------------------------------------------------------

    function test_collect_creditsPoolAndEmits() public {
        _lock();
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.FundsCollected(1, traderA, 500 * USDC);
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 500 * USDC);
        assertEq(_collected(1), 500 * USDC);
        assertEq(fund.totalOwed(), 500 * USDC);
        vm.prank(admin); // admins may collect too
        fund.collectFundsFromTradingWallet(FUTURES, traderB, 100 * USDC);
        assertEq(_collected(1), 600 * USDC);
    }

    function test_RevertIf_collectWhileOpen() public {
        _addDefaultWallets();
        vm.prank(operator);
        vm.expectRevert(_err(IInvestmentFund.PoolNotLocked.selector, 1));
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 1);
    }

    function test_RevertIf_collectFromUnknownWallet() public {
        _lock();
        token.mint(stranger, 100 * USDC);
        _approveFundFrom(stranger);
        vm.prank(operator);
        vm.expectRevert(_errAddr(IInvestmentFund.TradingWalletNotFound.selector, stranger));
        fund.collectFundsFromTradingWallet(FUTURES, stranger, 100 * USDC);
    }

    function test_RevertIf_collectNothing() public {
        _lock();
        vm.prank(operator);
        vm.expectRevert(_sel(IInvestmentFund.NothingReceived.selector));
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 0);
    }

    // ---- endLockupPeriod -----------------------------------------------------------------------

    function test_endLockup_settlesWithProfitAndOpensNextPool() public {
        _lock();
        uint256 returned = 4_401 * USDC; // 400 profit
        token.mint(traderA, 400 * USDC);
        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, token.balanceOf(traderA));
        fund.collectFundsFromTradingWallet(FUTURES, traderB, token.balanceOf(traderB));
        vm.stopPrank();
        vm.warp(block.timestamp + LOCKUP);

        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.ProfitDistributed(
            FUTURES, 1, returned, 400 * USDC, 80 * USDC, returned - 80 * USDC, 0, REPORT
        );
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.PoolOpened(FUTURES, 3, 2);
        vm.prank(operator);
        fund.endLockupPeriod(FUTURES, returned, REPORT);

        assertEq(fund.getPoolInfo(1).reportHash, REPORT, "the pool keeps its report's hash");
        (uint256 totalFunds,,, bool locked, uint256 pre, uint256 post, uint256 profit) = fund.investmentPools(1);
        assertEq(totalFunds, 4_001 * USDC);
        assertFalse(locked);
        assertEq(pre, 4_001 * USDC);
        assertEq(post, returned - 80 * USDC);
        assertEq(profit, 400 * USDC);
        assertTrue(_settled(1));
        assertEq(fund.fundFeesAccrued(), 80 * USDC);
        assertEq(uint256(fund.poolState(1)), uint256(IInvestmentFund.PoolState.Settled));
        (uint256 poolId, uint256 newTotal, bool newLocked, uint256 newEnd) = fund.getCurrentPoolData(FUTURES);
        assertEq(poolId, 3, "pool 2 is vault 2's first pool: vault 1's next pool is pool 3");
        assertEq(fund.getVault(FUTURES).round, 2);
        assertEq(newTotal, 0);
        assertFalse(newLocked);
        assertEq(newEnd, 0);
        assertEq(fund.totalOwed(), post + 80 * USDC);
        (address[] memory wallets,,) = fund.getTradingWallets(3);
        assertEq(wallets.length, 2, "the next pool inherits the trading wallets");
    }

    function test_endLockup_lossHasNoFeeAndUpdatesStatistics() public {
        _lock();
        _settle(3_000 * USDC);
        (,,,,, uint256 post, uint256 profit) = fund.investmentPools(1);
        assertEq(post, 3_000 * USDC);
        assertEq(profit, 0);
        assertEq(fund.fundFeesAccrued(), 0);
        (uint256 total, uint256 average, uint256 highest, uint256 profitable) = fund.getProfitStatistics();
        assertEq(total, 0);
        assertEq(average, 0);
        assertEq(highest, 0);
        assertEq(profitable, 0);
    }

    function test_profitStatistics_acrossPools() public {
        _lock();
        _settle(4_501 * USDC); // +500
        vm.prank(alice);
        fund.withdraw(FUTURES);
        vm.prank(bob);
        fund.withdraw(FUTURES);
        _invest(alice, 1_000 * USDC);
        _lock();
        _settle(900 * USDC); // loss
        vm.prank(alice);
        fund.withdraw(FUTURES);
        _invest(carol, 2_000 * USDC);
        _lock();
        _settle(2_100 * USDC); // +100
        (uint256 total, uint256 average, uint256 highest, uint256 profitable) = fund.getProfitStatistics();
        assertEq(total, 600 * USDC);
        assertEq(average, 200 * USDC);
        assertEq(highest, 500 * USDC);
        assertEq(profitable, 2);
        assertEq(_currentPool(), 5, "vault 2 never settled: vault 1's pools are 1, 3, 4, 5");
    }

    function test_RevertIf_endLockupBeforeEnd() public {
        _lock();
        (,, uint256 end,,,,) = fund.investmentPools(1);
        vm.warp(end - 1);
        vm.prank(operator);
        vm.expectRevert(_err(IInvestmentFund.LockupNotEnded.selector, end));
        fund.endLockupPeriodAtLoss(FUTURES, 0, REPORT);
    }

    function test_RevertIf_endLockupReportsMoreThanCollected() public {
        _lock();
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 1_000 * USDC);
        vm.warp(block.timestamp + LOCKUP);
        vm.prank(operator);
        vm.expectRevert(
            abi.encodeWithSelector(IInvestmentFund.ReturnedAmountMismatch.selector, 5_000 * USDC, 1_000 * USDC)
        );
        fund.endLockupPeriod(FUTURES, 5_000 * USDC, REPORT);
    }

    function test_RevertIf_endLockupReportsLessThanCollected() public {
        _lock();
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 1_000 * USDC);
        vm.warp(block.timestamp + LOCKUP);
        vm.prank(operator);
        vm.expectRevert(
            abi.encodeWithSelector(IInvestmentFund.ReturnedAmountMismatch.selector, 999 * USDC, 1_000 * USDC)
        );
        fund.endLockupPeriod(FUTURES, 999 * USDC, REPORT);
    }

    function test_RevertIf_settlementCarriesNoReport() public {
        _lock();
        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, token.balanceOf(traderA));
        vm.warp(block.timestamp + LOCKUP);
        uint256 collected = fund.getPoolInfo(1).collected; // trader B's part stays out: a loss
        vm.expectRevert(IInvestmentFund.ReportMissing.selector);
        fund.endLockupPeriodAtLoss(FUTURES, collected, bytes32(0));
        fund.collectFundsFromTradingWallet(FUTURES, traderB, token.balanceOf(traderB));
        collected = fund.getPoolInfo(1).collected;
        vm.expectRevert(IInvestmentFund.ReportMissing.selector);
        fund.endLockupPeriod(FUTURES, collected, bytes32(0));
        vm.stopPrank();
        assertEq(fund.getPoolInfo(1).reportHash, bytes32(0));
        assertEq(uint256(fund.poolState(1)), uint256(IInvestmentFund.PoolState.Locked));
    }

    function test_RevertIf_endLockupWhileOpen() public {
        vm.prank(operator);
        vm.expectRevert(_err(IInvestmentFund.PoolNotLocked.selector, 1));
        fund.endLockupPeriod(FUTURES, 0, REPORT);
    }

    function test_sweepExcess_sendsOnlyWhatIsNotOwed() public {
        token.mint(address(fund), 7 * USDC); // sent by mistake
        assertEq(fund.totalOwed(), 4_001 * USDC);
        vm.expectEmit(true, false, false, true, address(fund));
        emit IInvestmentFund.ExcessSwept(fundWallet, 7 * USDC);
        vm.prank(admin);
        fund.sweepExcess();
        assertEq(token.balanceOf(fundWallet), 7 * USDC);
        assertEq(token.balanceOf(address(fund)), 4_001 * USDC);
        vm.prank(admin);
        vm.expectRevert(_sel(IInvestmentFund.NoExcess.selector));
        fund.sweepExcess();
    }

    // ---- loss confirmation ---------------------------------------------------------------------

    function test_RevertIf_lossNotConfirmed() public {
        _lock();
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 2_000 * USDC);
        vm.warp(block.timestamp + LOCKUP);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LossNotConfirmed.selector, 4_001 * USDC, 2_000 * USDC));
        fund.endLockupPeriod(FUTURES, 2_000 * USDC, REPORT);
        vm.prank(operator);
        fund.endLockupPeriodAtLoss(FUTURES, 2_000 * USDC, REPORT);
        assertTrue(_settled(1));
        assertEq(_pool(1).postLockupTotal, 2_000 * USDC);
        assertEq(_pool(1).fundFee, 0);
    }

    function test_RevertIf_settleAtZeroWithoutConfirmation() public {
        _lock();
        vm.warp(block.timestamp + LOCKUP);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LossNotConfirmed.selector, 4_001 * USDC, 0));
        fund.endLockupPeriod(FUTURES, 0, REPORT);
    }

    function test_RevertIf_confirmedLossIsNotALoss() public {
        _lock();
        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, token.balanceOf(traderA));
        fund.collectFundsFromTradingWallet(FUTURES, traderB, token.balanceOf(traderB));
        vm.warp(block.timestamp + LOCKUP);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.NotALoss.selector, 4_001 * USDC, 4_001 * USDC));
        fund.endLockupPeriodAtLoss(FUTURES, 4_001 * USDC, REPORT);
        fund.endLockupPeriod(FUTURES, 4_001 * USDC, REPORT); // break-even is not a loss
        vm.stopPrank();
        assertEq(_pool(1).profitGenerated, 0);
    }

    function testFuzz_settlementEntryMatchesResult(uint256 returned) public {
        returned = bound(returned, 0, 10_000 * USDC);
        _lock();
        uint256 held = token.balanceOf(traderA) + token.balanceOf(traderB);
        if (returned > held) token.mint(traderA, returned - held);
        uint256 fromA = returned < token.balanceOf(traderA) ? returned : token.balanceOf(traderA);
        vm.startPrank(operator);
        if (fromA != 0) fund.collectFundsFromTradingWallet(FUTURES, traderA, fromA);
        if (returned > fromA) fund.collectFundsFromTradingWallet(FUTURES, traderB, returned - fromA);
        vm.warp(block.timestamp + LOCKUP);
        bool loss = returned < 4_001 * USDC;
        vm.expectRevert(
            abi.encodeWithSelector(
                loss ? IInvestmentFund.LossNotConfirmed.selector : IInvestmentFund.NotALoss.selector,
                4_001 * USDC,
                returned
            )
        );
        if (loss) fund.endLockupPeriod(FUTURES, returned, REPORT);
        else fund.endLockupPeriodAtLoss(FUTURES, returned, REPORT);
        if (loss) fund.endLockupPeriodAtLoss(FUTURES, returned, REPORT);
        else fund.endLockupPeriod(FUTURES, returned, REPORT);
        vm.stopPrank();
        assertEq(_pool(1).collected, returned);
        assertEq(_pool(1).postLockupTotal + _pool(1).fundFee, returned);
    }
}
