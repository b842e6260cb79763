// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {HandlerBase} from "./HandlerBase.sol";
import {FundHandler} from "./FundHandler.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {Vm} from "../utils/Vm.sol";

/// @title GovernanceHandler
/// @notice Drives proposals for the invariant fuzzer (create, vote, execute) from the same actors as
/// `FundHandler`, and records each vote's expected weight, computed from `FundHandler`'s full voting-power
/// history: the voter's power at the end of block snapshot - 1, the snapshot being the proposal's creation block.
contract GovernanceHandler is HandlerBase {
    /// @notice What the handler knows about a proposal, computed from the ghost history.
    struct GhostProposal {
        uint256 snapshotBlock;
        uint256 endTime;
        address proposer;
        bool executed;
        uint256 expectedFor;
        uint256 expectedAgainst;
        /// @dev For votes needed: the quorum share of what investors held at creation.
        uint256 quorum;
        /// @dev A proposal with an action (a vault's new lockup length) rather than a signal.
        bool hasActions;
        uint256 vaultId;
        uint256 duration;
        bool queued;
        uint256 readyAt;
    }

    /// @notice The handler that owns the ghost voting-power histories and the whitelist mirror.
    FundHandler public immutable funds;

    mapping(uint256 proposalId => GhostProposal) internal _proposals;
    uint256 public ghostProposalCount;
    /// @notice Successful votes per proposal and actor.
    mapping(uint256 proposalId => mapping(address actor => uint256)) public ghostVotes;
    /// @notice The weight each vote must have had: the voter's ghost power at the end of block snapshot - 1.
    mapping(uint256 proposalId => mapping(address actor => uint256)) public ghostVoteWeight;
    /// @notice Set if an actor that was not whitelisted (removed from the whitelist) ever created a proposal.
    bool public ghostDelistedProposer;

    constructor(FundHandler funds_, address[] memory actors_)
        HandlerBase(funds_.fund(), funds_.token(), funds_.outsider(), actors_)
    {
        funds = funds_;
    }

    /// @notice An actor with voting power before this block opens a proposal; sometimes with a voting period out
    /// of range, or by an actor without power.
    function createProposal(uint256 actorSeed, uint256 period) external {
        address actor;
        if (_invalidMode(actorSeed)) {
            actor = _actor(actorSeed);
            if (actorSeed % 2 == 0) {
                period = period % 2 == 0 ? bound(period, 0, 1 hours - 1) : 90 days + 1 + period % 1e9;
            } else {
                period = bound(period, 1 hours, 60 days);
            }
        } else {
            actor = _findActor(actorSeed, _mayPropose);
            if (actor == address(0)) return;
            period = bound(period, 1 hours, 60 days);
        }
        uint256 blockNumber = vm.getBlockNumber();
        bool expected = _mayPropose(actor) && period >= 1 hours && period <= 90 days;
        uint256 quorum = _quorumNow();
        vm.prank(actor);
        try governor.createProposal("proposal", period) returns (uint256 id) {
            _record("createProposal", true, expected, "");
            _newGhost(id, actor, blockNumber, period, quorum);
        } catch (bytes memory reason) {
            _record("createProposal", false, expected, reason);
        }
    }

    /// @notice An investor proposes an action: a vault's new lockup length (1 to 60 days), which only the timelock can
    /// make, after the vote, the queue and the delay.
    function proposeLockup(uint256 actorSeed, uint256 vaultSeed, uint256 daysSeed) external {
        address actor = _findActor(actorSeed, _mayPropose);
        if (actor == address(0)) return;
        uint256 v = vaultSeed % 2 + 1;
        uint256 duration = (daysSeed % 60 + 1) * 1 days;
        (address[] memory targets, uint256[] memory values, bytes[] memory calldatas) = _lockupAction(v, duration);
        uint256 blockNumber = vm.getBlockNumber();
        uint256 quorum = _quorumNow();
        vm.prank(actor);
        try governor.propose(targets, values, calldatas, "lockup", 1 hours) returns (uint256 id) {
            _record("proposeLockup", true, true, "");
            GhostProposal storage p = _newGhost(id, actor, blockNumber, 1 hours, quorum);
            (p.hasActions, p.vaultId, p.duration) = (true, v, duration);
        } catch (bytes memory reason) {
            _record("proposeLockup", false, true, reason);
        }
    }

    /// @notice Anyone queues a passed action proposal in the timelock; sometimes one that has not passed.
    function queue(uint256 seed) external {
        uint256 id = _pickAction(seed, _canQueue);
        if (id == 0) return;
        GhostProposal storage p = _proposals[id];
        bool expected = _canQueue(id);
        (address[] memory targets, uint256[] memory values, bytes[] memory calldatas) =
            _lockupAction(p.vaultId, p.duration);
        vm.prank(outsider);
        try governor.queue(id, targets, values, calldatas) {
            _record("queue", true, expected, "");
            (p.queued, p.readyAt) = (true, vm.getBlockTimestamp() + funds.timelock().getMinDelay());
        } catch (bytes memory reason) {
            _record("queue", false, expected, reason);
        }
    }

    /// @notice Anyone executes a queued action proposal through the governor: valid calls let the delay pass first (so
    /// executions happen within a campaign's depth), invalid ones try it whenever, early included.
    function executeActions(uint256 seed) external {
        uint256 id = _pickAction(seed, _isQueued);
        if (id == 0) return;
        GhostProposal storage p = _proposals[id];
        if (!_invalidMode(seed) && _isQueued(id) && vm.getBlockTimestamp() < p.readyAt) {
            vm.warp(p.readyAt);
            vm.roll(vm.getBlockNumber() + 1);
        }
        bool expected = _canExecuteActions(id);
        (address[] memory targets, uint256[] memory values, bytes[] memory calldatas) =
            _lockupAction(p.vaultId, p.duration);
        vm.prank(outsider);
        try governor.execute(id, targets, values, calldatas) {
            _record("executeActions", true, expected, "");
            p.executed = true;
            funds.noteTimelockedLockup(p.vaultId, p.duration, p.readyAt);
        } catch (bytes memory reason) {
            _record("executeActions", false, expected, reason);
        }
    }

    /// @notice An actor votes on a proposal; valid calls pick an open proposal and an actor who may vote on it.
    /// The `Voted` weight must equal the ghost history's power at the end of block snapshot - 1.
    function vote(uint256 actorSeed, uint256 proposalSeed, bool support) external {
        uint256 count = ghostProposalCount;
        if (count == 0) return;
        uint256 id = proposalSeed % count + 1;
        address actor = _actor(actorSeed);
        if (!_invalidMode(actorSeed)) {
            bool found;
            for (uint256 j; j < count && !found; ++j) {
                uint256 candidate = (proposalSeed % count + j) % count + 1;
                for (uint256 i; i < _actors.length; ++i) {
                    address a = _actors[(actorSeed % _actors.length + i) % _actors.length];
                    if (_canVote(candidate, a)) {
                        (id, actor, found) = (candidate, a, true);
                        break;
                    }
                }
            }
            if (!found) return;
        }
        bool expected = _canVote(id, actor);
        uint256 weight = expectedWeight(id, actor);
        vm.recordLogs();
        vm.prank(actor);
        try governor.vote(id, support) {
            _record("vote", true, expected, "");
            if (_votedWeight(vm.getRecordedLogs()) != weight) _mismatch("vote: Voted weight != ghost snapshot power");
            ++ghostVotes[id][actor];
            ghostVoteWeight[id][actor] = weight;
            if (support) _proposals[id].expectedFor += weight;
            else _proposals[id].expectedAgainst += weight;
        } catch (bytes memory reason) {
            _record("vote", false, expected, reason);
        }
    }

    /// @notice Anyone executes a proposal (succeeds only after its end, once, with more votes for); valid calls
    /// pick an executable proposal when there is one.
    function execute(uint256 proposalSeed) external {
        uint256 count = ghostProposalCount;
        if (count == 0) return;
        uint256 id = proposalSeed % count + 1;
        if (!_invalidMode(proposalSeed)) {
            for (uint256 j; j < count; ++j) {
                uint256 candidate = (proposalSeed % count + j) % count + 1;
                if (_canExecute(candidate)) {
                    id = candidate;
                    break;
                }
            }
        }
        bool expected = _canExecute(id);
        vm.prank(proposalSeed % 2 == 0 ? outsider : _actor(proposalSeed >> 8));
        try governor.executeProposal(id) {
            _record("execute", true, expected, "");
            _proposals[id].executed = true;
        } catch (bytes memory reason) {
            _record("execute", false, expected, reason);
        }
    }

    // ---- views for the invariants --------------------------------------------------------------------

    /// @notice The weight `actor`'s vote on `proposalId` must have: power at the end of block snapshot - 1.
    function expectedWeight(uint256 proposalId, address actor) public view returns (uint256) {
        return funds.ghostPowerAt(actor, _proposals[proposalId].snapshotBlock - 1);
    }

    /// @notice A proposal's ghost record.
    function ghostProposal(uint256 proposalId) external view returns (GhostProposal memory) {
        return _proposals[proposalId];
    }

    // ---- internals -----------------------------------------------------------------------------------

    function _newGhost(uint256 id, address actor, uint256 blockNumber, uint256 period, uint256 quorum)
        private
        returns (GhostProposal storage p)
    {
        ++ghostProposalCount;
        if (id != ghostProposalCount) _mismatch("createProposal: id");
        p = _proposals[id];
        p.snapshotBlock = blockNumber;
        p.endTime = vm.getBlockTimestamp() + period;
        p.proposer = actor;
        p.quorum = quorum;
        if (!funds.ghostWhitelisted(actor)) ghostDelistedProposer = true;
    }

    /// @dev The quorum of a proposal created now (its base read from the fund: the invariants here are about who may
    /// act and when, `GovernanceActions.t.sol` pins the base itself).
    function _quorumNow() private view returns (uint256) {
        return fund.investedTotal() * governor.quorumBasisPoints() / 10_000;
    }

    function _lockupAction(uint256 v, uint256 duration)
        private
        view
        returns (address[] memory targets, uint256[] memory values, bytes[] memory calldatas)
    {
        targets = new address[](1);
        values = new uint256[](1);
        calldatas = new bytes[](1);
        targets[0] = address(fund);
        calldatas[0] = abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (v, duration));
    }

    /// @dev An action proposal: one that `ok` accepts when there is one (valid mode), else any action proposal.
    function _pickAction(uint256 seed, function(uint256) view returns (bool) ok) private view returns (uint256 any) {
        uint256 count = ghostProposalCount;
        for (uint256 j; j < count; ++j) {
            uint256 id = (seed % count + j) % count + 1;
            if (!_proposals[id].hasActions) continue;
            if (any == 0) any = id;
            if (!_invalidMode(seed) && ok(id)) return id;
        }
    }

    function _passed(uint256 id) private view returns (bool) {
        GhostProposal storage p = _proposals[id];
        return vm.getBlockTimestamp() >= p.endTime && p.expectedFor > p.expectedAgainst && p.expectedFor >= p.quorum;
    }

    function _canQueue(uint256 id) private view returns (bool) {
        GhostProposal storage p = _proposals[id];
        return p.hasActions && !p.queued && _passed(id);
    }

    function _isQueued(uint256 id) private view returns (bool) {
        GhostProposal storage p = _proposals[id];
        return p.queued && !p.executed;
    }

    function _canExecuteActions(uint256 id) private view returns (bool) {
        GhostProposal storage p = _proposals[id];
        return p.queued && !p.executed && vm.getBlockTimestamp() >= p.readyAt;
    }

    /// @dev A proposer must be whitelisted and have had voting power before this block.
    function _mayPropose(address actor) private view returns (bool) {
        return funds.ghostWhitelisted(actor) && funds.ghostPowerAt(actor, vm.getBlockNumber() - 1) != 0;
    }

    function _canVote(uint256 id, address actor) private view returns (bool) {
        GhostProposal storage p = _proposals[id];
        return vm.getBlockTimestamp() < p.endTime && !p.executed && ghostVotes[id][actor] == 0
            && expectedWeight(id, actor) != 0;
    }

    function _canExecute(uint256 id) private view returns (bool) {
        GhostProposal storage p = _proposals[id];
        return !p.executed && !p.hasActions && _passed(id);
    }

    /// @dev The weight in the `Voted` event among `logs` (type(uint256).max if there is none).
    function _votedWeight(Vm.Log[] memory logs) private view returns (uint256) {
        bytes32 topic = keccak256("Voted(uint256,address,bool,uint256)");
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter == address(governor) && logs[i].topics[0] == topic) {
                (, uint256 weight) = abi.decode(logs[i].data, (bool, uint256));
                return weight;
            }
        }
        return type(uint256).max;
    }
}
