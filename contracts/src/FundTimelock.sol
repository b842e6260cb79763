// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

/// @title FundTimelock
/// @notice The holder of an `InvestmentFund`'s default admin role: every change that touches money already invested
/// (trading wallets and allocations, a vault's lockup length, a higher minimum, the fund wallet, role grants) is
/// scheduled here, waits a public delay in which investors can see it and leave, and is then executed by anyone.
/// OpenZeppelin's `TimelockController`, with who may schedule and cancel read from the fund's own roles, so the fund's
/// role list stays the one list of who may do what:
/// - schedule (`PROPOSER_ROLE`): the fund's admins (`ADMIN_ROLE`);
/// - cancel (`CANCELLER_ROLE`): the fund's admins and its guardians (`GUARDIAN_ROLE`), who can only make things safer;
/// - execute (`EXECUTOR_ROLE`): anyone, once the delay has passed.
/// The delay is never zero (`MIN_DELAY_FLOOR`); raising it is itself a scheduled change, and lowering it never shortens
/// a change already scheduled (each operation keeps the time it was given when scheduled).
contract FundTimelock is TimelockController {
    /// @notice The shortest delay the timelock accepts, so a change can never apply in the block it is announced.
    uint256 public constant MIN_DELAY_FLOOR = 1 minutes;
    /// @notice The fund's admin role (keccak256("ADMIN_ROLE")): may schedule and cancel.
    bytes32 public constant FUND_ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @notice The fund's guardian role (keccak256("GUARDIAN_ROLE")): may cancel.
    bytes32 public constant FUND_GUARDIAN_ROLE = keccak256("GUARDIAN_ROLE");

    /// @notice Thrown when a delay is below `MIN_DELAY_FLOOR`.
    error DelayTooShort(uint256 delay, uint256 floor);
    /// @notice Thrown when the fund given to the constructor is the zero address.
    error InvalidFund();

    /// @notice The fund whose roles decide who may schedule and cancel.
    IAccessControl public immutable fund;

    /// @param fund_ The fund this timelock administers.
    /// @param minDelay The public delay of every change, in seconds (at least `MIN_DELAY_FLOOR`).
    constructor(IAccessControl fund_, uint256 minDelay)
        TimelockController(minDelay, new address[](0), _anyone(), address(0))
    {
        if (address(fund_) == address(0)) revert InvalidFund();
        if (minDelay < MIN_DELAY_FLOOR) revert DelayTooShort(minDelay, MIN_DELAY_FLOOR);
        fund = fund_;
    }

    /// @notice Whether `account` has `role` here: proposers are the fund's admins, cancellers its admins and guardians;
    /// every other role (the executor role is open to anyone) as the timelock holds it.
    function hasRole(bytes32 role, address account) public view override returns (bool) {
        if (role == PROPOSER_ROLE) return fund.hasRole(FUND_ADMIN_ROLE, account);
        if (role == CANCELLER_ROLE) {
            return fund.hasRole(FUND_ADMIN_ROLE, account) || fund.hasRole(FUND_GUARDIAN_ROLE, account);
        }
        return super.hasRole(role, account);
    }

    /// @notice Changes the delay; only through a scheduled operation of this timelock, and never below the floor.
    function updateDelay(uint256 newDelay) public override {
        if (newDelay < MIN_DELAY_FLOOR) revert DelayTooShort(newDelay, MIN_DELAY_FLOOR);
        super.updateDelay(newDelay);
    }

    /// @dev The executor list that opens execution to anyone (OpenZeppelin's convention: the zero address).
    function _anyone() private pure returns (address[] memory executors) {
        executors = new address[](1);
    }
}
