// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Pausing deposits and new rounds, and the wind-down: who may, what stops, and that no exit ever closes.
contract PauseWindDownTest is FundFixture {
    address internal guardian = makeAddr("guardian");

    function setUp() public override {
        super.setUp();
        bytes32 guardianRole = fund.GUARDIAN_ROLE();
        vm.prank(admin);
        fund.grantRole(guardianRole, guardian);
    }

    function _unauthorized(address account) internal view returns (bytes memory) {
        return
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, account, fund.ADMIN_ROLE());
    }

    function _deposit(uint256 vaultId, address investor, uint256 amount) internal {
        if (!fund.isWhitelisted(investor)) _whitelist(investor);
        token.mint(investor, amount);
        vm.prank(investor);
        token.approve(address(fund), amount);
        vm.prank(investor);
        fund.invest(vaultId, amount);
    }

    // ---- pause ------------------------------------------------------------------------------------------

    function test_guardianPausesVault_depositsAndRoundsStop_refundsStayOpen() public {
        _invest(alice, 500 * USDC);
        _addDefaultWallets();
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.PausedSet(FUTURES, true);
        vm.prank(guardian);
        fund.setPaused(FUTURES, true);
        assertTrue(fund.getVault(FUTURES).paused);
        assertFalse(fund.getVault(NFT).paused, "only the vault named");

        _whitelist(bob);
        token.mint(bob, 500 * USDC);
        vm.startPrank(bob);
        token.approve(address(fund), 500 * USDC);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultPaused.selector, FUTURES));
        fund.invest(FUTURES, 500 * USDC);
        vm.stopPrank();
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultPaused.selector, FUTURES));
        fund.startLockupPeriod(FUTURES);

        // The other vault takes deposits; the paused vault's investor leaves with everything.
        _deposit(NFT, bob, 500 * USDC);
        assertEq(_withdraw(alice), 500 * USDC);
        _setRollOver(bob, NFT, true);
    }

    function test_guardianCannotResume_adminCan() public {
        vm.prank(guardian);
        fund.setPaused(FUTURES, true);
        bytes memory refused = _unauthorized(guardian);
        vm.prank(guardian);
        vm.expectRevert(refused);
        fund.setPaused(FUTURES, false);
        vm.prank(admin);
        fund.setPaused(FUTURES, false);
        assertFalse(fund.getVault(FUTURES).paused);
        _invest(alice, 500 * USDC);
    }

    function test_strangerCannotPauseOrWindDown() public {
        bytes memory refused = _unauthorized(stranger);
        vm.prank(stranger);
        vm.expectRevert(refused);
        fund.setPaused(FUTURES, true);
        vm.prank(stranger);
        vm.expectRevert(refused);
        fund.windDown(FUTURES);
        vm.prank(guardian);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultNotFound.selector, 9));
        fund.setPaused(9, true);
    }

    function test_fundWidePause_coversEveryVault_andVaultsCreatedLater() public {
        vm.prank(guardian);
        fund.setPaused(0, true);
        assertTrue(fund.getVault(FUTURES).paused);
        assertTrue(fund.getVault(NFT).paused);
        vm.prank(admin);
        uint256 third = fund.createVault("Options vault", MINIMUM, LOCKUP);
        assertTrue(fund.getVault(third).paused, "a new vault inherits the fund-wide pause");
        vm.prank(admin);
        fund.setPaused(0, false);
        assertFalse(fund.getVault(third).paused);
        _deposit(third, alice, 500 * USDC);
    }

    function test_pauseInsideLockedRound_roundStillSettles_payoutWithdrawable() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        vm.prank(guardian);
        fund.setPaused(FUTURES, true);
        _settle(1_100 * USDC);
        assertEq(_withdraw(alice), 1_080 * USDC, "profit less the fund's 20 % fee");
    }

    function test_emergencyIsNamedFirst() public {
        vm.startPrank(guardian);
        fund.setPaused(FUTURES, true);
        fund.setEmergencyState(true);
        vm.stopPrank();
        _whitelist(alice);
        vm.prank(alice);
        vm.expectRevert(IInvestmentFund.EmergencyActive.selector);
        fund.invest(FUTURES, MINIMUM);
    }

    // ---- wind-down ----------------------------------------------------------------------------------------

    function test_windDown_roundInProgressSettles_everyPositionWithdrawable_noNewRound() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 1_000 * USDC);
        _setRollOver(bob, FUTURES, true);
        _lock();
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.WindDownStarted(FUTURES);
        vm.prank(guardian);
        fund.windDown(FUTURES);
        assertTrue(fund.getVault(FUTURES).windingDown);

        _settle(2_000 * USDC);
        // Bob's rolling position sits in the next pool, which can never lock: withdrawable in full.
        IInvestmentFund.PositionInfo memory rolling = _position(bob, FUTURES);
        assertEq(uint256(rolling.poolState), uint256(IInvestmentFund.PoolState.Open));
        assertEq(rolling.withdrawable, 1_000 * USDC);
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultWindingDown.selector, FUTURES));
        fund.startLockupPeriod(FUTURES);
        _whitelist(carol);
        vm.prank(carol);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultWindingDown.selector, FUTURES));
        fund.invest(FUTURES, MINIMUM);

        assertEq(_withdraw(alice), 1_000 * USDC);
        assertEq(_withdraw(bob), 1_000 * USDC);
    }

    function test_windDown_isFinal_evenForAnAdmin() public {
        vm.prank(admin);
        fund.windDown(FUTURES);
        vm.prank(admin);
        fund.setPaused(FUTURES, false); // resuming a pause does not lift a wind-down
        assertTrue(fund.getVault(FUTURES).windingDown);
        _whitelist(alice);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultWindingDown.selector, FUTURES));
        fund.invest(FUTURES, MINIMUM);
    }

    function test_fundWideWindDown_everyVault_andVaultsCreatedLater() public {
        vm.prank(guardian);
        fund.windDown(0);
        vm.prank(admin);
        uint256 third = fund.createVault("Options vault", MINIMUM, LOCKUP);
        for (uint256 v = 1; v <= third; ++v) {
            assertTrue(fund.getVault(v).windingDown);
        }
    }

    function test_guardianNeverMovesFunds() public {
        _invest(alice, 1_000 * USDC);
        vm.startPrank(guardian);
        fund.setPaused(0, true);
        fund.windDown(0);
        fund.setEmergencyState(true);
        vm.stopPrank();
        assertEq(token.balanceOf(guardian), 0);
        assertEq(token.balanceOf(address(fund)), 1_000 * USDC);
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(FUTURES), 1_000 * USDC);
    }
}
