// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";

import {FundFixture} from "./FundFixture.sol";
import {FundGovernor} from "../src/FundGovernor.sol";
import {IFundGovernor} from "../src/interfaces/IFundGovernor.sol";
import {IFundVotes} from "../src/interfaces/IFundVotes.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice The findings of the outside review of the single-contract fund (issue 28), each decided and pinned here,
/// and the split that made room: the governor reads voting power from the fund through the ERC-5805 shape.
contract ReviewFindingsTest is FundFixture {
    bytes32 internal adminRole;
    bytes32 internal constant DEFAULT_ADMIN = 0x00;

    function setUp() public override {
        super.setUp();
        adminRole = fund.ADMIN_ROLE();
    }

    // ---- the top of the role design can always restore the admins --------------------------------------

    /// @notice A default admin that handed its `ADMIN_ROLE` away (say, to a Safe) still grants it, to itself included,
    /// and removes a rogue sole admin.
    function test_defaultAdminWithoutAdminRole_restoresAdmins() public {
        address rogue = makeAddr("rogue");
        vm.startPrank(admin);
        fund.grantRole(adminRole, rogue);
        fund.renounceRole(adminRole, admin);
        vm.stopPrank();
        assertFalse(fund.hasRole(adminRole, admin));
        assertEq(fund.getRoleMemberCount(adminRole), 1);

        vm.startPrank(admin);
        fund.grantRole(adminRole, admin); // itself
        fund.revokeRole(adminRole, rogue); // the rogue admin goes
        vm.stopPrank();
        assertTrue(fund.hasRole(adminRole, admin));
        assertFalse(fund.hasRole(adminRole, rogue));
    }

    /// @notice The same, when the default admin role was handed to a Safe that never held `ADMIN_ROLE`.
    function test_defaultAdminHandedToSafe_grantsAdminToAnyone() public {
        address safe = makeAddr("safe");
        address newAdmin = makeAddr("newAdmin");
        vm.startPrank(admin);
        fund.grantRole(DEFAULT_ADMIN, safe);
        fund.renounceRole(DEFAULT_ADMIN, admin);
        vm.stopPrank();
        vm.prank(safe);
        fund.grantRole(adminRole, newAdmin);
        assertTrue(fund.hasRole(adminRole, newAdmin));
        vm.prank(safe);
        fund.revokeRole(adminRole, admin);
        assertFalse(fund.hasRole(adminRole, admin));
    }

    /// @notice An admin still cannot grant the default admin role (its admin is the default admin role).
    function test_RevertIf_adminGrantsDefaultAdmin() public {
        address second = makeAddr("second");
        vm.prank(admin);
        fund.grantRole(adminRole, second);
        vm.prank(second);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, second, DEFAULT_ADMIN)
        );
        fund.grantRole(DEFAULT_ADMIN, second);
    }

    // ---- the fund wallet ------------------------------------------------------------------------------

    /// @notice The fund itself or the token as the fund wallet would swallow the fees for good.
    function test_RevertIf_fundWalletIsTheFundOrTheToken() public {
        vm.startPrank(admin);
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.setFundWallet(address(fund));
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.setFundWallet(address(token));
        vm.stopPrank();
        assertEq(fund.fundWallet(), fundWallet);
    }

    // ---- a vault created during an emergency ----------------------------------------------------------

    /// @notice A vault created while the emergency is on inherits it: no deposits, no lockup, emergency exits.
    function test_vaultCreatedDuringEmergency_inheritsIt() public {
        vm.startPrank(admin);
        fund.setEmergencyState(true);
        uint256 vaultId = fund.createVault("Late vault", MINIMUM, LOCKUP);
        vm.stopPrank();
        _whitelist(alice);
        token.mint(alice, MINIMUM);
        vm.startPrank(alice);
        token.approve(address(fund), MINIMUM);
        vm.expectRevert(_sel(IInvestmentFund.EmergencyActive.selector));
        fund.invest(vaultId, MINIMUM);
        vm.stopPrank();
        // When the emergency ends, the new vault takes deposits like the others.
        vm.prank(admin);
        fund.setEmergencyState(false);
        vm.prank(alice);
        fund.invest(vaultId, MINIMUM);
        assertEq(fund.getPosition(alice, vaultId).principal, MINIMUM);
    }

    // ---- a delisted investor's rolling position --------------------------------------------------------

    /// @notice Delisting stops new money, not money already committed: a rolling position keeps rolling (no loop
    /// over investors could stop it, and forcing an exit would move money without consent), its owner can turn
    /// roll-over off and withdraw at any settlement, and it cannot add to it.
    function test_delistedInvestor_keepsRollingAndCanExit() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(alice);
        _round(FUTURES, 1_100 * USDC);
        IInvestmentFund.PositionInfo memory position = _position(alice, FUTURES);
        assertEq(position.poolId, fund.currentPoolId(FUTURES));
        assertEq(position.value, 1_080 * USDC);
        // No top-up while delisted.
        token.mint(alice, MINIMUM);
        vm.startPrank(alice);
        token.approve(address(fund), MINIMUM);
        vm.expectRevert(_errAddr(IInvestmentFund.NotWhitelisted.selector, alice));
        fund.invest(FUTURES, MINIMUM);
        // The open pool refunds the rolled position.
        uint256 payout = fund.withdraw(FUTURES);
        vm.stopPrank();
        assertEq(payout, 1_080 * USDC);
    }

    // ---- the governor and the fund's ERC-5805 reads ---------------------------------------------------

    /// @notice The fund creates its governor (its first CREATE, at nonce 1), which points back at it.
    function test_governor_isCreatedByTheFund() public view {
        assertEq(address(governor.fund()), address(fund));
        assertEq(fund.governor(), _createAddress(address(fund), 1));
        assertEq(fund.clock(), block.number);
        assertEq(fund.CLOCK_MODE(), "mode=blocknumber&from=default");
    }

    /// @notice `getPastVotes` is the principal at the end of a past block (the current one in `getInvestorData`), and a lookup
    /// of the current block reverts `FutureLookup`.
    function test_getPastVotes_followsPrincipal() public {
        _invest(alice, 1_000 * USDC);
        uint256 first = block.number;
        _nextBlock();
        _invest(alice, 500 * USDC);
        (,,,, uint256 votingPower) = fund.getInvestorData(alice);
        assertEq(votingPower, 1_500 * USDC);
        assertEq(fund.getPastVotes(alice, first), 1_000 * USDC);
        assertEq(fund.getPastVotes(alice, first - 1), 0);
        vm.expectRevert(abi.encodeWithSelector(IFundVotes.FutureLookup.selector, block.number, block.number));
        fund.getPastVotes(alice, block.number);
    }

    /// @notice Only the governor records a proposal snapshot on the fund.
    function test_RevertIf_recordProposalSnapshotNotByGovernor() public {
        vm.prank(admin);
        vm.expectRevert(_errAddr(IFundVotes.NotGovernor.selector, admin));
        fund.recordProposalSnapshot();
    }

    /// @notice A governor without a fund cannot be built.
    function test_RevertIf_governorWithoutFund() public {
        vm.expectRevert(_sel(IFundGovernor.InvalidFund.selector));
        new FundGovernor(IFundVotes(address(0)));
    }

    /// @dev The CREATE address of `deployer` at `nonce` (< 0x80).
    function _createAddress(address deployer, uint8 nonce) private pure returns (address) {
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xd6), bytes1(0x94), deployer, nonce)))));
    }
}
