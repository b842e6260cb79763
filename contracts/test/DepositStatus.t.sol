// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice `getDepositStatus` says what `invest` would do: open exactly when the deposit goes through, and otherwise
/// the reason `invest` refuses it with, and until when.
contract DepositStatusTest is FundFixture {
    address internal guardian = makeAddr("guardian");

    function setUp() public override {
        super.setUp();
        bytes32 guardianRole = fund.GUARDIAN_ROLE();
        vm.prank(admin);
        fund.grantRole(guardianRole, guardian);
    }

    function _status(address account, uint256 amount) internal view returns (IInvestmentFund.DepositStatus) {
        return fund.getDepositStatus(FUTURES, account, amount).status;
    }

    /// @dev The view's answer, then `invest` itself: open ⇔ it goes through, else it reverts with `refusal`.
    function _agrees(address account, uint256 amount, IInvestmentFund.DepositStatus expected, bytes memory refusal)
        internal
    {
        assertEq(uint256(_status(account, amount)), uint256(expected), "status");
        token.mint(account, amount);
        vm.startPrank(account);
        token.approve(address(fund), amount);
        if (expected != IInvestmentFund.DepositStatus.Open) vm.expectRevert(refusal);
        fund.invest(FUTURES, amount);
        vm.stopPrank();
    }

    function test_eachReason_matchesWhatInvestDoes() public {
        _agrees(
            alice,
            1_000 * USDC,
            IInvestmentFund.DepositStatus.NotWhitelisted,
            _errAddr(IInvestmentFund.NotWhitelisted.selector, alice)
        );
        _whitelist(alice);
        _agrees(
            alice,
            MINIMUM - 1,
            IInvestmentFund.DepositStatus.BelowMinimum,
            abi.encodeWithSelector(IInvestmentFund.BelowMinimumInvestment.selector, MINIMUM - 1, MINIMUM)
        );
        assertEq(fund.getDepositStatus(FUTURES, alice, 0).minimumInvestment, MINIMUM);
        _agrees(alice, MINIMUM, IInvestmentFund.DepositStatus.Open, "");

        vm.prank(guardian);
        fund.setPaused(FUTURES, true);
        _agrees(
            alice, MINIMUM, IInvestmentFund.DepositStatus.Paused, _err(IInvestmentFund.VaultPaused.selector, FUTURES)
        );
        vm.prank(admin);
        fund.setPaused(FUTURES, false);

        _lock();
        uint256 end = _pool(1).lockupEndTime;
        IInvestmentFund.DepositCheck memory locked = fund.getDepositStatus(FUTURES, alice, MINIMUM);
        assertEq(uint256(locked.status), uint256(IInvestmentFund.DepositStatus.Locked));
        assertEq(locked.until, end, "until the lockup's end");
        _agrees(alice, MINIMUM, IInvestmentFund.DepositStatus.Locked, _err(POOL_LOCKED, 1));

        // A proposed settlement that becomes final after the lockup's end moves the time.
        vm.prank(admin);
        fund.setChallengeWindow(FUTURES, 2 days);
        _settle(MINIMUM);
        assertEq(fund.getDepositStatus(FUTURES, alice, MINIMUM).until, end + 2 days);
        vm.warp(end + 2 days);
        fund.finalizeSettlement(FUTURES);

        // Alice's round-1 payout waits in pool 1: a new deposit must wait until she takes it.
        _agrees(
            alice,
            MINIMUM,
            IInvestmentFund.DepositStatus.UnwithdrawnPosition,
            _err(IInvestmentFund.UnwithdrawnPosition.selector, 1)
        );
        _withdraw(alice);
        _agrees(alice, MINIMUM, IInvestmentFund.DepositStatus.Open, "");

        vm.prank(guardian);
        fund.windDown(FUTURES);
        _agrees(
            alice,
            MINIMUM,
            IInvestmentFund.DepositStatus.WindingDown,
            _err(IInvestmentFund.VaultWindingDown.selector, FUTURES)
        );
        vm.prank(guardian);
        fund.setEmergencyState(true);
        _agrees(alice, MINIMUM, IInvestmentFund.DepositStatus.Emergency, _sel(IInvestmentFund.EmergencyActive.selector));
    }

    function test_unknownVault_reverts() public {
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultNotFound.selector, 9));
        fund.getDepositStatus(9, alice, 1);
    }
}
