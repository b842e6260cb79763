// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IFundVotes} from "./IFundVotes.sol";

/// @title IFundGovernor
/// @notice The fund's proposals and votes. Voting power is the invested principal across all vaults, read from the
/// fund (`IFundVotes`) at the end of the block before a proposal's creation, so power gained afterwards (a flash
/// deposit, an invest-vote-withdraw loop) does not count.
interface IFundGovernor {
    /// @notice Where a proposal is (modelled on OpenZeppelin Governor's `state()`). `Defeated`: voting ended
    /// without more votes for than against, or short of its quorum. `Succeeded`: voting ended with more votes for and
    /// the quorum reached, not executed (a signal) or not queued (actions) yet. `Queued`: its actions wait in the
    /// fund's timelock. `Canceled`: its queued actions were cancelled in the timelock (by an admin or the guardian).
    enum ProposalState {
        Active,
        Defeated,
        Succeeded,
        Executed,
        Queued,
        Canceled
    }

    /// @notice Vote types of `castVote` (OpenZeppelin's `GovernorCountingSimple` order).
    enum VoteType {
        Against,
        For,
        Abstain
    }

    /// @notice Everything about one proposal beyond the spec's `getProposalDetails`.
    struct ProposalInfo {
        uint256 votesFor;
        uint256 votesAgainst;
        uint256 votesAbstain;
        /// @dev For and abstain votes needed: the quorum share of what investors had in the fund at creation.
        uint256 quorumVotes;
        uint256 snapshotBlock;
        uint256 startTime;
        uint256 endTime;
        ProposalState state;
        address proposer;
        /// @dev keccak256(abi.encode(targets, values, calldatas)); zero for a signal (no on-chain action).
        bytes32 actionsHash;
        /// @dev The timelock operation once queued (zero before).
        bytes32 operationId;
        /// @dev When the queued actions may be executed (0 before queueing).
        uint256 executableAt;
    }

    /// @notice `proposer` opened a proposal (`createProposal` for a signal, `propose` for one with actions, followed
    /// then by its `ProposalActions`). Votes count each voter's power at the end of the block before this one, and are
    /// accepted from `startTime` until just before `endTime`.
    /// @param proposalId The new proposal's id (1, 2, ...).
    /// @param proposer The whitelisted account with voting power that created it.
    /// @param description What the proposal is about (1 to 2,000 bytes).
    /// @param startTime When voting opened: the block's time (unix time, seconds).
    /// @param endTime When voting closes (unix time, seconds): `startTime` plus the voting period (1 hour to 90 days).
    event ProposalCreated(
        uint256 indexed proposalId, address indexed proposer, string description, uint256 startTime, uint256 endTime
    );
    /// @notice `voter` voted for or against a proposal with `vote` (no reason; `castVote` emits `VoteCast` instead).
    /// @param proposalId The proposal voted on.
    /// @param voter The account that voted.
    /// @param support True: for; false: against.
    /// @param weight The voter's voting power (invested principal across all vaults, in token base units) at the end of
    /// the block before the proposal was created.
    event Voted(uint256 indexed proposalId, address indexed voter, bool support, uint256 weight);
    /// @notice A proposal's on-chain actions (emitted right after its `ProposalCreated`, by `propose`). Once the
    /// proposal has passed they are what `queue` schedules in the timelock and `execute` runs; both must be given them
    /// exactly as here.
    /// @param proposalId The proposal that carries them.
    /// @param targets The addresses the timelock will call, in order.
    /// @param values The wei sent with each call.
    /// @param calldatas The call data of each call.
    event ProposalActions(uint256 indexed proposalId, address[] targets, uint256[] values, bytes[] calldatas);
    /// @notice A vote with a type (`VoteType`) and a reason (`castVote`, `castVoteBySig`).
    /// @param proposalId The proposal voted on.
    /// @param voter The account whose vote it is (for `castVoteBySig`, the ballot's signer, not the relayer).
    /// @param support The vote type: 0 against, 1 for, 2 abstain (abstentions count towards the quorum only).
    /// @param weight The voter's voting power (invested principal across all vaults, in token base units) at the end of
    /// the block before the proposal was created.
    /// @param reason The voter's free-text reason (may be empty).
    event VoteCast(uint256 indexed proposalId, address indexed voter, uint8 support, uint256 weight, string reason);
    /// @notice A passed proposal's actions were scheduled in the timelock as `operationId`, executable at `readyAt`
    /// (`queue`, which anyone may call). Until they run, an admin or a guardian may still cancel them in the timelock.
    /// @param proposalId The proposal queued.
    /// @param operationId The timelock's id of the scheduled batch (its salt is the proposal id).
    /// @param readyAt When anyone may `execute` the actions (unix time, seconds): now plus the timelock's delay.
    event ProposalQueued(uint256 indexed proposalId, bytes32 operationId, uint256 readyAt);
    /// @notice The quorum was changed by the timelock (`setQuorum`); it applies to proposals created afterwards.
    /// @param quorumBasisPoints For and abstain votes a proposal needs, in basis points of what investors had in the
    /// fund at its creation (at most 10,000).
    event QuorumUpdated(uint256 quorumBasisPoints);
    /// @notice The timelock that queues and executes proposals' actions was set (`setTimelock`, by a holder of the
    /// fund's default admin role).
    /// @param timelock The new timelock.
    event TimelockUpdated(address timelock);
    /// @notice A proposal was executed: a succeeded signal marked executed (`executeProposal`), or a queued proposal's
    /// actions run through the timelock (`execute`, in the same transaction). Voting on it is closed.
    /// @param proposalId The proposal executed.
    event ProposalExecuted(uint256 indexed proposalId);
    /// @notice `account` generated a fresh Discord verification code (`generateDiscordCode`), replacing its previous
    /// one (the community's proof that a Discord member holds `account`). Anyone can read the code, here and through
    /// `discordVerificationCode`.
    /// @param account The account that generated it.
    /// @param code The code, from 0 to 999,999.
    event DiscordCodeGenerated(address indexed account, uint256 code);

    /// @notice Thrown when the fund given to the constructor is the zero address.
    error InvalidFund();
    /// @notice Thrown when a proposal's description is empty.
    error EmptyDescription();
    /// @notice Thrown when a proposal's description is longer than 2,000 bytes.
    /// @param length The description's length, in bytes.
    error DescriptionTooLong(uint256 length);
    /// @notice Thrown when a voting period is outside 1 hour to 90 days.
    /// @param votingPeriodSeconds The voting period asked for, in seconds.
    error InvalidVotingPeriod(uint256 votingPeriodSeconds);
    /// @notice Thrown when a proposer is not on the fund's whitelist.
    /// @param account The caller that is not whitelisted.
    error NotWhitelisted(address account);
    /// @notice Thrown when the caller had no voting power when it counts.
    /// @param account The proposer or voter without voting power.
    error NoVotingPower(address account);
    /// @notice Thrown when no proposal has the id.
    /// @param proposalId The unknown proposal id.
    error ProposalNotFound(uint256 proposalId);
    /// @notice Thrown when voting on a proposal whose voting is over.
    /// @param proposalId The proposal whose voting is over (or that was executed).
    error VotingClosed(uint256 proposalId);
    /// @notice Thrown when executing a proposal whose voting is still open.
    /// @param proposalId The proposal still being voted on.
    error VotingNotEnded(uint256 proposalId);
    /// @notice Thrown when voting twice.
    /// @param proposalId The proposal voted on.
    /// @param voter The account that already voted on it.
    error AlreadyVoted(uint256 proposalId, address voter);
    /// @notice Thrown when executing a proposal twice.
    /// @param proposalId The proposal already executed.
    error ProposalAlreadyExecuted(uint256 proposalId);
    /// @notice Thrown when executing a proposal without more votes for than against.
    /// @param proposalId The proposal that did not pass.
    error ProposalNotPassed(uint256 proposalId);
    /// @notice Thrown when a proposal's actions are empty, too many, or their lists differ in length.
    error InvalidActions();
    /// @notice Thrown when the actions given do not match the proposal's.
    /// @param proposalId The proposal whose actions differ from those given.
    error ActionsMismatch(uint256 proposalId);
    /// @notice Thrown when a signal proposal is queued, or an action proposal is executed as a signal.
    /// @param proposalId The proposal of the other kind.
    error WrongProposalKind(uint256 proposalId);
    /// @notice Thrown when a proposal needs a timelock and the governor has none yet.
    error NoTimelock();
    /// @notice Thrown when a caller lacks the power a governance setting needs (the timelock, or the fund's top role).
    /// @param account The caller without the power.
    error NotAuthorized(address account);
    /// @notice Thrown when a quorum is above 100 %.
    /// @param quorumBasisPoints The quorum asked for, in basis points.
    error InvalidQuorum(uint256 quorumBasisPoints);
    /// @notice Thrown when a vote type is not Against (0), For (1) or Abstain (2).
    /// @param support The vote type given.
    error InvalidVoteType(uint8 support);
    /// @notice Thrown when a vote's signature is not the voter's.
    /// @param voter The account the ballot claims to be from.
    error InvalidSignature(address voter);

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

    /// @notice Opens a proposal that carries on-chain actions (calls the fund's timelock makes once the proposal has
    /// passed, been queued and waited the timelock's delay). Same rules as `createProposal`.
    /// @dev Reverts as `createProposal`, and with `InvalidActions` or `NoTimelock`.
    function propose(
        address[] calldata targets,
        uint256[] calldata values,
        bytes[] calldata calldatas,
        string calldata description,
        uint256 votingPeriodSeconds
    ) external returns (uint256 proposalId);

    /// @notice Votes against (0), for (1) or abstains (2) with a reason; abstentions count towards the quorum only.
    /// @dev Reverts as `vote`, and with `InvalidVoteType`.
    function castVote(uint256 proposalId, uint8 support, string calldata reason) external;

    /// @notice `castVote` for `voter`, who signed the ballot (EIP-712 `Ballot(uint256 proposalId,uint8 support,address
    /// voter,string reason)`), so a relayer or a smart account (ERC-1271) can carry the vote.
    /// @dev Reverts as `castVote`, and with `InvalidSignature`.
    function castVoteBySig(
        uint256 proposalId,
        uint8 support,
        address voter,
        string calldata reason,
        bytes calldata signature
    ) external;

    /// @notice Schedules a succeeded proposal's actions in the timelock (after its delay anyone executes them).
    /// @dev Reverts with `ProposalNotFound`, `VotingNotEnded`, `ProposalNotPassed`, `WrongProposalKind`,
    /// `ActionsMismatch` or the timelock's own errors.
    function queue(
        uint256 proposalId,
        address[] calldata targets,
        uint256[] calldata values,
        bytes[] calldata calldatas
    ) external;

    /// @notice Executes a queued proposal's actions through the timelock once its delay has passed.
    /// @dev Reverts with `ActionsMismatch`, `WrongProposalKind`, or the timelock's errors (too early, cancelled).
    function execute(
        uint256 proposalId,
        address[] calldata targets,
        uint256[] calldata values,
        bytes[] calldata calldatas
    ) external;

    /// @notice Sets the quorum, in basis points of what investors had in the fund at a proposal's creation. Only the
    /// timelock (so it is itself a proposal's action or a scheduled change); applies to proposals created afterwards.
    function setQuorum(uint256 quorumBasisPoints) external;

    /// @notice Sets the timelock that queues and executes proposals' actions. Only a holder of the fund's top role
    /// (the deployer before the hand-over, the timelock after it).
    function setTimelock(address timelock_) external;

    /// @notice Marks a succeeded signal proposal (one without actions) executed once its voting is over. Anyone may
    /// call it.
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
    /// @notice A proposal's tallies, quorum, actions hash and timelock state. Reverts with `ProposalNotFound`.
    function getProposalInfo(uint256 proposalId) external view returns (ProposalInfo memory info);
    /// @notice The quorum in basis points (applies to proposals created from now on).
    function quorumBasisPoints() external view returns (uint256);
    /// @notice The timelock that queues and executes proposals' actions (zero until set).
    function timelock() external view returns (address);
    /// @notice Where a proposal is. Reverts with `ProposalNotFound`.
    function proposalState(uint256 proposalId) external view returns (ProposalState);
    /// @notice Who created a proposal (the zero address for an unknown id).
    function proposalProposer(uint256 proposalId) external view returns (address);
    /// @notice The Discord verification code last generated by `account` (0 if none).
    function discordVerificationCode(address account) external view returns (uint256);
}
