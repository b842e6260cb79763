// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IFundVotes
/// @notice The fund's voting power as its governor reads it: the ERC-5805 reads (`clock`, `CLOCK_MODE`, `getPastVotes`, as
/// OpenZeppelin's `Votes` has them, without delegation: power is the invested principal), who may
/// propose, and the one write the governor makes on the fund, so that the fund keeps the power history a new
/// proposal's snapshot may ask for.
interface IFundVotes {
    /// @notice Thrown when a past lookup asks about the current block or a later one (ERC-5805).
    /// @param timepoint The block number asked about.
    /// @param clock The current block number.
    error FutureLookup(uint256 timepoint, uint256 clock);
    /// @notice Thrown when anyone but the fund's governor calls a governor-only function.
    /// @param account The caller.
    error NotGovernor(address account);

    /// @notice The fund's governor (created with the fund; the holder of its proposals and votes).
    function governor() external view returns (address);
    /// @notice The clock of the voting power (ERC-6372): the block number.
    function clock() external view returns (uint48);
    /// @notice Describes the clock (ERC-6372): `mode=blocknumber&from=default`.
    // solhint-disable-next-line func-name-mixedcase
    function CLOCK_MODE() external view returns (string memory);
    /// @notice Voting power `account` had at the end of past block `timepoint` (ERC-5805). Exact for every block a
    /// proposal snapshot covers; older blocks that no snapshot covers are not kept and may read an earlier value.
    /// Reverts with `FutureLookup` for the current or a later block.
    function getPastVotes(address account, uint256 timepoint) external view returns (uint256);
    /// @notice What investors have in the fund now: open rounds' deposits, locked rounds' principal and settled payouts
    /// not yet withdrawn (the base of a proposal's quorum).
    function investedTotal() external view returns (uint256);
    /// @notice Whether `account` may invest (and propose).
    function isWhitelisted(address account) external view returns (bool);
    /// @notice Tells the fund that a proposal took its snapshot in this block, so the power history keeps the entries
    /// it may ask for. Governor only; reverts with `NotGovernor`.
    function recordProposalSnapshot() external;
}
