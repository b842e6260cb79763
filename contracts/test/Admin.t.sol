// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";

/// @notice Roles, whitelist, settings, emergency state, discord codes and constants.
contract AdminTest is FundFixture {
    bytes32 internal adminRole;
    bytes32 internal defaultAdminRole;

    function setUp() public override {
        super.setUp();
        adminRole = fund.ADMIN_ROLE();
        defaultAdminRole = fund.DEFAULT_ADMIN_ROLE();
    }

    function test_constants_andInitialState() public view {
        assertEq(fund.BASIS_POINTS(), 10_000);
        assertEq(fund.FUND_PROFIT_PERCENTAGE() + fund.POOL_PROFIT_PERCENTAGE(), fund.BASIS_POINTS());
        assertEq(fund.ADMIN_ROLE(), keccak256("ADMIN_ROLE"));
        assertEq(fund.OPERATOR_ROLE(), keccak256("OPERATOR_ROLE"));
        assertEq(address(fund.investmentToken()), address(token));
        assertEq(fund.fundWallet(), fundWallet);
        assertEq(fund.minimumInvestment(FUTURES), MINIMUM);
        assertEq(fund.lockupPeriodDuration(FUTURES), LOCKUP);
        assertEq(fund.minimumInvestment(NFT), MINIMUM);
        assertEq(fund.lockupPeriodDuration(NFT), LOCKUP);
        assertFalse(fund.emergencyState());
        assertEq(fund.currentPoolId(FUTURES), 1);
        assertEq(fund.currentPoolId(NFT), 2);
        assertEq(fund.vaultCount(), 2);
        assertEq(fund.poolCount(), 2);
        assertEq(fund.fundFeesAccrued(), 0);
        assertEq(fund.SHARE_PRICE_SCALE(), 1e18);
        assertEq(governor.proposalCount(), 0);
        assertTrue(fund.hasRole(defaultAdminRole, admin));
        assertTrue(fund.hasRole(adminRole, admin));
        // Every role is granted by the default admin (the `FundTimelock` once handed over), so grants wait.
        assertEq(fund.getRoleAdmin(adminRole), bytes32(0));
        assertEq(fund.getRoleAdmin(fund.OPERATOR_ROLE()), bytes32(0));
        assertEq(fund.getRoleAdmin(fund.GUARDIAN_ROLE()), bytes32(0));
    }

    // ---- admins ---------------------------------------------------------------------------------

    function test_grantAndRevokeAdmin_counted() public {
        address second = makeAddr("second");
        address third = makeAddr("third");
        vm.expectEmit(true, true, true, false, address(fund));
        emit IAccessControl.RoleGranted(adminRole, second, admin);
        vm.prank(admin);
        fund.grantRole(adminRole, second);
        assertEq(fund.getRoleMemberCount(adminRole), 2);
        // The new admin can act, and revoke (not grant: grants wait in the timelock) admins who are not default admins.
        vm.prank(second);
        fund.whitelistInvestor(alice);
        vm.prank(second);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, second, bytes32(0))
        );
        fund.grantRole(adminRole, third);
        vm.prank(admin);
        fund.grantRole(adminRole, third);
        vm.prank(second);
        fund.revokeRole(adminRole, third);
        assertEq(fund.getRoleMemberCount(adminRole), 2);
        assertFalse(fund.hasRole(adminRole, third));
    }

    function test_RevertIf_adminRevokesAdminRoleOfDefaultAdmin() public {
        address second = makeAddr("second");
        vm.prank(admin);
        fund.grantRole(adminRole, second);
        vm.prank(second);
        vm.expectRevert(_errAddr(IInvestmentFund.DefaultAdminProtected.selector, admin));
        fund.revokeRole(adminRole, admin);
        assertTrue(fund.hasRole(adminRole, admin));
    }

    function test_defaultAdminRestoresAdmins() public {
        address rogue = makeAddr("rogue");
        address second = makeAddr("second");
        vm.startPrank(admin);
        fund.grantRole(adminRole, rogue);
        fund.grantRole(adminRole, second);
        vm.stopPrank();
        vm.prank(rogue);
        fund.revokeRole(adminRole, second); // a rogue admin strips another admin...
        vm.prank(rogue);
        vm.expectRevert(_errAddr(IInvestmentFund.DefaultAdminProtected.selector, admin));
        fund.revokeRole(adminRole, admin); // ...but not the default admin
        vm.startPrank(admin);
        fund.revokeRole(adminRole, rogue);
        fund.grantRole(adminRole, second);
        vm.stopPrank();
        assertFalse(fund.hasRole(adminRole, rogue));
        assertTrue(fund.hasRole(adminRole, second));
        assertEq(fund.getRoleMemberCount(adminRole), 2);
    }

    function test_defaultAdminMayGiveUpOwnAdminRole() public {
        address second = makeAddr("second");
        vm.startPrank(admin);
        fund.grantRole(adminRole, second);
        fund.renounceRole(adminRole, admin);
        vm.stopPrank();
        assertFalse(fund.hasRole(adminRole, admin));
        assertTrue(fund.hasRole(defaultAdminRole, admin));
    }

    function test_RevertIf_lastAdminRevokedOrRenounces() public {
        vm.startPrank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LastRoleMember.selector, adminRole));
        fund.revokeRole(adminRole, admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LastRoleMember.selector, adminRole));
        fund.renounceRole(adminRole, admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.LastRoleMember.selector, defaultAdminRole));
        fund.renounceRole(defaultAdminRole, admin);
        vm.stopPrank();
    }

    function test_revokeRoleOfNonMemberIsANoOp() public {
        vm.prank(admin);
        fund.revokeRole(adminRole, stranger);
        assertEq(fund.getRoleMemberCount(adminRole), 1);
    }

    function test_RevertIf_renounceWithBadConfirmation() public {
        vm.prank(admin);
        vm.expectRevert(IAccessControl.AccessControlBadConfirmation.selector);
        fund.renounceRole(adminRole, stranger);
    }

    function test_RevertIf_nonAdminGrantsAdmin() public {
        vm.prank(stranger);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, stranger, bytes32(0))
        );
        fund.grantRole(adminRole, stranger);
    }

    // ---- whitelist ------------------------------------------------------------------------------

    function test_whitelist_addAndRemove() public {
        vm.expectEmit(true, false, false, false, address(fund));
        emit IInvestmentFund.InvestorWhitelisted(alice);
        _whitelist(alice);
        assertTrue(fund.isWhitelisted(alice));
        vm.expectEmit(true, false, false, false, address(fund));
        emit IInvestmentFund.InvestorRemovedFromWhitelist(alice);
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(alice);
        assertFalse(fund.isWhitelisted(alice));
    }

    function test_RevertIf_whitelistTwiceOrZero() public {
        _whitelist(alice);
        vm.startPrank(admin);
        vm.expectRevert(_errAddr(IInvestmentFund.AlreadyWhitelisted.selector, alice));
        fund.whitelistInvestor(alice);
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.whitelistInvestor(address(0));
        vm.expectRevert(_errAddr(IInvestmentFund.NotWhitelisted.selector, bob));
        fund.removeInvestorFromWhitelist(bob);
        vm.stopPrank();
    }

    // ---- settings -------------------------------------------------------------------------------

    function test_settings_update() public {
        address newWallet = makeAddr("newFundWallet");
        vm.startPrank(admin);
        vm.expectEmit(false, false, false, true, address(fund));
        emit IInvestmentFund.MinimumInvestmentUpdated(FUTURES, 5 * USDC);
        fund.setMinimumInvestment(FUTURES, 5 * USDC);
        vm.expectEmit(false, false, false, true, address(fund));
        emit IInvestmentFund.LockupPeriodDurationUpdated(NFT, 90 days);
        fund.setLockupPeriodDuration(NFT, 90 days);
        vm.expectEmit(true, false, false, false, address(fund));
        emit IInvestmentFund.FundWalletUpdated(newWallet);
        fund.setFundWallet(newWallet);
        vm.stopPrank();
        assertEq(fund.minimumInvestment(FUTURES), 5 * USDC);
        assertEq(fund.minimumInvestment(NFT), MINIMUM, "settings are per vault");
        assertEq(fund.lockupPeriodDuration(NFT), 90 days);
        assertEq(fund.lockupPeriodDuration(FUTURES), LOCKUP);
        assertEq(fund.fundWallet(), newWallet);
    }

    function test_RevertIf_badSettings() public {
        vm.startPrank(admin);
        vm.expectRevert(_sel(IInvestmentFund.InvalidMinimumInvestment.selector));
        fund.setMinimumInvestment(FUTURES, 0);
        vm.expectRevert(_sel(IInvestmentFund.InvalidMinimumInvestment.selector));
        fund.setMinimumInvestment(FUTURES, uint256(type(uint96).max) + 1);
        vm.expectRevert(_err(IInvestmentFund.InvalidLockupPeriodDuration.selector, 366 days));
        fund.setLockupPeriodDuration(FUTURES, 366 days);
        vm.expectRevert(_err(IInvestmentFund.InvalidLockupPeriodDuration.selector, 59 minutes));
        fund.setLockupPeriodDuration(FUTURES, 59 minutes);
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.setFundWallet(address(0));
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 3));
        fund.setMinimumInvestment(3, MINIMUM);
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 0));
        fund.setLockupPeriodDuration(0, LOCKUP);
        vm.stopPrank();
    }

    function test_RevertIf_adminWithoutDefaultAdminSetsFundWallet() public {
        address second = makeAddr("second");
        vm.prank(admin);
        fund.grantRole(adminRole, second);
        vm.prank(second);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, second, defaultAdminRole)
        );
        fund.setFundWallet(second);
    }

    function test_emergencyState_toggles() public {
        vm.startPrank(admin);
        vm.expectEmit(false, false, false, true, address(fund));
        emit IInvestmentFund.EmergencyStateChanged(true);
        fund.setEmergencyState(true);
        assertTrue(fund.emergencyState());
        vm.expectRevert(_sel(IInvestmentFund.EmergencyStateUnchanged.selector));
        fund.setEmergencyState(true);
        fund.setEmergencyState(false);
        vm.stopPrank();
        assertFalse(fund.emergencyState());
    }

    // ---- discord --------------------------------------------------------------------------------

    function test_generateDiscordCode_sixDigitsPerAddress() public {
        vm.prank(alice);
        uint256 code = governor.generateDiscordCode();
        assertLt(code, 1_000_000);
        assertEq(governor.discordVerificationCode(alice), code);
        assertEq(governor.discordVerificationCode(bob), 0);
        _nextBlock();
        vm.prank(alice);
        uint256 next = governor.generateDiscordCode();
        assertEq(governor.discordVerificationCode(alice), next);
    }
}
