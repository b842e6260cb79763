// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";

import {FundFixture} from "../FundFixture.sol";
import {IInvestmentFund} from "../../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {FundViewsCalls} from "../utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Nobody can block another investor's exit: not the admin's whitelist, not other investors, not a
/// donation, not a trading wallet that refuses to pay back (which only costs its own pool).
contract AdversarialGriefingTest is FundFixture {
    function setUp() public override {
        super.setUp();
        _addDefaultWallets();
    }

    function _emergencyOn() internal {
        vm.prank(admin);
        fund.setEmergencyState(true);
    }

    /// @dev The fund holds at least what it owes.
    function _assertSolvent() internal view {
        assertGe(token.balanceOf(address(fund)), fund.totalOwed(), "insolvent");
    }

    // ---- delisting ---------------------------------------------------------------------------

    /// @notice A delisted investor still withdraws their settled share.
    function test_delistedInvestor_canStillWithdraw() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 1_000 * USDC);
        _lock();
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(alice);
        _settle(2_500 * USDC); // 500 profit: 100 fee, 2,400 to investors
        vm.prank(alice);
        assertEq(fund.withdraw(FUTURES), 1_200 * USDC);
        assertEq(token.balanceOf(alice), 1_200 * USDC);
        assertFalse(fund.isWhitelisted(alice));
    }

    /// @notice A delisted investor still gets their open-pool principal back in an emergency.
    function test_delistedInvestor_canStillEmergencyWithdraw() public {
        _invest(alice, 1_000 * USDC);
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(alice);
        _emergencyOn();
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(FUTURES), 1_000 * USDC);
        assertEq(token.balanceOf(alice), 1_000 * USDC);
    }

    /// @notice A delisted investor keeps the power they already had and can vote with it.
    function test_delistedInvestor_canStillVote() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 500 * USDC);
        _nextBlock();
        uint256 id = _propose(bob, "Delist-proof", 1 days);
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(alice);
        vm.prank(alice);
        governor.vote(id, true);
        (,, uint256 votesFor,,,,,) = governor.getProposalDetails(id);
        assertEq(votesFor, 1_000 * USDC);
    }

    // ---- other investors ---------------------------------------------------------------------

    /// @notice In an emergency, whatever other investors do first (exit, donate, vote), alice exits in full.
    function test_emergencyWithdraw_notBlockedByOtherInvestors() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 3_000 * USDC);
        _invest(carol, 2_000 * USDC);
        _nextBlock();
        uint256 id = _propose(bob, "Distraction", 1 days);
        _emergencyOn();

        vm.prank(bob);
        fund.emergencyWithdraw(FUTURES);
        vm.prank(carol);
        governor.vote(id, false);
        token.mint(carol, 5 * USDC);
        vm.prank(carol);
        assertTrue(token.transfer(address(fund), 5 * USDC)); // a donation
        vm.prank(carol);
        fund.emergencyWithdraw(FUTURES);
        vm.prank(bob);
        vm.expectRevert(IInvestmentFund.NothingToWithdraw.selector);
        fund.emergencyWithdraw(FUTURES); // bob's second try changes nothing

        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(FUTURES), 1_000 * USDC);
        assertEq(token.balanceOf(alice), 1_000 * USDC);
        _assertSolvent();
        assertEq(fund.totalOwed(), 0);
    }

    /// @notice During an emergency the admin cannot lock the pool, so exits cannot be front-run by a lockup.
    function test_RevertIf_lockDuringEmergencyToTrapExits() public {
        _invest(alice, 1_000 * USDC);
        _emergencyOn();
        vm.prank(admin);
        vm.expectRevert(IInvestmentFund.EmergencyActive.selector);
        fund.startLockupPeriod(FUTURES);
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(FUTURES), 1_000 * USDC);
    }

    /// @notice Exits in any order, settled and open positions mixed, each pay exactly their amount (fuzzed).
    function testFuzz_exitOrderDoesNotMatter(uint256 a, uint256 b, uint256 c, uint256 returnedBps, uint8 order) public {
        a = bound(a, MINIMUM, 1e9 * USDC);
        b = bound(b, MINIMUM, 1e9 * USDC);
        c = bound(c, MINIMUM, 1e9 * USDC);
        returnedBps = bound(returnedBps, 0, 20_000);
        _invest(alice, a);
        _invest(bob, b);
        _lock();
        _settle((a + b) * returnedBps / 10_000);
        _invest(carol, c); // vault 1's open pool 3
        uint256 owedAlice = fund.getPosition(alice, FUTURES).withdrawable;
        uint256 owedBob = fund.getPosition(bob, FUTURES).withdrawable;
        _emergencyOn();

        address[3] memory who = [alice, bob, carol];
        uint256[3] memory owed = [owedAlice, owedBob, c];
        uint256 first = order % 3;
        for (uint256 k; k < 3; ++k) {
            uint256 i = (first + k) % 3;
            vm.prank(who[i]);
            // Every exit works with either function during an emergency (an open pool refunds).
            uint256 paid = (order >> (k + 2)) % 2 == 0 ? fund.withdraw(FUTURES) : fund.emergencyWithdraw(FUTURES);
            assertEq(paid, owed[i]);
            _assertSolvent();
        }
    }

    /// @notice A settled investor withdraws while the next pool is locked; the locked pool is unaffected.
    function test_withdraw_worksWhileNextPoolLocked() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        _settle(1_000 * USDC);
        _invest(bob, 2_000 * USDC);
        _lock();
        vm.prank(alice);
        assertEq(fund.withdraw(FUTURES), 1_000 * USDC);
        _settle(2_000 * USDC);
        vm.prank(bob);
        assertEq(fund.withdraw(FUTURES), 2_000 * USDC);
    }

    /// @notice A donation during lockup neither blocks settlement nor changes payouts; only the admin can sweep it.
    function test_donationDuringLockup_doesNotBlockSettlement() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        token.mint(stranger, 7 * USDC);
        vm.prank(stranger);
        assertTrue(token.transfer(address(fund), 7 * USDC));
        _settle(1_000 * USDC);
        assertEq(fund.getPosition(alice, FUTURES).withdrawable, 1_000 * USDC);
        vm.prank(admin);
        fund.sweepExcess();
        assertEq(token.balanceOf(fundWallet), 7 * USDC);
        vm.prank(alice);
        assertEq(fund.withdraw(FUTURES), 1_000 * USDC);
    }

    // ---- a trading wallet that refuses to pay back ---------------------------------------------

    /// @notice If one wallet refuses to return funds, only that call fails; the operator settles with what was
    /// collected, the loss is shared pro rata, and everyone can exit.
    function test_refusingTradingWallet_onlyCostsItsPool() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 3_000 * USDC);
        _lock(); // traderA 2,400, traderB 1,600
        vm.prank(traderB);
        token.approve(address(fund), 0); // refuses

        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 2_400 * USDC);
        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientAllowance.selector, address(fund), 0, 1_600 * USDC)
        );
        fund.collectFundsFromTradingWallet(FUTURES, traderB, 1_600 * USDC);
        vm.warp(block.timestamp + LOCKUP);
        fund.endLockupPeriodAtLoss(FUTURES, 2_400 * USDC, REPORT);
        vm.stopPrank();

        assertEq(fund.getPosition(alice, FUTURES).withdrawable, 600 * USDC);
        assertEq(fund.getPosition(bob, FUTURES).withdrawable, 1_800 * USDC);
        vm.prank(alice);
        assertEq(fund.withdraw(FUTURES), 600 * USDC);
        vm.prank(bob);
        assertEq(fund.withdraw(FUTURES), 1_800 * USDC);

        // The next pool, without the refusing wallet, is paid in full.
        vm.prank(admin);
        fund.removeTradingWallet(FUTURES, 1);
        address traderC = makeAddr("traderC");
        vm.prank(admin);
        fund.addTradingWallet(FUTURES, traderC, "Replacement", 4_000);
        _approveFundFrom(traderC);
        _invest(carol, 2_000 * USDC);
        _lock();
        _settle(2_000 * USDC);
        vm.prank(carol);
        assertEq(fund.withdraw(FUTURES), 2_000 * USDC);
        assertEq(token.balanceOf(traderB), 1_600 * USDC); // the refused funds never touched pool 2
    }

    /// @notice In an emergency, a refusing wallet does not trap the pool: the operator settles early with what
    /// was collected and investors exit through `emergencyWithdraw`.
    function test_refusingTradingWallet_emergencySettlesEarly() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        vm.prank(traderB);
        token.approve(address(fund), 0);
        _emergencyOn();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.PoolLocked.selector, 1));
        fund.emergencyWithdraw(FUTURES);

        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 600 * USDC);
        fund.endLockupPeriodAtLoss(FUTURES, 600 * USDC, REPORT); // before the lockup end: allowed in an emergency
        vm.stopPrank();
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(FUTURES), 600 * USDC);
    }

    /// @notice QUESTIONABLE: funds a wallet returns after settlement are not owed to the pool's investors; they
    /// count as excess and an admin's sweep sends them to the fund wallet.
    function test_lateReturnAfterSettlement_becomesSweepableExcess() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, 600 * USDC);
        vm.warp(block.timestamp + LOCKUP);
        vm.prank(operator);
        fund.endLockupPeriodAtLoss(FUTURES, 600 * USDC, REPORT);
        vm.prank(traderB);
        assertTrue(token.transfer(address(fund), 400 * USDC)); // the late wallet pays back directly
        assertEq(fund.getPosition(alice, FUTURES).withdrawable, 600 * USDC);
        vm.prank(admin);
        fund.sweepExcess();
        assertEq(token.balanceOf(fundWallet), 400 * USDC);
        vm.prank(alice);
        assertEq(fund.withdraw(FUTURES), 600 * USDC);
    }

    // ---- a fund wallet that cannot receive -----------------------------------------------------

    /// @notice Settlement never transfers to the fund wallet, so a fund wallet that cannot receive cannot block
    /// it (see FundFees.t.sol for a token that blacklists the fund wallet).
    function test_settlement_doesNotPayTheFundWallet() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        _settle(1_500 * USDC);
        assertEq(token.balanceOf(fundWallet), 0);
        assertEq(fund.fundFeesAccrued(), 100 * USDC);
    }

    // ---- the other vault ---------------------------------------------------------------------

    /// @notice A vault whose round is stuck (a wallet never pays back) blocks neither the other vault's rounds
    /// nor anyone's exit from it.
    function test_stuckVault_doesNotBlockOtherVault() public {
        _invest(alice, 1_000 * USDC);
        _lock(); // vault 1 locked; its wallets never return
        _investIn(NFT, bob, 2_000 * USDC);
        _round(NFT, 2_200 * USDC);
        _investIn(NFT, carol, 500 * USDC);
        assertEq(_withdrawFrom(NFT, bob), 2_160 * USDC);
        assertEq(_withdrawFrom(NFT, carol), 500 * USDC);
        assertEq(fund.currentPoolId(FUTURES), 1);
        assertEq(uint256(fund.poolState(1)), 2); // still locked
        _assertSolvent();
    }
}
