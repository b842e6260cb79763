// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

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
        (uint256 poolId, uint256 totalFunds, bool locked,) = fund.getCurrentPoolData(FUTURES);
        assertEq(poolId, 1);
        assertEq(totalFunds, 1_000 * USDC);
        assertFalse(locked);
        assertEq(token.balanceOf(address(fund)), 1_000 * USDC);
        assertEq(_positionPool(alice), 1);
        assertEq(fund.totalOwed(), 1_000 * USDC);
    }

    function test_invest_repeatAddsToPrincipal() public {
        _invest(alice, 1_000 * USDC);
        _nextBlock();
        _invest(alice, 500 * USDC);
        _invest(bob, 200 * USDC);
        assertEq(_invested(alice), 1_500 * USDC);
        (, uint256 totalFunds,,) = fund.getCurrentPoolData(FUTURES);
        assertEq(totalFunds, 1_700 * USDC);
    }

    function test_invest_emitsInvested() public {
        _whitelist(alice);
        token.mint(alice, MINIMUM);
        vm.startPrank(alice);
        token.approve(address(fund), MINIMUM);
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.Invested(alice, FUTURES, 1, MINIMUM, MINIMUM);
        fund.invest(FUTURES, MINIMUM);
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
        fund.invest(FUTURES, MINIMUM);
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
        fund.invest(FUTURES, MINIMUM);
        vm.stopPrank();
    }

    function testFuzz_RevertIf_belowMinimumInvestment(uint256 amount) public {
        amount = bound(amount, 0, MINIMUM - 1);
        _whitelist(alice);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.BelowMinimumInvestment.selector, amount, MINIMUM));
        fund.invest(FUTURES, amount);
    }

    function test_RevertIf_poolLocked() public {
        _invest(alice, MINIMUM);
        _lock();
        _whitelist(bob);
        token.mint(bob, MINIMUM);
        vm.startPrank(bob);
        token.approve(address(fund), MINIMUM);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.invest(FUTURES, MINIMUM);
        vm.stopPrank();
    }

    function test_RevertIf_emergencyActive() public {
        _whitelist(alice);
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(alice);
        vm.expectRevert(_sel(IInvestmentFund.EmergencyActive.selector));
        fund.invest(FUTURES, MINIMUM);
    }

    function test_RevertIf_allowanceTooLow() public {
        _whitelist(alice);
        token.mint(alice, MINIMUM);
        vm.prank(alice);
        vm.expectRevert();
        fund.invest(FUTURES, MINIMUM);
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
        fund.invest(FUTURES, MINIMUM);
        // After withdrawing the settled pool, the same investor may invest into the vault's next pool.
        fund.withdraw(FUTURES);
        fund.invest(FUTURES, MINIMUM);
        vm.stopPrank();
        assertEq(_positionPool(alice), 3, "vault 1's second pool is pool 3");
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

    function test_invest_buysSharesAtPoolStartPrice() public {
        _invest(alice, 1_000 * USDC);
        IInvestmentFund.PositionInfo memory position = _position(alice, FUTURES);
        assertEq(position.poolId, 1);
        assertEq(position.shares, 1_000 * USDC, "the first pool sells one share per token unit");
        assertEq(position.principal, 1_000 * USDC);
        assertEq(position.value, 1_000 * USDC);
        assertEq(position.withdrawable, 1_000 * USDC, "an open pool refunds");
        assertEq(uint256(position.poolState), uint256(IInvestmentFund.PoolState.Open));
        assertEq(fund.getPoolInfo(1).totalShares, 1_000 * USDC);
        assertEq(fund.getPoolInfo(1).startSharePrice, fund.SHARE_PRICE_SCALE());
    }

    function test_invest_secondVaultUsesItsOwnPool() public {
        _investIn(NFT, alice, 700 * USDC);
        (uint256 poolId, uint256 totalFunds,,) = fund.getCurrentPoolData(NFT);
        assertEq(poolId, 2);
        assertEq(totalFunds, 700 * USDC);
        (, uint256 futuresFunds,,) = fund.getCurrentPoolData(FUTURES);
        assertEq(futuresFunds, 0);
        assertEq(_position(alice, NFT).poolId, 2);
        assertEq(_position(alice, FUTURES).shares, 0);
    }

    function testFuzz_RevertIf_vaultNotFound(uint256 vaultId) public {
        vm.assume(vaultId == 0 || vaultId > 2);
        _whitelist(alice);
        vm.prank(alice);
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, vaultId));
        fund.invest(vaultId, MINIMUM);
    }

    function test_RevertIf_belowVaultsOwnMinimum() public {
        vm.prank(admin);
        fund.setMinimumInvestment(NFT, 500 * USDC);
        _invest(alice, MINIMUM); // vault 1 keeps its minimum
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.BelowMinimumInvestment.selector, MINIMUM, 500 * USDC));
        fund.invest(NFT, MINIMUM);
    }

    /// @notice `invest` decodes the vault's first storage slot by hand (`_loadVaultHead`): every field it holds
    /// must read back exactly, at the edges of its width, in a pool that is not the vault's first.
    function test_vaultHead_matchesStorage() public {
        _invest(alice, 1_000 * USDC);
        vm.prank(alice);
        fund.setRollOver(FUTURES, true);
        _lock();
        _settle(1_500 * USDC); // alice rolls: pool 3 starts at 1.4e18 (1,400 of 1,000 shares after the fee)
        uint256 price = fund.getPoolInfo(3).startSharePrice;
        assertEq(price, 1.4e18);
        uint256 maxMinimum = type(uint88).max;
        vm.prank(admin);
        fund.setMinimumInvestment(FUTURES, maxMinimum);
        _whitelist(carol);
        vm.prank(carol);
        vm.expectRevert(
            abi.encodeWithSelector(IInvestmentFund.BelowMinimumInvestment.selector, maxMinimum - 1, maxMinimum)
        );
        fund.invest(FUTURES, maxMinimum - 1);

        vm.prank(admin);
        fund.setMinimumInvestment(FUTURES, MINIMUM);
        _invest(carol, MINIMUM);
        assertEq(fund.getPosition(carol, FUTURES).poolId, 3, "the current pool id");
        assertEq(fund.getPosition(carol, FUTURES).shares, MINIMUM * 1e18 / price, "shares at the pool's start price");
        vm.prank(admin);
        fund.setEmergencyState(true);
        vm.prank(carol);
        vm.expectRevert(IInvestmentFund.EmergencyActive.selector);
        fund.invest(FUTURES, MINIMUM);
    }
}
