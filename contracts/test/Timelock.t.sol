// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

import {FundFixture} from "./FundFixture.sol";
import {FundTimelock} from "../src/FundTimelock.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Changes that touch invested money wait in the `FundTimelock`, which holds the fund's default admin role
/// once the deployer hands over; investors can leave before a change applies; a guardian can only make things safer.
contract TimelockTest is FundFixture {
    uint256 internal constant DELAY = 2 days;
    bytes32 internal constant DEFAULT_ADMIN = 0x00;

    FundTimelock internal timelock;
    address internal guardian = makeAddr("guardian");
    bytes32 internal adminRole;
    bytes32 internal operatorRole;
    uint256 internal saltCounter;

    function setUp() public override {
        super.setUp();
        adminRole = fund.ADMIN_ROLE();
        operatorRole = fund.OPERATOR_ROLE();
        _addDefaultWallets(FUTURES);
        timelock = new FundTimelock(IAccessControl(address(fund)), DELAY);
        // The hand-over, as scripts/deploy.mjs does it: guardian first, then the timelock takes the top role.
        vm.startPrank(admin);
        fund.grantRole(fund.GUARDIAN_ROLE(), guardian);
        fund.grantRole(DEFAULT_ADMIN, address(timelock));
        fund.renounceRole(DEFAULT_ADMIN, admin);
        vm.stopPrank();
    }

    // ---- helpers -------------------------------------------------------------------------------

    function _schedule(bytes memory data) internal returns (bytes32 id, bytes32 salt) {
        salt = bytes32(++saltCounter);
        id = timelock.hashOperation(address(fund), 0, data, bytes32(0), salt);
        uint256 delay = timelock.getMinDelay();
        vm.prank(admin);
        timelock.schedule(address(fund), 0, data, bytes32(0), salt, delay);
    }

    function _execute(bytes memory data, bytes32 salt) internal {
        vm.prank(stranger); // anyone executes
        timelock.execute(address(fund), 0, data, bytes32(0), salt);
    }

    function _stateError(bytes32 id, TimelockController.OperationState expected) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(
            TimelockController.TimelockUnexpectedOperationState.selector, id, bytes32(1 << uint8(expected))
        );
    }

    // ---- the hand-over ---------------------------------------------------------------------------

    function test_handOver_timelockIsTheOnlyTop() public view {
        assertTrue(fund.hasRole(DEFAULT_ADMIN, address(timelock)));
        assertFalse(fund.hasRole(DEFAULT_ADMIN, admin));
        assertEq(fund.getRoleMemberCount(DEFAULT_ADMIN), 1);
        assertEq(timelock.getMinDelay(), DELAY);
        assertTrue(timelock.hasRole(timelock.PROPOSER_ROLE(), admin));
        assertFalse(timelock.hasRole(timelock.PROPOSER_ROLE(), guardian));
        assertTrue(timelock.hasRole(timelock.CANCELLER_ROLE(), guardian));
        assertTrue(timelock.hasRole(timelock.EXECUTOR_ROLE(), address(0)));
    }

    /// @notice After the hand-over an admin can no longer make a money-touching change directly.
    function test_RevertIf_adminSkipsTheDelay() public {
        bytes memory denied =
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, admin, DEFAULT_ADMIN);
        vm.startPrank(admin);
        vm.expectRevert(denied);
        fund.setLockupPeriodDuration(FUTURES, 45 days);
        vm.expectRevert(denied);
        fund.addTradingWallet(NFT, makeAddr("desk"), "Desk", 10_000);
        vm.expectRevert(denied);
        fund.setMinimumInvestment(FUTURES, MINIMUM + 1);
        vm.expectRevert(denied);
        fund.setFundWallet(makeAddr("newWallet"));
        vm.expectRevert(denied);
        fund.grantRole(adminRole, makeAddr("newAdmin"));
        vm.stopPrank();
    }

    // ---- a change waits, then anyone executes it ---------------------------------------------------

    function test_lockupChange_waitsThenAnyoneExecutes() public {
        bytes memory data = abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (FUTURES, 45 days));
        (bytes32 id, bytes32 salt) = _schedule(data);
        assertTrue(timelock.isOperationPending(id));
        assertEq(timelock.getTimestamp(id), block.timestamp + DELAY);

        vm.warp(block.timestamp + DELAY - 1);
        vm.prank(stranger);
        vm.expectRevert(_stateError(id, TimelockController.OperationState.Ready));
        timelock.execute(address(fund), 0, data, bytes32(0), salt);
        assertEq(fund.lockupPeriodDuration(FUTURES), LOCKUP);

        vm.warp(block.timestamp + 1);
        _execute(data, salt);
        assertEq(fund.lockupPeriodDuration(FUTURES), 45 days);
        assertTrue(timelock.isOperationDone(id));
    }

    function test_RevertIf_scheduleShorterThanDelay_orByNonAdmin() public {
        bytes memory data = abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (FUTURES, 45 days));
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(TimelockController.TimelockInsufficientDelay.selector, 1 days, DELAY));
        timelock.schedule(address(fund), 0, data, bytes32(0), bytes32(0), 1 days);
        for (uint256 i; i < 3; ++i) {
            address who = [guardian, operator, stranger][i];
            bytes32 proposer = timelock.PROPOSER_ROLE();
            vm.prank(who);
            vm.expectRevert(
                abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, who, proposer)
            );
            timelock.schedule(address(fund), 0, data, bytes32(0), bytes32(0), DELAY);
        }
    }

    /// @notice The top role restores the admins through the timelock, even when no human holds it any more.
    function test_topRestoresAdminsThroughTheDelay() public {
        address newAdmin = makeAddr("newAdmin");
        bytes memory data = abi.encodeCall(IAccessControl.grantRole, (adminRole, newAdmin));
        (, bytes32 salt) = _schedule(data);
        vm.warp(block.timestamp + DELAY);
        _execute(data, salt);
        assertTrue(fund.hasRole(adminRole, newAdmin));
        // The new admin may schedule at once: proposers are read from the fund's roles.
        assertTrue(timelock.hasRole(timelock.PROPOSER_ROLE(), newAdmin));
    }

    // ---- investors can leave before a change applies ---------------------------------------------

    /// @notice While a change waits, an investor refunds the open-round position in full, and a rolling investor
    /// turns roll-over off: nobody is carried into terms they did not accept.
    function test_investorLeavesBeforeTheChange() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 2_000 * USDC);
        _setRollOver(bob, FUTURES, true);
        bytes memory data = abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (FUTURES, 365 days));
        (, bytes32 salt) = _schedule(data);

        uint256 before = token.balanceOf(alice);
        vm.prank(alice);
        fund.withdraw(FUTURES);
        assertEq(token.balanceOf(alice) - before, 1_000 * USDC);
        _setRollOver(bob, FUTURES, false);
        assertFalse(fund.getPosition(bob, FUTURES).rollOver);

        vm.warp(block.timestamp + DELAY);
        _execute(data, salt);
        assertEq(fund.lockupPeriodDuration(FUTURES), 365 days);
    }

    // ---- the guardian -----------------------------------------------------------------------------

    function test_guardianCancelsAPendingChange() public {
        bytes memory data = abi.encodeCall(InvestmentFund.setFundWallet, (makeAddr("rogueWallet")));
        (bytes32 id, bytes32 salt) = _schedule(data);
        vm.prank(guardian);
        timelock.cancel(id);
        assertFalse(timelock.isOperation(id));
        vm.warp(block.timestamp + DELAY);
        vm.prank(stranger);
        vm.expectRevert(_stateError(id, TimelockController.OperationState.Ready));
        timelock.execute(address(fund), 0, data, bytes32(0), salt);
        assertEq(fund.fundWallet(), fundWallet);
    }

    function test_RevertIf_strangerCancels() public {
        (bytes32 id,) = _schedule(abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (FUTURES, 45 days)));
        bytes32 canceller = timelock.CANCELLER_ROLE();
        vm.prank(stranger);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, stranger, canceller)
        );
        timelock.cancel(id);
        assertTrue(timelock.isOperationPending(id));
    }

    /// @notice The guardian turns the emergency on (deposits and lockups stop, the emergency exit opens), never off;
    /// and it holds no other power of the fund.
    function test_guardianOnlyMakesThingsSafer() public {
        vm.prank(guardian);
        fund.setEmergencyState(true);
        assertTrue(fund.emergencyState());
        vm.startPrank(guardian);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, guardian, adminRole)
        );
        fund.setEmergencyState(false);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, guardian, adminRole)
        );
        fund.whitelistInvestor(guardian);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, guardian, DEFAULT_ADMIN)
        );
        fund.grantRole(adminRole, guardian);
        vm.stopPrank();
        vm.prank(admin);
        fund.setEmergencyState(false);
        assertFalse(fund.emergencyState());
    }

    // ---- changes that only reduce risk apply at once -------------------------------------------------

    function test_riskReducingChangesApplyAtOnce() public {
        vm.startPrank(admin);
        fund.removeTradingWallet(FUTURES, 1);
        fund.setMinimumInvestment(FUTURES, MINIMUM / 2);
        fund.revokeRole(operatorRole, operator);
        vm.stopPrank();
        (address[] memory wallets,,) = fund.getTradingWallets(fund.currentPoolId(FUTURES));
        assertEq(wallets.length, 1);
        assertEq(fund.minimumInvestment(FUTURES), MINIMUM / 2);
        assertFalse(fund.hasRole(operatorRole, operator));
    }

    // ---- the delay itself ------------------------------------------------------------------------

    function test_RevertIf_delayBelowTheFloor() public {
        vm.expectRevert(abi.encodeWithSelector(FundTimelock.DelayTooShort.selector, 0, 1 minutes));
        new FundTimelock(IAccessControl(address(fund)), 0);
        vm.expectRevert(abi.encodeWithSelector(FundTimelock.InvalidFund.selector));
        new FundTimelock(IAccessControl(address(0)), DELAY);
    }

    /// @notice Raising the delay waits like any change; lowering it never shortens a change already scheduled.
    function test_delayChanges_waitAndNeverShortenPending() public {
        bytes memory raise = abi.encodeCall(TimelockController.updateDelay, (3 days));
        bytes32 salt = bytes32(uint256(77));
        vm.prank(admin);
        timelock.schedule(address(timelock), 0, raise, bytes32(0), salt, DELAY);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(TimelockController.TimelockUnauthorizedCaller.selector, stranger));
        timelock.updateDelay(3 days);
        vm.warp(block.timestamp + DELAY);
        timelock.execute(address(timelock), 0, raise, bytes32(0), salt);
        assertEq(timelock.getMinDelay(), 3 days);

        (bytes32 pending,) = _schedule(abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (FUTURES, 45 days)));
        uint256 readyAt = timelock.getTimestamp(pending);
        bytes memory lower = abi.encodeCall(TimelockController.updateDelay, (1 hours));
        vm.prank(admin);
        timelock.schedule(address(timelock), 0, lower, bytes32(0), salt, 3 days);
        vm.warp(block.timestamp + 3 days);
        timelock.execute(address(timelock), 0, lower, bytes32(0), salt);
        assertEq(timelock.getMinDelay(), 1 hours);
        assertEq(timelock.getTimestamp(pending), readyAt);

        bytes memory zero = abi.encodeCall(TimelockController.updateDelay, (0));
        vm.prank(admin);
        timelock.schedule(address(timelock), 0, zero, bytes32(0), bytes32(uint256(78)), 1 hours);
        vm.warp(block.timestamp + 1 hours);
        vm.expectRevert(); // DelayTooShort, wrapped by the timelock's failed call
        timelock.execute(address(timelock), 0, zero, bytes32(0), bytes32(uint256(78)));
        assertEq(timelock.getMinDelay(), 1 hours);
    }

    /// @notice A guardian's emergency does not stop exits: every investor still takes out what is theirs.
    function test_exitsStayOpenDuringGuardianEmergency() public {
        _invest(alice, 1_000 * USDC);
        vm.prank(guardian);
        fund.setEmergencyState(true);
        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(FUTURES), 1_000 * USDC);
    }

    // ---- abdication ----------------------------------------------------------------------------------------

    function test_abdicate_aPowerIsGoneForGood_evenForAnOperationScheduledBefore() public {
        address newWallet = makeAddr("newWallet");
        bytes memory change = abi.encodeCall(InvestmentFund.setFundWallet, (newWallet));
        (, bytes32 earlySalt) = _schedule(change); // scheduled before the abdication
        bytes memory abdication =
            abi.encodeCall(FundTimelock.abdicate, (address(fund), InvestmentFund.setFundWallet.selector));
        bytes32 salt = bytes32(++saltCounter);
        uint256 delay = timelock.getMinDelay();
        vm.prank(admin);
        timelock.schedule(address(timelock), 0, abdication, bytes32(0), salt, delay);
        vm.warp(block.timestamp + DELAY);
        vm.prank(stranger);
        timelock.execute(address(timelock), 0, abdication, bytes32(0), salt);
        assertTrue(timelock.isAbdicated(address(fund), InvestmentFund.setFundWallet.selector));

        bytes memory refused = abi.encodeWithSelector(
            FundTimelock.Abdicated.selector, address(fund), InvestmentFund.setFundWallet.selector
        );
        vm.prank(stranger);
        vm.expectRevert(refused);
        timelock.execute(address(fund), 0, change, bytes32(0), earlySalt);
        vm.prank(admin);
        vm.expectRevert(refused);
        timelock.schedule(address(fund), 0, change, bytes32(0), bytes32(uint256(999)), delay);
        assertEq(fund.fundWallet(), fundWallet);

        // Other powers stay.
        (, bytes32 lockupSalt) = _schedule(abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (FUTURES, 45 days)));
        vm.warp(block.timestamp + DELAY);
        _execute(abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (FUTURES, 45 days)), lockupSalt);
        assertEq(fund.lockupPeriodDuration(FUTURES), 45 days);
    }

    function test_RevertIf_abdicateCalledDirectly() public {
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(TimelockController.TimelockUnauthorizedCaller.selector, admin));
        timelock.abdicate(address(fund), InvestmentFund.setFundWallet.selector);
    }
}
