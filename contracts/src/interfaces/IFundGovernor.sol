// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IFundVotes} from "./IFundVotes.sol";

/// @title IFundGovernor
/// @notice The fund's proposals and votes. Voting power is the invested principal across all vaults, read from the
/// fund (`IFundVotes`) at the end of the block before a proposal's creation, so power gained afterwards (a flash
/// deposit, an invest-vote-withdraw loop) does not count.
interface IFundGovernor {
    /// @notice Where a proposal is (modelled on OpenZeppelin Governor's `state()`). `Defeated`: voting ended
    /// without more votes for than against. `Succeeded`: voting ended with more votes for, not executed yet.
    enum ProposalState {
        Active,
        Defeated,
        Succeeded,
        Executed
    }

    event ProposalCreated(
        uint256 indexed proposalId, address indexed proposer, string description, uint256 startTime, uint256 endTime
    );
    event Voted(uint256 indexed proposalId, address indexed voter, bool support, uint256 weight);
    event ProposalExecuted(uint256 indexed proposalId);
    event DiscordCodeGenerated(address indexed account, uint256 code);

    /// @notice Thrown when the fund given to the constructor is the zero address.
    error InvalidFund();
    /// @notice Thrown when a proposal's description is empty.
    error EmptyDescription();
    /// @notice Thrown when a proposal's description is longer than 2,000 bytes.
    error DescriptionTooLong(uint256 length);
    /// @notice Thrown when a voting period is outside 1 hour to 90 days.
    error InvalidVotingPeriod(uint256 votingPeriodSeconds);
    /// @notice Thrown when a proposer is not on the fund's whitelist.
    error NotWhitelisted(address account);
    /// @notice Thrown when the caller had no voting power when it counts.
    error NoVotingPower(address account);
    /// @notice Thrown when no proposal has the id.
    error ProposalNotFound(uint256 proposalId);
    /// @notice Thrown when voting on a proposal whose voting is over.
    error VotingClosed(uint256 proposalId);
    /// @notice Thrown when executing a proposal whose voting is still open.
    error VotingNotEnded(uint256 proposalId);
    /// @notice Thrown when voting twice.
    error AlreadyVoted(uint256 proposalId, address voter);
    /// @notice Thrown when executing a proposal twice.
    error ProposalAlreadyExecuted(uint256 proposalId);
    /// @notice Thrown when executing a proposal without more votes for than against.
    error ProposalNotPassed(uint256 proposalId);

    /// @notice Opens a proposal for `votingPeriodSeconds`. The caller must be whitelisted and have had voting
    /// power before this block.
    /// @dev Reverts with `EmptyDescription`, `DescriptionTooLong`, `InvalidVotingPeriod`, `NotWhitelisted` or
    /// `NoVotingPower`.
    /// @return proposalId The new proposal's id (1, 2, ...).
    function createProposal(string calldata description, uint256 votingPeriodSeconds)
        external
        returns (uint256 proposalId);

    /// @notice Votes for (`support` true) or against a proposal, once, with the voting power the caller had at
    /// the end of the block before the proposal was created.
    /// @dev Reverts with `ProposalNotFound`, `VotingClosed`, `AlreadyVoted` or `NoVotingPower`.
    function vote(uint256 proposalId, bool support) external;

    /// @notice Marks a succeeded proposal executed once its voting is over. Anyone may call it.
    /// @dev Reverts with `ProposalNotFound`, `VotingNotEnded`, `ProposalAlreadyExecuted` or `ProposalNotPassed`.
    function executeProposal(uint256 proposalId) external;

    /// @notice Stores and returns a fresh six-digit Discord verification code for the caller (the community's proof
    /// that a Discord member holds an address).
    function generateDiscordCode() external returns (uint256 code);

    /// @notice The fund whose principal is the voting power.
    function fund() external view returns (IFundVotes);
    /// @notice Number of proposals created; ids run from 1 to this number.
    function proposalCount() external view returns (uint256);
    /// @notice Whether `voter` has voted on `proposalId`.
    function hasVoted(uint256 proposalId, address voter) external view returns (bool);
    /// @notice The weight `account` votes with on `proposalId` (their power before its creation block).
    function getProposalVotingPower(uint256 proposalId, address account) external view returns (uint256);
    /// @notice A proposal's details; `active` is true while voting is open.
    function getProposalDetails(uint256 proposalId)
        external
        view
        returns (
            uint256 id,
            string memory description,
            uint256 votesFor,
            uint256 votesAgainst,
            uint256 startTime,
            uint256 endTime,
            bool executed,
            bool active
        );
    /// @notice Where a proposal is. Reverts with `ProposalNotFound`.
    function proposalState(uint256 proposalId) external view returns (ProposalState);
    /// @notice Who created a proposal (the zero address for an unknown id).
    function proposalProposer(uint256 proposalId) external view returns (address);
    /// @notice The Discord verification code last generated by `account` (0 if none).
    function discordVerificationCode(address account) external view returns (uint256);
}
