// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {TimelockController} from "@openzeppelin/contracts/governance/TimelockController.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

import {IFundGovernor} from "./interfaces/IFundGovernor.sol";
import {IFundVotes} from "./interfaces/IFundVotes.sol";

/// @title FundGovernor
/// @notice The proposals and votes of an `InvestmentFund`, which creates it. Voting power is read from the fund through
/// the ERC-5805 shape (`getPastVotes`), the way OpenZeppelin's Governor reads an `ERC20Votes` token: a vote weighs the
/// voter's invested principal at the end of the block before the proposal was created, so power gained afterwards (a
/// flash deposit, an invest-vote-withdraw loop) does not count.
///
/// A proposal is either a signal (description and voting period: executing it marks it executed) or carries on-chain
/// actions (targets, values, calldata): once it has passed, anyone queues them in the fund's `FundTimelock`, where they
/// wait the public delay like any other change that touches invested money, and then anyone executes them. A proposal
/// passes with more votes for than against and a quorum of for and abstain votes: `quorumBasisPoints` of what investors
/// had in the fund when it was created (`IFundVotes.investedTotal`), set through the timelock.
/// @dev Holds no funds. Calls the fund's views, `recordProposalSnapshot` (which lets the fund keep the power-history
/// entries a new snapshot may ask for), and the timelock's `scheduleBatch`/`executeBatch` (it is a proposer there).
contract FundGovernor is IFundGovernor, EIP712 {
    using SafeCast for uint256;

    /// @notice Longest proposal description, in bytes.
    uint256 internal constant MAX_DESCRIPTION_LENGTH = 2_000;
    /// @notice Shortest and longest voting period of a proposal.
    uint256 internal constant MIN_VOTING_PERIOD = 1 hours;
    uint256 internal constant MAX_VOTING_PERIOD = 90 days;
    /// @notice Most actions one proposal can carry.
    uint256 internal constant MAX_ACTIONS = 10;
    /// @notice The quorum a new governor starts with: 10 % of what investors have in the fund.
    uint256 internal constant DEFAULT_QUORUM = 1_000;
    uint256 internal constant BASIS_POINTS = 10_000;
    /// @notice The EIP-712 type of a signed vote (`castVoteBySig`).
    bytes32 public constant BALLOT_TYPEHASH =
        keccak256("Ballot(uint256 proposalId,uint8 support,address voter,string reason)");

    /// @dev Tallies are uint128 (no overflow for any token supply: a voter's power is at most a uint88).
    struct Proposal {
        // slot 0: what a vote for reads and writes (non-zero from creation, so a vote only rewrites it)
        uint128 votesFor;
        uint40 endTime;
        uint40 snapshotBlock;
        bool executed;
        bool queued;
        // slot 1: what a vote against writes (non-zero from creation through `startTime`)
        uint128 votesAgainst;
        uint40 startTime;
        address proposer;
        // slot 3: abstentions and the quorum fixed at creation
        uint128 votesAbstain;
        uint128 quorumVotes;
        bytes32 actionsHash;
        bytes32 operationId;
        string description;
    }

    /// @inheritdoc IFundGovernor
    IFundVotes public immutable fund;

    /// @inheritdoc IFundGovernor
    address public timelock;
    /// @inheritdoc IFundGovernor
    uint256 public quorumBasisPoints = DEFAULT_QUORUM;

    uint256 private _proposalCount;
    mapping(uint256 proposalId => Proposal) private _proposals;
    mapping(uint256 proposalId => mapping(address voter => bool)) private _hasVoted;
    mapping(address account => uint256) private _discordCodes;

    /// @param fund_ The fund whose principal is the voting power (the fund creates its governor).
    constructor(IFundVotes fund_) EIP712("FundGovernor", "1") {
        if (address(fund_) == address(0)) revert InvalidFund();
        fund = fund_;
    }

    /// @inheritdoc IFundGovernor
    function createProposal(string calldata description, uint256 votingPeriodSeconds)
        external
        returns (uint256 proposalId)
    {
        return _create(description, votingPeriodSeconds, bytes32(0));
    }

    /// @inheritdoc IFundGovernor
    function propose(
        address[] calldata targets,
        uint256[] calldata values,
        bytes[] calldata calldatas,
        string calldata description,
        uint256 votingPeriodSeconds
    ) external returns (uint256 proposalId) {
        uint256 count = targets.length;
        if (count == 0 || count > MAX_ACTIONS || values.length != count || calldatas.length != count) {
            revert InvalidActions();
        }
        if (timelock == address(0)) revert NoTimelock();
        proposalId = _create(description, votingPeriodSeconds, _hashActions(targets, values, calldatas));
        emit ProposalActions(proposalId, targets, values, calldatas);
    }

    /// @dev Opens a proposal (a signal when `actionsHash` is zero).
    function _create(string calldata description, uint256 votingPeriodSeconds, bytes32 actionsHash)
        private
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
        proposal.actionsHash = actionsHash;
        proposal.quorumVotes = _quorumNow();
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
    function castVote(uint256 proposalId, uint8 support, string calldata reason) external {
        _castVote(proposalId, msg.sender, support, reason);
    }

    /// @inheritdoc IFundGovernor
    function castVoteBySig(
        uint256 proposalId,
        uint8 support,
        address voter,
        string calldata reason,
        bytes calldata signature
    ) external {
        bytes32 digest = _hashTypedDataV4(
            keccak256(abi.encode(BALLOT_TYPEHASH, proposalId, support, voter, keccak256(bytes(reason))))
        );
        if (!SignatureChecker.isValidSignatureNow(voter, digest, signature)) revert InvalidSignature(voter);
        _castVote(proposalId, voter, support, reason);
    }

    /// @inheritdoc IFundGovernor
    function queue(
        uint256 proposalId,
        address[] calldata targets,
        uint256[] calldata values,
        bytes[] calldata calldatas
    ) external {
        Proposal storage proposal = _passedWithActions(proposalId, targets, values, calldatas);
        TimelockController lock = TimelockController(payable(timelock));
        bytes32 salt = bytes32(proposalId);
        bytes32 operationId = lock.hashOperationBatch(targets, values, calldatas, bytes32(0), salt);
        proposal.queued = true;
        proposal.operationId = operationId;
        uint256 delay = lock.getMinDelay();
        emit ProposalQueued(proposalId, operationId, block.timestamp + delay);
        lock.scheduleBatch(targets, values, calldatas, bytes32(0), salt, delay);
    }

    /// @inheritdoc IFundGovernor
    function execute(
        uint256 proposalId,
        address[] calldata targets,
        uint256[] calldata values,
        bytes[] calldata calldatas
    ) external {
        _markExecuted(proposalId, _hashActions(targets, values, calldatas));
        TimelockController(payable(timelock)).executeBatch(targets, values, calldatas, bytes32(0), bytes32(proposalId));
    }

    /// @inheritdoc IFundGovernor
    function setQuorum(uint256 quorumBasisPoints_) external {
        if (msg.sender != timelock) revert NotAuthorized(msg.sender);
        if (quorumBasisPoints_ > BASIS_POINTS) revert InvalidQuorum(quorumBasisPoints_);
        quorumBasisPoints = quorumBasisPoints_;
        emit QuorumUpdated(quorumBasisPoints_);
    }

    /// @inheritdoc IFundGovernor
    function setTimelock(address timelock_) external {
        if (!IAccessControl(address(fund)).hasRole(bytes32(0), msg.sender)) revert NotAuthorized(msg.sender);
        if (timelock_ == address(0)) revert InvalidFund();
        timelock = timelock_;
        emit TimelockUpdated(timelock_);
    }

    /// @inheritdoc IFundGovernor
    function executeProposal(uint256 proposalId) external {
        ProposalState state = proposalState(proposalId);
        if (state == ProposalState.Active) revert VotingNotEnded(proposalId);
        if (state == ProposalState.Executed) revert ProposalAlreadyExecuted(proposalId);
        if (state == ProposalState.Defeated) revert ProposalNotPassed(proposalId);
        if (_proposals[proposalId].actionsHash != bytes32(0)) revert WrongProposalKind(proposalId);
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
    function getProposalInfo(uint256 proposalId) external view returns (ProposalInfo memory info) {
        (Proposal storage proposal,) = _proposal(proposalId);
        info.votesFor = proposal.votesFor;
        info.votesAgainst = proposal.votesAgainst;
        info.votesAbstain = proposal.votesAbstain;
        info.quorumVotes = proposal.quorumVotes;
        info.snapshotBlock = proposal.snapshotBlock;
        info.startTime = proposal.startTime;
        info.endTime = proposal.endTime;
        info.state = proposalState(proposalId);
        info.proposer = proposal.proposer;
        info.actionsHash = proposal.actionsHash;
        info.operationId = proposal.operationId;
        if (proposal.queued) {
            info.executableAt = TimelockController(payable(timelock)).getTimestamp(proposal.operationId);
        }
    }

    /// @inheritdoc IFundGovernor
    function proposalState(uint256 proposalId) public view returns (ProposalState) {
        (Proposal storage proposal, uint256 end) = _proposal(proposalId);
        if (proposal.executed) return ProposalState.Executed;
        if (block.timestamp < end) return ProposalState.Active;
        if (proposal.queued) {
            TimelockController lock = TimelockController(payable(timelock));
            // Executed straight through the timelock (anyone may), or cancelled there by an admin or the guardian.
            if (lock.isOperationDone(proposal.operationId)) return ProposalState.Executed;
            return lock.isOperation(proposal.operationId) ? ProposalState.Queued : ProposalState.Canceled;
        }
        bool passed = proposal.votesFor > proposal.votesAgainst
            && uint256(proposal.votesFor) + proposal.votesAbstain >= proposal.quorumVotes;
        return passed ? ProposalState.Succeeded : ProposalState.Defeated;
    }

    /// @inheritdoc IFundGovernor
    function proposalProposer(uint256 proposalId) external view returns (address) {
        return _proposals[proposalId].proposer;
    }

    /// @dev One vote of any type with its reason (`castVote`, `castVoteBySig`).
    function _castVote(uint256 proposalId, address voter, uint8 support, string calldata reason) private {
        if (support > uint8(VoteType.Abstain)) revert InvalidVoteType(support);
        Proposal storage proposal = _proposals[proposalId];
        uint256 end = proposal.endTime;
        if (end == 0) revert ProposalNotFound(proposalId);
        if (block.timestamp >= end || proposal.executed) revert VotingClosed(proposalId);
        mapping(address voter => bool) storage voted = _hasVoted[proposalId];
        if (voted[voter]) revert AlreadyVoted(proposalId, voter);
        uint256 weight = _pastVotes(voter, proposal.snapshotBlock - 1);
        if (weight == 0) revert NoVotingPower(voter);

        voted[voter] = true;
        uint128 tally = weight.toUint128();
        if (support == uint8(VoteType.For)) proposal.votesFor += tally;
        else if (support == uint8(VoteType.Against)) proposal.votesAgainst += tally;
        else proposal.votesAbstain += tally;
        emit VoteCast(proposalId, voter, support, weight, reason);
    }

    /// @dev Marks a proposal with these actions (`actionsHash`) executed; the timelock then checks that it is queued and
    /// ready.
    function _markExecuted(uint256 proposalId, bytes32 actionsHash) private {
        Proposal storage proposal = _proposals[proposalId];
        if (proposal.actionsHash == bytes32(0)) revert WrongProposalKind(proposalId);
        if (actionsHash != proposal.actionsHash) revert ActionsMismatch(proposalId);
        if (proposal.executed) revert ProposalAlreadyExecuted(proposalId);
        proposal.executed = true;
        emit ProposalExecuted(proposalId);
    }

    /// @dev A succeeded proposal with actions, given exactly (for `queue`).
    function _passedWithActions(
        uint256 proposalId,
        address[] calldata targets,
        uint256[] calldata values,
        bytes[] calldata calldatas
    ) private view returns (Proposal storage proposal) {
        ProposalState state = proposalState(proposalId);
        if (state == ProposalState.Active) revert VotingNotEnded(proposalId);
        if (state != ProposalState.Succeeded) revert ProposalNotPassed(proposalId);
        proposal = _proposals[proposalId];
        if (proposal.actionsHash == bytes32(0)) revert WrongProposalKind(proposalId);
        if (_hashActions(targets, values, calldatas) != proposal.actionsHash) revert ActionsMismatch(proposalId);
    }

    /// @dev The quorum of a proposal created now, in votes.
    function _quorumNow() private view returns (uint128) {
        return (fund.investedTotal() * quorumBasisPoints / BASIS_POINTS).toUint128();
    }

    function _hashActions(address[] calldata targets, uint256[] calldata values, bytes[] calldata calldatas)
        private
        pure
        returns (bytes32)
    {
        return keccak256(abi.encode(targets, values, calldatas));
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
