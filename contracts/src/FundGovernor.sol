// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

import {IFundGovernor} from "./interfaces/IFundGovernor.sol";
import {IFundVotes} from "./interfaces/IFundVotes.sol";

/// @title FundGovernor
/// @notice The proposals and votes of an `InvestmentFund`, which creates it. Voting power is read from the fund through
/// the ERC-5805 shape (`getPastVotes`), the way OpenZeppelin's Governor reads an `ERC20Votes` token: a vote weighs the
/// voter's invested principal at the end of the block before the proposal was created, so power gained afterwards (a
/// flash deposit, an invest-vote-withdraw loop) does not count.
/// @dev Holds no funds and calls nothing but the fund's views and `recordProposalSnapshot`, which lets the fund keep
/// the power-history entries a new snapshot may ask for. Proposals are signals: executing one marks it executed.
contract FundGovernor is IFundGovernor {
    using SafeCast for uint256;

    /// @notice Longest proposal description, in bytes.
    uint256 internal constant MAX_DESCRIPTION_LENGTH = 2_000;
    /// @notice Shortest and longest voting period of a proposal.
    uint256 internal constant MIN_VOTING_PERIOD = 1 hours;
    uint256 internal constant MAX_VOTING_PERIOD = 90 days;

    /// @dev Tallies are uint128 (no overflow for any token supply: a voter's power is at most a uint88).
    struct Proposal {
        // slot 0: what a vote for reads and writes (non-zero from creation, so a vote only rewrites it)
        uint128 votesFor;
        uint40 endTime;
        uint40 snapshotBlock;
        bool executed;
        // slot 1: what a vote against writes (non-zero from creation through `startTime`)
        uint128 votesAgainst;
        uint40 startTime;
        address proposer;
        string description;
    }

    /// @inheritdoc IFundGovernor
    IFundVotes public immutable fund;

    uint256 private _proposalCount;
    mapping(uint256 proposalId => Proposal) private _proposals;
    mapping(uint256 proposalId => mapping(address voter => bool)) private _hasVoted;
    mapping(address account => uint256) private _discordCodes;

    /// @param fund_ The fund whose principal is the voting power (the fund creates its governor).
    constructor(IFundVotes fund_) {
        if (address(fund_) == address(0)) revert InvalidFund();
        fund = fund_;
    }

    /// @inheritdoc IFundGovernor
    function createProposal(string calldata description, uint256 votingPeriodSeconds)
        external
        returns (uint256 proposalId)
    {
        uint256 length = bytes(description).length;
        if (length == 0) revert EmptyDescription();
        if (length > MAX_DESCRIPTION_LENGTH) revert DescriptionTooLong(length);
        if (votingPeriodSeconds < MIN_VOTING_PERIOD || votingPeriodSeconds > MAX_VOTING_PERIOD) {
            revert InvalidVotingPeriod(votingPeriodSeconds);
        }
        if (!fund.isWhitelisted(msg.sender)) revert NotWhitelisted(msg.sender);
        if (fund.getPastVotes(msg.sender, block.number - 1) == 0) revert NoVotingPower(msg.sender);

        proposalId = ++_proposalCount;
        Proposal storage proposal = _proposals[proposalId];
        uint40 start = uint40(block.timestamp);
        // Safe: votingPeriodSeconds <= MAX_VOTING_PERIOD was checked above.
        // forge-lint: disable-next-line(unsafe-typecast)
        uint40 end = start + uint40(votingPeriodSeconds);
        proposal.endTime = end;
        proposal.snapshotBlock = uint40(block.number);
        proposal.startTime = start;
        proposal.proposer = msg.sender;
        proposal.description = description;
        emit ProposalCreated(proposalId, msg.sender, description, start, end);
        fund.recordProposalSnapshot();
    }

    /// @inheritdoc IFundGovernor
    function vote(uint256 proposalId, bool support) external {
        Proposal storage proposal = _proposals[proposalId];
        // One read of slot 0 (votesFor, endTime, snapshotBlock, executed).
        (uint256 end, uint256 snapshotBlock, bool executed) =
            (proposal.endTime, proposal.snapshotBlock, proposal.executed);
        if (end == 0) revert ProposalNotFound(proposalId);
        if (block.timestamp >= end || executed) revert VotingClosed(proposalId);
        mapping(address voter => bool) storage voted = _hasVoted[proposalId];
        if (voted[msg.sender]) revert AlreadyVoted(proposalId, msg.sender);
        uint256 weight = _pastVotes(msg.sender, snapshotBlock - 1);
        if (weight == 0) revert NoVotingPower(msg.sender);

        voted[msg.sender] = true;
        // Power is at most a uint88 principal; a uint128 tally of a token's supply cannot overflow in practice, and
        // checked arithmetic would revert rather than wrap.
        if (support) proposal.votesFor += weight.toUint128();
        else proposal.votesAgainst += weight.toUint128();
        emit Voted(proposalId, msg.sender, support, weight);
    }

    /// @inheritdoc IFundGovernor
    function executeProposal(uint256 proposalId) external {
        ProposalState state = proposalState(proposalId);
        if (state == ProposalState.Active) revert VotingNotEnded(proposalId);
        if (state == ProposalState.Executed) revert ProposalAlreadyExecuted(proposalId);
        if (state == ProposalState.Defeated) revert ProposalNotPassed(proposalId);
        _proposals[proposalId].executed = true;
        emit ProposalExecuted(proposalId);
    }

    /// @inheritdoc IFundGovernor
    function generateDiscordCode() external returns (uint256 code) {
        code = uint256(keccak256(abi.encode(msg.sender, block.prevrandao, block.number, _discordCodes[msg.sender])))
            % 1_000_000;
        _discordCodes[msg.sender] = code;
        emit DiscordCodeGenerated(msg.sender, code);
    }

    /// @inheritdoc IFundGovernor
    function discordVerificationCode(address account) external view returns (uint256) {
        return _discordCodes[account];
    }

    /// @inheritdoc IFundGovernor
    function proposalCount() external view returns (uint256) {
        return _proposalCount;
    }

    /// @inheritdoc IFundGovernor
    function hasVoted(uint256 proposalId, address voter) external view returns (bool) {
        return _hasVoted[proposalId][voter];
    }

    /// @inheritdoc IFundGovernor
    function getProposalVotingPower(uint256 proposalId, address account) external view returns (uint256) {
        (Proposal storage proposal,) = _proposal(proposalId);
        return fund.getPastVotes(account, proposal.snapshotBlock - 1);
    }

    /// @inheritdoc IFundGovernor
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
        )
    {
        (Proposal storage proposal,) = _proposal(proposalId);
        return (
            proposalId,
            proposal.description,
            proposal.votesFor,
            proposal.votesAgainst,
            proposal.startTime,
            proposal.endTime,
            proposal.executed,
            block.timestamp < proposal.endTime && !proposal.executed
        );
    }

    /// @inheritdoc IFundGovernor
    function proposalState(uint256 proposalId) public view returns (ProposalState) {
        (Proposal storage proposal, uint256 end) = _proposal(proposalId);
        if (proposal.executed) return ProposalState.Executed;
        if (block.timestamp < end) return ProposalState.Active;
        return proposal.votesFor > proposal.votesAgainst ? ProposalState.Succeeded : ProposalState.Defeated;
    }

    /// @inheritdoc IFundGovernor
    function proposalProposer(uint256 proposalId) external view returns (address) {
        return _proposals[proposalId].proposer;
    }

    /// @dev `fund.getPastVotes(account, timepoint)` as a bare STATICCALL: a vote pays for the fund's cold account once
    /// and nothing for ABI helpers (the fund is trusted: it created this governor). Reverts with the fund's error.
    function _pastVotes(address account, uint256 timepoint) private view returns (uint256 votes) {
        address target = address(fund);
        bytes4 selector = IFundVotes.getPastVotes.selector;
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, selector)
            mstore(add(ptr, 0x04), account)
            mstore(add(ptr, 0x24), timepoint)
            if iszero(staticcall(gas(), target, ptr, 0x44, 0x00, 0x20)) {
                returndatacopy(ptr, 0x00, returndatasize())
                revert(ptr, returndatasize())
            }
            if lt(returndatasize(), 0x20) { revert(0x00, 0x00) }
            votes := mload(0x00)
        }
    }

    /// @dev A proposal that exists (every proposal has a non-zero end time from creation), and its end time.
    function _proposal(uint256 proposalId) private view returns (Proposal storage proposal, uint256 end) {
        proposal = _proposals[proposalId];
        end = proposal.endTime;
        if (end == 0) revert ProposalNotFound(proposalId);
    }
}
