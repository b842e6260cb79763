// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IFundPaymaster
/// @notice The fund's ERC-4337 (EntryPoint v0.8) paymaster: it pays the gas of user operations sent by smart
/// accounts the fund has whitelisted, up to a per-account budget in wei that the fund's admins set, and only for
/// calls to the fund or to its investment token.
/// @dev Besides this interface the paymaster has BasePaymaster's functions (`entryPoint`, `deposit`, `getDeposit`,
/// `withdrawTo`, `addStake`, `unlockStake`, `withdrawStake`; the last four for its owner) and Ownable2Step's.
interface IFundPaymaster {
    /// @notice The fund's admins set the sponsorship budget of every account to `weiPerAccount` (`setSponsorBudget`).
    /// It applies at once to every account, against what each has already spent.
    /// @param admin The holder of the fund's `ADMIN_ROLE` who set it.
    /// @param weiPerAccount Each account's lifetime sponsorship budget, in wei (0: nothing is sponsored).
    event SponsorBudgetSet(address indexed admin, uint256 weiPerAccount);
    /// @notice The paymaster paid `actualGasCost` wei for a user operation of `account`; `sponsoredGas` is the
    /// account's total so far. Emitted after every sponsored operation (in the EntryPoint's `postOp`), also when the
    /// operation itself reverted.
    /// @param account The whitelisted smart account whose operation was sponsored.
    /// @param userOpHash The EntryPoint's hash of the user operation.
    /// @param actualGasCost What the operation cost the paymaster's deposit, in wei.
    /// @param sponsoredGas What the paymaster has spent on `account`'s operations in total, in wei (counted against its
    /// budget).
    event GasSponsored(
        address indexed account, bytes32 indexed userOpHash, uint256 actualGasCost, uint256 sponsoredGas
    );

    /// @notice Thrown by `setSponsorBudget` when the caller holds no `ADMIN_ROLE` in the fund.
    /// @param account The caller.
    error NotFundAdmin(address account);
    /// @notice Thrown by the constructor on a zero fund or owner address.
    error InvalidAddress();
    /// @notice Thrown during validation when the operation's sender is not whitelisted in the fund.
    /// @param account The user operation's sender.
    error AccountNotWhitelisted(address account);
    /// @notice Thrown during validation when the operation could cost more than what is left of the account's
    /// budget: `required` (spent or reserved so far plus the operation's maximum cost) exceeds `budget`.
    /// @param account The user operation's sender.
    /// @param required What the account has spent or has reserved plus the operation's maximum cost, in wei.
    /// @param budget The sponsorship budget of every account, in wei.
    error SponsorBudgetExceeded(address account, uint256 required, uint256 budget);
    /// @notice Thrown during validation when the operation's call data is not a SimpleAccount `execute` or
    /// `executeBatch` of value-less calls to the fund or its investment token.
    error CallNotSponsored();

    /// @notice The fund whose whitelist and admins this paymaster follows.
    function fund() external view returns (address);

    /// @notice The fund's investment token (an allowed call target).
    function investmentToken() external view returns (address);

    /// @notice The fund's governor (proposals and votes; an allowed call target).
    function governor() external view returns (address);

    /// @notice Sets the sponsorship budget, in wei, of every account (a lifetime total per account; 0 stops all
    /// sponsorship). Lowering it below what an account has spent leaves that account nothing.
    /// @dev Only callable by an account holding the fund's `ADMIN_ROLE`; reverts with `NotFundAdmin`.
    function setSponsorBudget(uint256 weiPerAccount) external;

    /// @notice The sponsorship budget of every account, in wei.
    function sponsorBudget() external view returns (uint256);

    /// @notice Wei this paymaster has spent (or holds reserved for an operation in flight) on `account`'s
    /// operations.
    function sponsoredGas(address account) external view returns (uint256);

    /// @notice What is left of `account`'s budget, in wei (0 once spent).
    function remainingSponsorship(address account) external view returns (uint256);
}
