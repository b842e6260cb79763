// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice A vault's caps: of a round's total funds and of one investor's funds in a round (0: none). Adding or
/// lowering one is an admin's, at once; raising or removing one waits in the timelock. `getDepositStatus` says which
/// cap stops a deposit and how much more fits, before any prompt.
contract CapsTest is FundFixture {
    address internal plainAdmin = makeAddr("plainAdmin");

    function setUp() public override {
        super.setUp();
        bytes32 adminRole = fund.ADMIN_ROLE();
        vm.prank(admin);
        fund.grantRole(adminRole, plainAdmin);
        _whitelist(alice);
        _whitelist(bob);
        _whitelist(carol);
    }

    function _setCaps(address by, uint256 depositCap, uint256 investorCap) internal {
        vm.prank(by);
        fund.setCaps(FUTURES, depositCap, investorCap);
    }

    function _tryInvest(address investor, uint256 amount, bytes memory expectedError) internal {
        if (!fund.isWhitelisted(investor)) _whitelist(investor);
        token.mint(investor, amount);
        vm.startPrank(investor);
        token.approve(address(fund), amount);
        vm.expectRevert(expectedError);
        fund.invest(FUTURES, amount);
        vm.stopPrank();
    }

    function _status(address account, uint256 amount) internal view returns (IInvestmentFund.DepositCheck memory) {
        return fund.getDepositStatus(FUTURES, account, amount);
    }

    // ---- who sets them -----------------------------------------------------------------------------------

    function test_newVault_hasNoCaps() public view {
        IInvestmentFund.VaultInfo memory vault = fund.getVault(FUTURES);
        assertEq(vault.depositCap, 0);
        assertEq(vault.investorCap, 0);
        assertEq(_status(alice, MINIMUM).roundRoom, type(uint256).max);
    }

    function test_addOrLower_byAnAdminAtOnce_raiseOrRemove_onlyThroughTheTimelock() public {
        vm.expectEmit(address(fund));
        emit IInvestmentFund.CapsUpdated(FUTURES, 5_000 * USDC, 1_000 * USDC);
        _setCaps(plainAdmin, 5_000 * USDC, 1_000 * USDC); // adding caps only stops deposits
        _setCaps(plainAdmin, 4_000 * USDC, 1_000 * USDC); // lowering too

        bytes32 topRole = fund.DEFAULT_ADMIN_ROLE();
        bytes memory notTop =
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, plainAdmin, topRole);
        vm.prank(plainAdmin);
        vm.expectRevert(notTop);
        fund.setCaps(FUTURES, 4_001 * USDC, 1_000 * USDC); // raising the vault's
        vm.prank(plainAdmin);
        vm.expectRevert(notTop);
        fund.setCaps(FUTURES, 4_000 * USDC, 0); // removing the investor's

        _setCaps(admin, 0, 0); // the top role (the timelock once handed over)
        assertEq(fund.getVault(FUTURES).depositCap, 0);

        bytes32 adminRole = fund.ADMIN_ROLE();
        vm.prank(stranger);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, stranger, adminRole)
        );
        fund.setCaps(FUTURES, 1, 1);
    }

    // ---- the vault's cap ---------------------------------------------------------------------------------

    function test_vaultCap_fillsExactly_thenRefusesWithTheRoomLeft() public {
        _setCaps(admin, 3_000 * USDC, 0);
        _invest(alice, 2_000 * USDC);
        _tryInvest(bob, 1_500 * USDC, abi.encodeWithSelector(IInvestmentFund.VaultCapExceeded.selector, 1_000 * USDC));
        IInvestmentFund.DepositCheck memory check = _status(bob, 1_500 * USDC);
        assertEq(uint256(check.status), uint256(IInvestmentFund.DepositStatus.VaultCapReached));
        assertEq(check.roundRoom, 1_000 * USDC);
        assertEq(uint256(_status(bob, 1_000 * USDC).status), uint256(IInvestmentFund.DepositStatus.Open));

        _invest(bob, 1_000 * USDC); // exactly to the cap
        assertEq(fund.getPoolInfo(1).totalFunds, 3_000 * USDC);
        check = _status(carol, MINIMUM);
        assertEq(uint256(check.status), uint256(IInvestmentFund.DepositStatus.VaultCapReached), "full");
        assertEq(check.roundRoom, 0);
    }

    function test_loweredBelowWhatIsIn_keepsDeposits_refusesNewOnes_roundStillLocksAndSettles() public {
        _invest(alice, 2_000 * USDC);
        _setCaps(plainAdmin, 1_000 * USDC, 0);
        _tryInvest(bob, MINIMUM, abi.encodeWithSelector(IInvestmentFund.VaultCapExceeded.selector, 0));
        assertEq(_position(alice, FUTURES).value, 2_000 * USDC);
        _round(FUTURES, 2_500 * USDC); // the caps bit is not a stop: the round locks and settles
        assertEq(_withdraw(alice), 2_400 * USDC);
        _invest(bob, 1_000 * USDC); // the next round has room again
    }

    function test_emergencyOnAndOff_keepsTheCaps() public {
        _setCaps(admin, 1_000 * USDC, 0);
        vm.startPrank(admin);
        fund.setEmergencyState(true);
        fund.setEmergencyState(false);
        vm.stopPrank();
        _tryInvest(alice, 1_001 * USDC, abi.encodeWithSelector(IInvestmentFund.VaultCapExceeded.selector, 1_000 * USDC));
    }

    // ---- the investor's cap ------------------------------------------------------------------------------

    function test_investorCap_perInvestor_countsWhatTheyHoldInTheRound() public {
        _setCaps(admin, 0, 1_000 * USDC);
        _invest(alice, 600 * USDC);
        _tryInvest(alice, 500 * USDC, abi.encodeWithSelector(IInvestmentFund.InvestorCapExceeded.selector, 400 * USDC));
        IInvestmentFund.DepositCheck memory check = _status(alice, 500 * USDC);
        assertEq(uint256(check.status), uint256(IInvestmentFund.DepositStatus.AboveInvestorCap));
        assertEq(check.investorRoom, 400 * USDC);
        _invest(alice, 400 * USDC);
        _invest(bob, 1_000 * USDC); // another investor has their own room
        assertEq(uint256(_status(alice, MINIMUM).status), uint256(IInvestmentFund.DepositStatus.AboveInvestorCap));
    }

    function test_investorCap_aRolledPositionCountsAtTheRoundsPrice() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 1_500 * USDC); // alice rolls 1,400 into the next round
        _setCaps(admin, 0, 1_500 * USDC);
        assertEq(_status(alice, MINIMUM).investorRoom, 100 * USDC);
        _tryInvest(alice, 101 * USDC, abi.encodeWithSelector(IInvestmentFund.InvestorCapExceeded.selector, 100 * USDC));
        _invest(alice, 100 * USDC);
    }

    function test_bothCaps_theTighterRoomIsAvailable_theVaultsReasonFirst() public {
        _setCaps(admin, 2_000 * USDC, 1_500 * USDC);
        _invest(alice, 1_200 * USDC);
        IInvestmentFund.DepositCheck memory check = _status(alice, 400 * USDC);
        assertEq(check.investorRoom, 300 * USDC, "alice: 300 under her cap");
        assertEq(check.roundRoom, 800 * USDC, "800 under the vault's");
        assertEq(uint256(check.status), uint256(IInvestmentFund.DepositStatus.AboveInvestorCap));
        check = _status(bob, 900 * USDC);
        assertEq(check.roundRoom, 800 * USDC);
        assertEq(uint256(check.status), uint256(IInvestmentFund.DepositStatus.VaultCapReached));
    }

    /// @dev What `getDepositStatus` says is what `invest` does, for any caps and amounts.
    function testFuzz_depositStatus_agreesWithInvest(uint64 depositCap, uint64 investorCap, uint64 first, uint64 amount)
        public
    {
        depositCap = uint64(bound(depositCap, 0, 10_000 * USDC));
        investorCap = uint64(bound(investorCap, 0, 10_000 * USDC));
        first = uint64(bound(first, MINIMUM, 5_000 * USDC));
        amount = uint64(bound(amount, MINIMUM, 10_000 * USDC));
        _invest(alice, first);
        _setCaps(admin, depositCap, investorCap);
        IInvestmentFund.DepositCheck memory check = _status(alice, amount);
        token.mint(alice, amount);
        vm.startPrank(alice);
        token.approve(address(fund), amount);
        try fund.invest(FUTURES, amount) {
            assertEq(uint256(check.status), uint256(IInvestmentFund.DepositStatus.Open), "invested, yet refused");
            assertLe(amount, check.roundRoom);
            assertLe(amount, check.investorRoom);
        } catch {
            assertTrue(check.status != IInvestmentFund.DepositStatus.Open, "refused, yet open");
        }
        vm.stopPrank();
    }
}
