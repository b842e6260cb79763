// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";

/// @notice `invest`: who may invest, when, how much, and what gets credited.
contract InvestTest is FundFixture {
    function test_invest_creditsPositionPoolAndVotingPower() public {
        _invest(alice, 1_000 * USDC);

        (uint256 invested, uint256 lastWithdrawn, bool withdrawnCurrent, uint256 totalWithdrawn, uint256 power) =
            fund.getInvestorData(alice);
        assertEq(invested, 1_000 * USDC);
        assertEq(lastWithdrawn, 0);
        assertFalse(withdrawnCurrent);
        assertEq(totalWithdrawn, 0);
        assertEq(power, 1_000 * USDC);
        (uint256 poolId, uint256 totalFunds, bool locked,) = fund.getCurrentPoolData();
        assertEq(poolId, 1);
        assertEq(totalFunds, 1_000 * USDC);
        assertFalse(locked);
        assertEq(token.balanceOf(address(fund)), 1_000 * USDC);
        assertEq(fund.positionPoolOf(alice), 1);
        assertEq(fund.totalOwed(), 1_000 * USDC);
    }

    function test_invest_repeatAddsToPrincipal() public {
        _invest(alice, 1_000 * USDC);
        _nextBlock();
        _invest(alice, 500 * USDC);
        _invest(bob, 200 * USDC);
        assertEq(_invested(alice), 1_500 * USDC);
        (, uint256 totalFunds,,) = fund.getCurrentPoolData();
        assertEq(totalFunds, 1_700 * USDC);
    }

    function test_invest_emitsInvested() public {
        _whitelist(alice);
        token.mint(alice, MINIMUM);
        vm.startPrank(alice);
        token.approve(address(fund), MINIMUM);
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.Invested(alice, 1, MINIMUM);
        fund.invest(MINIMUM);
        vm.stopPrank();
    }

    function testFuzz_invest_anyAmountAtOrAboveMinimum(uint256 amount) public {
        amount = bound(amount, MINIMUM, 1e15 * USDC);
        _invest(alice, amount);
        assertEq(_invested(alice), amount);
        assertEq(token.balanceOf(address(fund)), amount);
    }

    function test_RevertIf_investorNotWhitelisted() public {
        token.mint(stranger, MINIMUM);
        vm.startPrank(stranger);
        token.approve(address(fund), MINIMUM);
        vm.expectRevert(_errAddr(IInvestmentFund.NotWhitelisted.selector, stranger));
        fund.invest(MINIMUM);
        vm.stopPrank();
    }

    function test_RevertIf_investorWasDelisted() public {
        _invest(alice, MINIMUM);
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(alice);
        token.mint(alice, MINIMUM);
        vm.startPrank(alice);
        token.approve(address(fund), MINIMUM);
        vm.expectRevert(_errAddr(IInvestmentFund.NotWhitelisted.selector, alice));
        fund.invest(MINIMUM);
        vm.stopPrank();
    }

    function testFuzz_RevertIf_belowMinimumInvestment(uint256 amount) public {
        amount = bound(amount, 0, MINIMUM - 1);
        _whitelist(alice);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.BelowMinimumInvestment.selector, amount, MINIMUM));
        fund.invest(amount);
    }

    function test_RevertIf_poolLocked() public {
        _invest(alice, MINIMUM);
        _lock();
        _whitelist(bob);
        token.mint(bob, MINIMUM);
        vm.startPrank(bob);
        token.approve(address(fund), MINIMUM);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.invest(MINIMUM);
        vm.stopPrank();
    }

    function test_RevertIf_emergencyActive() public {
        _whitelist(alice);
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(alice);
        vm.expectRevert(_sel(IInvestmentFund.EmergencyActive.selector));
        fund.invest(MINIMUM);
    }

    function test_RevertIf_allowanceTooLow() public {
        _whitelist(alice);
        token.mint(alice, MINIMUM);
        vm.prank(alice);
        vm.expectRevert();
        fund.invest(MINIMUM);
        assertEq(_invested(alice), 0);
    }

    function test_RevertIf_unwithdrawnSettledPosition() public {
        _invest(alice, MINIMUM);
        _lock();
        _settle(MINIMUM);
        token.mint(alice, MINIMUM);
        vm.startPrank(alice);
        token.approve(address(fund), MINIMUM);
        vm.expectRevert(_err(IInvestmentFund.UnwithdrawnPosition.selector, 1));
        fund.invest(MINIMUM);
        // After withdrawing the settled pool, the same investor may invest into pool 2.
        fund.withdraw();
        fund.invest(MINIMUM);
        vm.stopPrank();
        assertEq(fund.positionPoolOf(alice), 2);
        assertEq(_invested(alice), MINIMUM);
    }

    function test_RevertIf_deployedWithZeroAddresses() public {
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        new InvestmentFund(token, address(0), MINIMUM, LOCKUP);
    }

    function test_RevertIf_deployedWithBadSettings() public {
        vm.expectRevert(_sel(IInvestmentFund.InvalidMinimumInvestment.selector));
        new InvestmentFund(token, fundWallet, 0, LOCKUP);
        vm.expectRevert(_err(IInvestmentFund.InvalidLockupPeriodDuration.selector, 1));
        new InvestmentFund(token, fundWallet, MINIMUM, 1);
    }
}
