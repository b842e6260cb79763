// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";

import {IFundVotes} from "./interfaces/IFundVotes.sol";

/// @title FundTimelock
/// @notice The holder of an `InvestmentFund`'s default admin role: every change that touches money already invested
/// (trading wallets and allocations, a vault's lockup length, a higher minimum, the fund wallet, role grants) is
/// scheduled here, waits a public delay in which investors can see it and leave, and is then executed by anyone.
/// OpenZeppelin's `TimelockController`, with who may schedule and cancel read from the fund's own roles, so the fund's
/// role list stays the one list of who may do what:
/// - schedule (`PROPOSER_ROLE`): the fund's admins (`ADMIN_ROLE`) and its `FundGovernor` (a passed proposal's actions);
/// - cancel (`CANCELLER_ROLE`): the fund's admins and its guardians (`GUARDIAN_ROLE`), who can only make things safer;
/// - execute (`EXECUTOR_ROLE`): anyone, once the delay has passed.
/// The delay is never zero (`MIN_DELAY_FLOOR`); raising it is itself a scheduled change, and lowering it never shortens
/// a change already scheduled (each operation keeps the time it was given when scheduled).
///
/// A power can be given up for good (`abdicate`, as Morpho Vault V2 allows): once a scheduled `abdicate(target,
/// selector)` has executed, no operation calling `selector` on `target` can be scheduled or executed again, by anyone.
contract FundTimelock is TimelockController {
    /// @notice The shortest delay the timelock accepts, so a change can never apply in the block it is announced.
    uint256 public constant MIN_DELAY_FLOOR = 1 minutes;
    /// @notice The fund's admin role (keccak256("ADMIN_ROLE")): may schedule and cancel.
    bytes32 public constant FUND_ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @notice The fund's guardian role (keccak256("GUARDIAN_ROLE")): may cancel.
    bytes32 public constant FUND_GUARDIAN_ROLE = keccak256("GUARDIAN_ROLE");

    /// @notice Thrown when a delay is below `MIN_DELAY_FLOOR`.
    /// @param delay The delay asked for, in seconds.
    /// @param floor The shortest delay accepted (`MIN_DELAY_FLOOR`), in seconds.
    error DelayTooShort(uint256 delay, uint256 floor);
    /// @notice Thrown when the fund given to the constructor is the zero address.
    error InvalidFund();
    /// @notice Thrown when an operation calls a function whose power was given up for good.
    /// @param target The contract the refused call is made to.
    /// @param selector The 4-byte selector of the function whose power was given up.
    error Abdicated(address target, bytes4 selector);

    /// @notice A power was given up for good: `selector` on `target` can never be called through this timelock again.
    /// Emitted by `abdicate`, which runs only as an operation of this timelock (scheduled, then executed after the
    /// delay); operations already scheduled with that call can no longer execute.
    /// @param target The contract the power was over (e.g. the fund).
    /// @param selector The 4-byte selector of the function that can no longer be called on `target`.
    event PowerAbdicated(address indexed target, bytes4 selector);

    /// @notice The fund whose roles decide who may schedule and cancel.
    IAccessControl public immutable fund;
    /// @notice The fund's governor, which schedules the actions of passed proposals.
    address public immutable governor;

    /// @notice Whether the power to call `selector` on `target` was given up for good.
    mapping(address target => mapping(bytes4 selector => bool)) public isAbdicated;

    /// @param fund_ The fund this timelock administers.
    /// @param minDelay The public delay of every change, in seconds (at least `MIN_DELAY_FLOOR`).
    constructor(IAccessControl fund_, uint256 minDelay)
        TimelockController(minDelay, new address[](0), _anyone(), address(0))
    {
        if (address(fund_) == address(0)) revert InvalidFund();
        if (minDelay < MIN_DELAY_FLOOR) revert DelayTooShort(minDelay, MIN_DELAY_FLOOR);
        fund = fund_;
        governor = IFundVotes(address(fund_)).governor();
    }

    /// @notice Whether `account` has `role` here: proposers are the fund's admins and its governor, cancellers its admins
    /// and guardians; every other role (the executor role is open to anyone) as the timelock holds it.
    function hasRole(bytes32 role, address account) public view override returns (bool) {
        if (role == PROPOSER_ROLE) return account == governor || fund.hasRole(FUND_ADMIN_ROLE, account);
        if (role == CANCELLER_ROLE) {
            return fund.hasRole(FUND_ADMIN_ROLE, account) || fund.hasRole(FUND_GUARDIAN_ROLE, account);
        }
        return super.hasRole(role, account);
    }

    /// @notice Gives up the power to call `selector` on `target` for good (an operation of this timelock, so it waits the
    /// delay like any change). Cannot be undone: nothing can call `abdicate` to reverse it, and an operation calling
    /// an abdicated function is refused when scheduled and when executed.
    function abdicate(address target, bytes4 selector) external {
        if (msg.sender != address(this)) revert TimelockUnauthorizedCaller(msg.sender);
        isAbdicated[target][selector] = true;
        emit PowerAbdicated(target, selector);
    }

    /// @notice `TimelockController.schedule`, refusing a call of an abdicated power.
    function schedule(
        address target,
        uint256 value,
        bytes calldata data,
        bytes32 predecessor,
        bytes32 salt,
        uint256 delay
    ) public override {
        _requireNotAbdicated(target, data);
        super.schedule(target, value, data, predecessor, salt, delay);
    }

    /// @notice `TimelockController.scheduleBatch`, refusing a batch with a call of an abdicated power.
    function scheduleBatch(
        address[] calldata targets,
        uint256[] calldata values,
        bytes[] calldata payloads,
        bytes32 predecessor,
        bytes32 salt,
        uint256 delay
    ) public override {
        for (uint256 i = 0; i < targets.length && i < payloads.length; ++i) {
            _requireNotAbdicated(targets[i], payloads[i]);
        }
        super.scheduleBatch(targets, values, payloads, predecessor, salt, delay);
    }

    /// @notice Changes the delay; only through a scheduled operation of this timelock, and never below the floor.
    function updateDelay(uint256 newDelay) public override {
        if (newDelay < MIN_DELAY_FLOOR) revert DelayTooShort(newDelay, MIN_DELAY_FLOOR);
        super.updateDelay(newDelay);
    }

    /// @dev Every executed call is checked too, so an operation scheduled before its power was abdicated never runs.
    function _execute(address target, uint256 value, bytes calldata data) internal override {
        _requireNotAbdicated(target, data);
        super._execute(target, value, data);
    }

    function _requireNotAbdicated(address target, bytes calldata data) private view {
        bytes4 selector = bytes4(data);
        if (isAbdicated[target][selector]) revert Abdicated(target, selector);
    }

    /// @dev The executor list that opens execution to anyone (OpenZeppelin's convention: the zero address).
    function _anyone() private pure returns (address[] memory executors) {
        executors = new address[](1);
    }
}
