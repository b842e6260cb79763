// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {FundVaultFacade} from "../src/FundVaultFacade.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";

/// @notice The ERC-4626 / ERC-7540 read facade of a vault follows the investor's position through a round: a deposit
/// is synchronous and refundable, a locked position leaving at settlement is a pending redeem, a settled one claimable.
contract FundVaultFacadeTest is FundFixture {
    FundVaultFacade internal facade;

    function setUp() public override {
        super.setUp();
        facade = new FundVaultFacade(address(fund), FUTURES);
    }

    function test_followsAPositionThroughARound() public {
        assertEq(facade.asset(), address(token));
        assertEq(facade.share(), address(fund));
        assertEq(facade.name(), "Crypto futures trading vault");
        assertEq(facade.maxDeposit(alice), 0, "not whitelisted");
        _invest(alice, 1_000 * USDC);
        _invest(bob, 3_000 * USDC);
        _setRollOver(bob, FUTURES, true);
        assertEq(facade.maxDeposit(alice), type(uint256).max);
        // With caps, the room under the tighter one: 2,000 left in the round, 1,500 for alice under her 2,500.
        vm.prank(admin);
        fund.setCaps(FUTURES, 6_000 * USDC, 2_500 * USDC);
        assertEq(facade.maxDeposit(alice), 1_500 * USDC);
        assertEq(facade.maxDeposit(bob), 0, "bob holds 3,000: above his cap already");
        vm.prank(admin);
        fund.setCaps(FUTURES, 0, 0);
        assertEq(facade.totalAssets(), 4_000 * USDC);
        assertEq(facade.balanceOf(alice), 1_000 * USDC);
        assertEq(facade.maxWithdraw(alice), 1_000 * USDC, "refundable while open");
        assertEq(facade.maxRedeem(alice), 1_000 * USDC);
        assertEq(facade.convertToShares(500 * USDC), 500 * USDC);
        assertEq(facade.pendingDepositRequest(0, alice) + facade.claimableDepositRequest(0, alice), 0);

        _lock();
        assertEq(facade.maxDeposit(carol), 0, "locked");
        assertEq(facade.totalAssets(), 4_000 * USDC);
        assertEq(facade.maxWithdraw(alice), 0);
        assertEq(facade.pendingRedeemRequest(0, alice), 1_000 * USDC, "leaves at settlement");
        assertEq(facade.pendingRedeemRequest(0, bob), 0, "rolls over");

        _settle(4_500 * USDC);
        assertEq(facade.pendingRedeemRequest(0, alice), 0);
        assertEq(facade.claimableRedeemRequest(0, alice), 1_000 * USDC);
        assertEq(facade.maxWithdraw(alice), 1_100 * USDC, "principal and 80% of its profit share");
        // Bob's shares rolled into round 2 at the settlement price: 3,300 worth.
        assertEq(facade.sharePrice(), 1.1e18);
        assertEq(facade.convertToAssets(facade.balanceOf(bob)), 3_300 * USDC);
        assertEq(facade.totalAssets(), 3_300 * USDC);
        _withdraw(alice);
        assertEq(facade.balanceOf(alice), 0);
        assertEq(facade.claimableRedeemRequest(0, alice), 0);
    }

    function test_unknownVault_isRefused() public {
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultNotFound.selector, 7));
        new FundVaultFacade(address(fund), 7);
    }
}
