// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {MockUSDC} from "../src/mocks/MockUSDC.sol";
import {BlacklistToken} from "./mocks/BlacklistToken.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice The fund's share of profits: it accrues at settlement, anyone claims it for the fund wallet, and a
/// fund wallet that cannot receive never blocks a settlement.
contract FundFeesTest is FundFixture {
    function test_fee_accruesAcrossVaultsAndIsClaimedToFundWallet() public {
        _invest(alice, 1_000 * USDC);
        _investIn(NFT, bob, 2_000 * USDC);
        _round(FUTURES, 1_500 * USDC); // 500 profit: 100 fee
        _round(NFT, 1_000 * USDC); // a loss: no fee
        assertEq(fund.fundFeesAccrued(), 100 * USDC);
        assertEq(_pool(1).fundFee, 100 * USDC);
        assertEq(_pool(2).fundFee, 0);
        assertEq(token.balanceOf(fundWallet), 0, "settlement pays nobody");

        vm.expectEmit(true, false, false, true, address(fund));
        emit IInvestmentFund.FundFeesClaimed(fundWallet, 100 * USDC);
        vm.prank(stranger); // anyone may claim; the fee only ever goes to the fund wallet
        assertEq(fund.claimFundFees(), 100 * USDC);
        assertEq(token.balanceOf(fundWallet), 100 * USDC);
        assertEq(fund.fundFeesAccrued(), 0);
        assertEq(fund.totalOwed(), 1_400 * USDC + 1_000 * USDC);
    }

    function test_RevertIf_claimWithNothingAccrued() public {
        vm.expectRevert(_sel(IInvestmentFund.NoFundFees.selector));
        fund.claimFundFees();
        _invest(alice, 1_000 * USDC);
        _round(FUTURES, 1_200 * USDC);
        fund.claimFundFees();
        vm.expectRevert(_sel(IInvestmentFund.NoFundFees.selector));
        fund.claimFundFees();
    }

    function testFuzz_fee_isTwentyPercentOfProfit(uint256 principal, uint256 returned) public {
        principal = bound(principal, MINIMUM, 1e12 * USDC);
        returned = bound(returned, 0, principal * 3);
        _invest(alice, principal);
        _round(FUTURES, returned);
        uint256 expected = returned > principal ? (returned - principal) * 2_000 / 10_000 : 0;
        assertEq(fund.fundFeesAccrued(), expected);
        assertEq(_pool(1).collected, _pool(1).postLockupTotal + _pool(1).fundFee);
        assertEq(_pool(1).profitGenerated, returned > principal ? returned - principal : 0);
    }

    function test_sweepExcess_neverTakesAccruedFees() public {
        _invest(alice, 1_000 * USDC);
        _round(FUTURES, 1_500 * USDC);
        token.mint(address(fund), 3 * USDC);
        vm.prank(admin);
        fund.sweepExcess();
        assertEq(token.balanceOf(fundWallet), 3 * USDC);
        assertEq(fund.fundFeesAccrued(), 100 * USDC);
        fund.claimFundFees();
        assertEq(token.balanceOf(fundWallet), 103 * USDC);
    }
}

/// @notice The fund on a token that blacklists the fund wallet (as USDC can): settlement still goes through,
/// investors still exit, and after `setFundWallet` the fee is claimed to the new wallet.
contract FundFeesBlacklistTest is FundFixture {
    BlacklistToken internal blk;

    function setUp() public override {
        blk = new BlacklistToken();
        token = MockUSDC(address(blk)); // the fixture's helpers only use mint, approve and balanceOf
        _deploy();
    }

    function test_blacklistedFundWallet_neverBlocksSettlement() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        blk.setBlacklisted(fundWallet, true);
        _settle(1_500 * USDC);
        assertTrue(_settled(1));
        assertEq(fund.fundFeesAccrued(), 100 * USDC);
        assertEq(_withdraw(alice), 1_400 * USDC);

        vm.expectRevert(abi.encodeWithSelector(BlacklistToken.Blacklisted.selector, fundWallet));
        fund.claimFundFees();
        assertEq(fund.fundFeesAccrued(), 100 * USDC, "a failed claim keeps the fee");

        address newWallet = makeAddr("newFundWallet");
        vm.prank(admin);
        fund.setFundWallet(newWallet);
        assertEq(fund.claimFundFees(), 100 * USDC);
        assertEq(blk.balanceOf(newWallet), 100 * USDC);
        assertEq(blk.balanceOf(address(fund)), 0);
        assertEq(fund.totalOwed(), 0);
    }

    function test_blacklistedFundWallet_nextRoundsRunOn() public {
        blk.setBlacklisted(fundWallet, true);
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 1_100 * USDC);
        _round(FUTURES, 1_200 * USDC);
        assertEq(fund.getVault(FUTURES).round, 3);
        assertEq(fund.fundFeesAccrued(), 20 * USDC + (1_200 * USDC - 1_080 * USDC) / 5);
        assertGe(blk.balanceOf(address(fund)), fund.totalOwed());
    }
}
