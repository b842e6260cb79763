// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";

import {FundFixture} from "../FundFixture.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {IInvestmentFund} from "../../src/interfaces/IInvestmentFund.sol";

/// @notice Every privileged function called by every kind of unprivileged account (a stranger, an investor,
/// an operator where it is not allowed, a trading wallet) reverts with the exact access error; and the last
/// administrators cannot leave.
contract AdversarialAccessControlTest is FundFixture {
    bytes32 internal ADMIN;
    bytes32 internal OPERATOR;
    bytes32 internal constant DEFAULT_ADMIN = 0x00;

    address internal admin2 = makeAddr("admin2");

    /// @dev A privileged call and the role (or the admin-or-operator rule) it requires.
    struct Privileged {
        string name;
        bytes data;
        bytes32 role;
        bool adminOrOperator;
    }

    function setUp() public override {
        super.setUp();
        ADMIN = fund.ADMIN_ROLE();
        OPERATOR = fund.OPERATOR_ROLE();
        _addDefaultWallets(); // traderA and traderB are the trading wallets
        _invest(alice, 1_000 * USDC); // alice is an investor
    }

    // ---- helpers -------------------------------------------------------------------------------

    function _privilegedCalls(address caller) internal view returns (Privileged[] memory calls) {
        calls = new Privileged[](23);
        calls[0] =
            Privileged("whitelistInvestor", abi.encodeCall(InvestmentFund.whitelistInvestor, (carol)), ADMIN, false);
        calls[1] = Privileged(
            "removeInvestorFromWhitelist",
            abi.encodeCall(InvestmentFund.removeInvestorFromWhitelist, (alice)),
            ADMIN,
            false
        );
        calls[2] = Privileged(
            "addTradingWallet",
            abi.encodeCall(InvestmentFund.addTradingWallet, (1, caller, "Desk", 1)),
            DEFAULT_ADMIN,
            false
        );
        calls[3] =
            Privileged("removeTradingWallet", abi.encodeCall(InvestmentFund.removeTradingWallet, (1, 0)), ADMIN, false);
        calls[4] = Privileged("startLockupPeriod", abi.encodeCall(InvestmentFund.startLockupPeriod, (1)), ADMIN, false);
        calls[5] = Privileged(
            "setEmergencyState",
            abi.encodeCall(InvestmentFund.setEmergencyState, (!fund.emergencyState())),
            ADMIN,
            false
        );
        calls[6] = Privileged(
            "setMinimumInvestment", abi.encodeCall(InvestmentFund.setMinimumInvestment, (1, 1)), ADMIN, false
        );
        calls[7] = Privileged(
            "setLockupPeriodDuration",
            abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (2, 1 hours)),
            DEFAULT_ADMIN,
            false
        );
        calls[8] = Privileged("sweepExcess", abi.encodeCall(InvestmentFund.sweepExcess, ()), ADMIN, false);
        calls[9] = Privileged(
            "grantRole(ADMIN)", abi.encodeCall(IAccessControl.grantRole, (ADMIN, caller)), DEFAULT_ADMIN, false
        );
        calls[10] =
            Privileged("revokeRole(ADMIN)", abi.encodeCall(IAccessControl.revokeRole, (ADMIN, admin)), ADMIN, false);
        calls[11] = Privileged(
            "grantRole(OPERATOR)", abi.encodeCall(IAccessControl.grantRole, (OPERATOR, caller)), DEFAULT_ADMIN, false
        );
        calls[12] = Privileged(
            "revokeRole(OPERATOR)", abi.encodeCall(IAccessControl.revokeRole, (OPERATOR, operator)), ADMIN, false
        );
        calls[13] =
            Privileged("setFundWallet", abi.encodeCall(InvestmentFund.setFundWallet, (caller)), DEFAULT_ADMIN, false);
        calls[14] = Privileged(
            "grantRole(DEFAULT_ADMIN)",
            abi.encodeCall(IAccessControl.grantRole, (DEFAULT_ADMIN, caller)),
            DEFAULT_ADMIN,
            false
        );
        calls[15] = Privileged(
            "revokeRole(DEFAULT_ADMIN)",
            abi.encodeCall(IAccessControl.revokeRole, (DEFAULT_ADMIN, admin)),
            DEFAULT_ADMIN,
            false
        );
        calls[16] = Privileged(
            "collectFundsFromTradingWallet",
            abi.encodeCall(InvestmentFund.collectFundsFromTradingWallet, (1, traderA, 1)),
            bytes32(0),
            true
        );
        calls[17] = Privileged(
            "endLockupPeriod", abi.encodeCall(InvestmentFund.endLockupPeriod, (1, 0, REPORT)), bytes32(0), true
        );
        calls[18] = Privileged(
            "endLockupPeriodAtLoss",
            abi.encodeCall(InvestmentFund.endLockupPeriodAtLoss, (1, 0, REPORT)),
            bytes32(0),
            true
        );
        calls[19] = Privileged(
            "createVault", abi.encodeCall(InvestmentFund.createVault, ("Rogue vault", 1, 1 hours)), ADMIN, false
        );
        calls[20] = Privileged("setPaused", abi.encodeCall(InvestmentFund.setPaused, (1, true)), ADMIN, false);
        calls[21] = Privileged("resume", abi.encodeCall(InvestmentFund.setPaused, (0, false)), ADMIN, false);
        calls[22] = Privileged("windDown", abi.encodeCall(InvestmentFund.windDown, (2)), ADMIN, false);
    }

    /// @dev The exact revert `caller` must get from `call`, or empty if `caller` is allowed to make it.
    function _expectedError(Privileged memory call, address caller) internal view returns (bytes memory) {
        if (call.adminOrOperator) {
            if (fund.hasRole(ADMIN, caller) || fund.hasRole(OPERATOR, caller)) return "";
            return abi.encodeWithSelector(IInvestmentFund.NotAdminOrOperator.selector, caller);
        }
        if (fund.hasRole(call.role, caller)) return "";
        // An admin may revoke the admin and operator roles at once (risk only falls), but the access error names the
        // roles' admin role, the default admin's.
        bytes32 missing = bytes4(call.data) == IAccessControl.revokeRole.selector ? DEFAULT_ADMIN : call.role;
        return abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, caller, missing);
    }

    /// @dev Every privileged call `caller` is not allowed to make reverts with exactly the access error;
    /// returns how many were checked.
    function _assertDenied(address caller, string memory who) internal returns (uint256 checked) {
        Privileged[] memory calls = _privilegedCalls(caller);
        for (uint256 i; i < calls.length; ++i) {
            bytes memory expected = _expectedError(calls[i], caller);
            if (expected.length == 0) continue;
            vm.prank(caller);
            (bool ok, bytes memory ret) = address(fund).call(calls[i].data);
            string memory where = string.concat(who, " -> ", calls[i].name);
            assertFalse(ok, where);
            assertEq(ret, expected, where);
            ++checked;
        }
        _assertRolesUnchanged(caller);
    }

    function _assertRolesUnchanged(address caller) internal view {
        assertEq(fund.getRoleMemberCount(DEFAULT_ADMIN), 1, "default admins");
        assertTrue(fund.hasRole(DEFAULT_ADMIN, admin));
        assertTrue(fund.hasRole(ADMIN, admin));
        assertTrue(fund.hasRole(OPERATOR, operator));
        assertEq(fund.fundWallet(), fundWallet);
        if (caller != operator) assertFalse(fund.hasRole(OPERATOR, caller), "caller became operator");
        if (caller != admin2) assertFalse(fund.hasRole(ADMIN, caller), "caller became admin");
    }

    function _lockPool() internal {
        vm.prank(admin);
        fund.startLockupPeriod(1);
        vm.warp(block.timestamp + LOCKUP);
    }

    // ---- denial matrix -------------------------------------------------------------------------

    /// @notice A stranger is denied every privileged function, open pool and locked pool.
    function test_RevertIf_strangerCallsPrivileged() public {
        assertEq(_assertDenied(stranger, "stranger"), 23);
        _lockPool();
        assertEq(_assertDenied(stranger, "stranger (locked)"), 23);
    }

    /// @notice An investor is denied every privileged function, open pool and locked pool.
    function test_RevertIf_investorCallsPrivileged() public {
        assertEq(_assertDenied(alice, "investor"), 23);
        _lockPool();
        assertEq(_assertDenied(alice, "investor (locked)"), 23);
    }

    /// @notice An operator is denied every admin-only and default-admin-only function (but not collect/settle).
    function test_RevertIf_operatorCallsAdminOnly() public {
        assertEq(_assertDenied(operator, "operator"), 20);
        _lockPool();
        assertEq(_assertDenied(operator, "operator (locked)"), 20);
    }

    /// @notice A trading wallet is denied every privileged function, including collecting from itself.
    function test_RevertIf_tradingWalletCallsPrivileged() public {
        assertEq(_assertDenied(traderA, "trading wallet"), 23);
        _lockPool();
        assertEq(_assertDenied(traderA, "trading wallet (locked)"), 23);
    }

    /// @notice An admin without the default admin role (held by the `FundTimelock` once the deployer hands over) can
    /// make none of the changes that wait in the timelock: the fund wallet, trading wallets, lockup lengths, role grants.
    function test_RevertIf_adminWithoutDefaultAdminCallsDefaultAdminOnly() public {
        vm.prank(admin);
        fund.grantRole(ADMIN, admin2);
        assertEq(_assertDenied(admin2, "admin2"), 7);
    }

    /// @notice Any account without a role is denied (fuzzed caller and function).
    function testFuzz_RevertIf_unprivilegedCallsPrivileged(address caller, uint256 which) public {
        vm.assume(caller != admin && caller != operator && caller != address(0));
        Privileged[] memory calls = _privilegedCalls(caller);
        Privileged memory call = calls[bound(which, 0, calls.length - 1)];
        vm.prank(caller);
        (bool ok, bytes memory ret) = address(fund).call(call.data);
        assertFalse(ok);
        assertEq(ret, _expectedError(call, caller));
    }

    /// @notice Control: the rightful holders can make the calls denied above, so the denials are access checks.
    function test_control_privilegedCallersSucceed() public {
        vm.startPrank(admin);
        fund.whitelistInvestor(carol);
        fund.removeInvestorFromWhitelist(carol);
        fund.removeTradingWallet(1, 1);
        fund.addTradingWallet(1, traderB, "Options", 4_000);
        fund.setMinimumInvestment(1, 1);
        fund.setLockupPeriodDuration(2, 1 hours);
        fund.createVault("Third vault", 1, 1 hours);
        token.mint(address(fund), 1);
        fund.sweepExcess();
        fund.grantRole(ADMIN, admin2);
        fund.revokeRole(ADMIN, admin2);
        fund.grantRole(OPERATOR, carol);
        fund.revokeRole(OPERATOR, carol);
        fund.setFundWallet(carol);
        fund.grantRole(DEFAULT_ADMIN, admin2);
        fund.revokeRole(DEFAULT_ADMIN, admin2);
        fund.startLockupPeriod(1);
        fund.setEmergencyState(true);
        vm.stopPrank();
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(1, traderA, 600 * USDC);
        vm.prank(operator);
        fund.endLockupPeriodAtLoss(1, 600 * USDC, REPORT);
        assertTrue(_settled(1));
    }

    // ---- the last administrators ---------------------------------------------------------------

    /// @notice The only default admin cannot revoke their own role.
    function test_RevertIf_lastDefaultAdminRevoked() public {
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LastRoleMember.selector, DEFAULT_ADMIN));
        fund.revokeRole(DEFAULT_ADMIN, admin);
        assertTrue(fund.hasRole(DEFAULT_ADMIN, admin));
    }

    /// @notice The only admin cannot revoke their own admin role.
    function test_RevertIf_lastAdminRevoked() public {
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LastRoleMember.selector, ADMIN));
        fund.revokeRole(ADMIN, admin);
        assertTrue(fund.hasRole(ADMIN, admin));
    }

    /// @notice The only holder of either role cannot renounce it.
    function test_RevertIf_lastMemberRenounces() public {
        vm.startPrank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LastRoleMember.selector, DEFAULT_ADMIN));
        fund.renounceRole(DEFAULT_ADMIN, admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LastRoleMember.selector, ADMIN));
        fund.renounceRole(ADMIN, admin);
        vm.stopPrank();
        assertEq(fund.getRoleMemberCount(DEFAULT_ADMIN), 1);
        assertEq(fund.getRoleMemberCount(ADMIN), 1);
    }

    /// @notice The protection follows the count: once a second admin left, the remaining one is the last.
    function test_RevertIf_lastAdminAfterOthersLeft() public {
        vm.prank(admin);
        fund.grantRole(ADMIN, admin2);
        vm.prank(admin);
        fund.renounceRole(ADMIN, admin); // allowed: admin2 remains
        assertFalse(fund.hasRole(ADMIN, admin));
        vm.prank(admin2);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LastRoleMember.selector, ADMIN));
        fund.renounceRole(ADMIN, admin2);
        assertEq(fund.getRoleMemberCount(ADMIN), 1);
    }

    /// @notice `renounceRole` for someone else reverts with `AccessControlBadConfirmation`, whoever calls it.
    function test_RevertIf_renounceWithWrongConfirmation() public {
        vm.prank(admin);
        fund.grantRole(ADMIN, admin2);
        address[3] memory callers = [admin, stranger, operator];
        bytes32[3] memory roles = [ADMIN, DEFAULT_ADMIN, OPERATOR];
        for (uint256 i; i < callers.length; ++i) {
            for (uint256 j; j < roles.length; ++j) {
                vm.prank(callers[i]);
                vm.expectRevert(IAccessControl.AccessControlBadConfirmation.selector);
                fund.renounceRole(roles[j], admin2);
            }
        }
        assertTrue(fund.hasRole(ADMIN, admin2));
    }

    /// @notice FIXED: an admin may revoke another admin at once, but no admin can take the role from a
    /// DEFAULT_ADMIN_ROLE holder, who grants every role and can therefore always restore the admins a rogue admin
    /// removed.
    function test_RevertIf_adminStripsDefaultAdmin() public {
        address admin3 = makeAddr("admin3");
        vm.startPrank(admin);
        fund.grantRole(ADMIN, admin2);
        fund.grantRole(ADMIN, admin3);
        vm.stopPrank();
        vm.prank(admin2);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.DefaultAdminProtected.selector, admin));
        fund.revokeRole(ADMIN, admin);
        vm.prank(admin2);
        fund.revokeRole(ADMIN, admin3); // an admin may still remove an ordinary admin
        vm.startPrank(admin);
        fund.revokeRole(ADMIN, admin2);
        fund.grantRole(ADMIN, admin3);
        vm.stopPrank();
        assertTrue(fund.hasRole(ADMIN, admin));
        assertTrue(fund.hasRole(ADMIN, admin3));
        assertFalse(fund.hasRole(ADMIN, admin2));
        assertEq(fund.getRoleMemberCount(ADMIN), 2);
    }
}
