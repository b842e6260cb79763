// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {HandlerBase} from "./HandlerBase.sol";
import {Vm} from "../utils/Vm.sol";
import {GovernanceHandler} from "./GovernanceHandler.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {MockUSDC} from "../../src/mocks/MockUSDC.sol";

/// @title FundHandler
/// @notice Drives the fund's money and phases for the invariant fuzzer (invest, withdraw, emergency exit, lock,
/// collect with a simulated profit or loss, settle, emergency, whitelist, sweep, time, and privileged calls by
/// non-role holders), keeping ghost state computed independently of the contract: mirrors of the phase, every
/// actor's full voting-power history, per-pool principals, payouts and fees, and withdrawal counters.
contract FundHandler is HandlerBase {
    /// @notice One entry of a full voting-power history: `power` is in effect from the end of `blockNumber`.
    struct PowerEntry {
        uint256 blockNumber;
        uint256 power;
    }

    uint256 internal constant USDC = 1e6;
    uint256 internal constant MAX_INVEST = 1_000_000 * USDC;
    uint256 internal constant MAX_DONATION = 10_000 * USDC;

    address public immutable admin;
    address public immutable operator;
    address public immutable fundWallet;
    /// @notice Simulates the trading wallets' profits and losses.
    TradingDesk internal immutable _desk;

    PrivilegedCalls internal immutable _privilegedCalls;
    /// @dev The fixed set of trading wallets (`_walletOrder` below is their current order in the fund).
    address[] internal _wallets;
    /// @notice Drives the proposals; this handler forwards the fuzzer's governance calls to it, so that one
    /// targeted contract carries every action and the selector weights apply across all of them.
    GovernanceHandler public governance;

    // ---- ghost: mirrors of the fund's phase --------------------------------------------------------

    mapping(address actor => bool) public ghostWhitelisted;
    bool public ghostEmergency;
    uint256 public ghostPoolId = 1;
    bool public ghostLocked;
    uint256 public ghostLockupEnd;
    mapping(address actor => uint256) public ghostPositionPool;
    mapping(address actor => uint256) public ghostPrincipal;

    // ---- ghost: trading wallets -----------------------------------------------------------------------

    /// @dev The open pool's trading wallets in the fund's order, and their allocations.
    address[] internal _walletOrder;
    mapping(address wallet => uint256) public ghostAllocation;
    /// @notice Hash of (wallets, allocations) each pool was locked with.
    mapping(uint256 poolId => bytes32) public ghostLockedWallets;

    // ---- ghost: per pool ---------------------------------------------------------------------------

    mapping(uint256 poolId => uint256) public ghostPrincipalSum;
    mapping(uint256 poolId => uint256) public ghostPreLockup;
    mapping(uint256 poolId => uint256) public ghostCollected;
    mapping(uint256 poolId => uint256) public ghostFee;
    mapping(uint256 poolId => uint256) public ghostPayouts;
    mapping(uint256 poolId => uint256) public ghostInvestorCount;
    mapping(uint256 poolId => uint256) public ghostWithdrawnCount;
    mapping(uint256 poolId => mapping(address actor => uint256)) public ghostWithdrawals;
    mapping(uint256 poolId => mapping(address wallet => bool)) internal _pnlApplied;
    uint256 public ghostFeesPaid;
    uint256 public ghostSwept;

    // ---- ghost: voting power ------------------------------------------------------------------------

    mapping(address actor => PowerEntry[]) internal _history;

    // ---- ghost: flags ------------------------------------------------------------------------------

    /// @notice Set if a privileged call by a non-role-holder ever succeeded.
    bool public ghostPrivilegedCallSucceeded;
    /// @notice Set if an actor that was not whitelisted ever opened or added to a position.
    bool public ghostNonWhitelistedPosition;
    /// @notice Set if an `invest` ever succeeded while the pool was locked or the fund in emergency.
    bool public ghostInvestWhileClosed;

    constructor(
        InvestmentFund fund_,
        MockUSDC token_,
        address admin_,
        address operator_,
        address fundWallet_,
        address outsider_,
        address[] memory actors_,
        address[] memory wallets_,
        uint256[] memory allocations,
        uint256 initiallyWhitelisted
    ) HandlerBase(fund_, token_, outsider_, actors_) {
        admin = admin_;
        operator = operator_;
        fundWallet = fundWallet_;
        _desk = new TradingDesk(token_);
        _privilegedCalls = new PrivilegedCalls(fund_, operator_);
        _wallets = wallets_;
        for (uint256 i; i < wallets_.length; ++i) {
            vm.prank(wallets_[i]);
            token_.approve(address(fund_), type(uint256).max);
            vm.prank(admin_);
            fund_.addTradingWallet(wallets_[i], "Strategy", allocations[i]);
            _walletOrder.push(wallets_[i]);
            ghostAllocation[wallets_[i]] = allocations[i];
        }
        for (uint256 i; i < initiallyWhitelisted; ++i) {
            vm.prank(admin_);
            fund_.whitelistInvestor(actors_[i]);
            ghostWhitelisted[actors_[i]] = true;
        }
    }

    // ================================================================================================
    // Investor actions
    // ================================================================================================

    /// @notice An actor invests `amount` (minted and approved first).
    function invest(uint256 actorSeed, uint256 amount) external {
        address actor;
        if (_invalidMode(actorSeed)) {
            actor = _actor(actorSeed);
            amount = bound(amount, 0, MAX_INVEST);
        } else {
            if (ghostEmergency || ghostLocked) return;
            actor = _findActor(actorSeed, _canInvestNow);
            if (actor == address(0)) return;
            amount = bound(amount, fund.minimumInvestment(), MAX_INVEST);
        }
        bool expected = _canInvestNow(actor) && amount >= fund.minimumInvestment() && !ghostEmergency && !ghostLocked;

        token.mint(actor, amount);
        vm.prank(actor);
        token.approve(address(fund), amount);
        uint256 balanceBefore = token.balanceOf(address(fund));
        vm.prank(actor);
        try fund.invest(amount) {
            _record("invest", true, expected, "");
            if (!ghostWhitelisted[actor]) ghostNonWhitelistedPosition = true;
            if (ghostLocked || ghostEmergency) ghostInvestWhileClosed = true;
            if (token.balanceOf(address(fund)) - balanceBefore != amount) _mismatch("invest: balance delta");
            uint256 poolId = ghostPoolId;
            if (ghostPositionPool[actor] != poolId) {
                ghostPositionPool[actor] = poolId;
                ghostPrincipal[actor] = 0;
            }
            ghostPrincipal[actor] += amount;
            ghostPrincipalSum[poolId] += amount;
            _pushPower(actor, ghostPrincipal[actor]);
        } catch (bytes memory reason) {
            _record("invest", false, expected, reason);
        }
    }

    /// @notice An actor withdraws their share of a settled pool.
    function withdraw(uint256 actorSeed) external {
        address actor = _invalidMode(actorSeed) ? _actor(actorSeed) : _findActor(actorSeed, _canWithdrawSettled);
        if (actor == address(0)) return;
        bool expected = _canWithdrawSettled(actor);
        uint256 poolId = ghostPositionPool[actor];
        uint256 before = token.balanceOf(actor);
        vm.prank(actor);
        try fund.withdraw() returns (uint256 payout) {
            _record("withdraw", true, expected, "");
            _afterSettledWithdrawal(actor, poolId, payout, token.balanceOf(actor) - before);
        } catch (bytes memory reason) {
            _record("withdraw", false, expected, reason);
        }
    }

    /// @notice An actor exits in an emergency: the full principal of the open pool, or a settled share.
    function emergencyWithdraw(uint256 actorSeed) external {
        address actor;
        if (_invalidMode(actorSeed)) {
            actor = _actor(actorSeed);
        } else {
            if (!ghostEmergency) return;
            actor = _findActor(actorSeed, _canEmergencyWithdraw);
            if (actor == address(0)) return;
        }
        bool expected = ghostEmergency && _canEmergencyWithdraw(actor);
        uint256 poolId = ghostPositionPool[actor];
        bool settled = poolId < ghostPoolId;
        uint256 principal = ghostPrincipal[actor];
        uint256 before = token.balanceOf(actor);
        vm.prank(actor);
        try fund.emergencyWithdraw() returns (uint256 payout) {
            _record("emergencyWithdraw", true, expected, "");
            uint256 received = token.balanceOf(actor) - before;
            if (settled) {
                _afterSettledWithdrawal(actor, poolId, payout, received);
            } else {
                if (payout != principal || received != principal) _mismatch("emergencyWithdraw: open-pool payout");
                ghostPrincipalSum[poolId] -= principal;
                ghostPrincipal[actor] = 0;
                _pushPower(actor, 0);
            }
        } catch (bytes memory reason) {
            _record("emergencyWithdraw", false, expected, reason);
        }
    }

    // ================================================================================================
    // Pool actions (admin and operator)
    // ================================================================================================

    /// @notice The admin locks the open pool, sending its funds to the trading wallets by allocation (the last
    /// wallet receives the rounding dust).
    function lock() external {
        uint256 poolId = ghostPoolId;
        uint256 total = ghostPrincipalSum[poolId];
        bool expected = !ghostEmergency && !ghostLocked && total != 0 && _allocationSum() == 10_000;
        uint256 n = _walletOrder.length;
        uint256[] memory before = new uint256[](n);
        for (uint256 i; i < n; ++i) {
            before[i] = token.balanceOf(_walletOrder[i]);
        }
        uint256 balanceBefore = token.balanceOf(address(fund));
        vm.prank(admin);
        try fund.startLockupPeriod() {
            _record("lock", true, expected, "");
            ghostLocked = true;
            ghostLockupEnd = vm.getBlockTimestamp() + fund.lockupPeriodDuration();
            ghostPreLockup[poolId] = total;
            ghostLockedWallets[poolId] = ghostWalletsHash();
            if (balanceBefore - token.balanceOf(address(fund)) != total) _mismatch("lock: funds sent out");
            uint256 sent;
            for (uint256 i; i < n; ++i) {
                uint256 share = i + 1 == n ? total - sent : total * ghostAllocation[_walletOrder[i]] / 10_000;
                sent += share;
                if (token.balanceOf(_walletOrder[i]) - before[i] != share) _mismatch("lock: a wallet's share");
            }
            uint256 investors;
            for (uint256 i; i < _actors.length; ++i) {
                if (ghostPositionPool[_actors[i]] == poolId && ghostPrincipal[_actors[i]] != 0) ++investors;
            }
            ghostInvestorCount[poolId] = investors;
        } catch (bytes memory reason) {
            _record("lock", false, expected, reason);
        }
    }

    /// @notice The admin moves part of one trading wallet's allocation to another by removing both and adding
    /// them back (which also reorders the list); sometimes while locked, out of bounds, re-adding a listed
    /// wallet, or over-allocating.
    function reconfigureWallets(uint256 seed, uint256 bps) external {
        uint256 n = _walletOrder.length;
        if (_invalidMode(seed)) {
            uint256 kind = seed % 3;
            if (kind == 0) _removeWallet(n + seed % 5);
            else if (kind == 1) _addWallet(_walletOrder[(seed >> 8) % n], 1);
            else _addWallet(outsider, bound(bps, 1, 10_000));
            return;
        }
        if (ghostLocked) return;
        uint256 i = seed % n;
        uint256 j = (i + 1 + (seed >> 8) % (n - 1)) % n;
        (address from, address to) = (_walletOrder[i], _walletOrder[j]);
        (uint256 fromAllocation, uint256 toAllocation) = (ghostAllocation[from], ghostAllocation[to]);
        uint256 moved = bound(bps, 0, fromAllocation - 1);
        _removeWallet(i > j ? i : j);
        _removeWallet(i > j ? j : i);
        _addWallet(from, fromAllocation - moved);
        _addWallet(to, toAllocation + moved);
    }

    /// @notice The trading wallet made a bounded profit or loss (once per pool), then the admin or operator
    /// collects part of what it holds; sometimes from a non-wallet, nothing, or more than it holds.
    function collect(uint256 walletSeed, uint256 amount) external {
        address wallet = _wallets[walletSeed % _wallets.length];
        _settleTrades(wallet, walletSeed);
        uint256 held = token.balanceOf(wallet);
        bool expected;
        if (_invalidMode(walletSeed)) {
            uint256 kind = walletSeed % 3;
            if (kind == 0) wallet = _actor(walletSeed >> 8); // not a trading wallet
            amount = kind == 1 ? 0 : held + 1 + bound(amount, 0, MAX_INVEST); // nothing, or more than held
            expected = false;
        } else {
            if (!ghostLocked || held == 0) return;
            amount = bound(amount, 1, held);
            expected = true;
        }
        _collect(wallet, amount, walletSeed, expected);
    }

    /// @notice The admin or operator settles the locked pool with what was collected (waiting for the lockup
    /// end first unless in an emergency, and one time in three collecting everything the wallets hold first);
    /// sometimes too early or with a wrong total.
    function settle(uint256 seed) external {
        uint256 poolId = ghostPoolId;
        bool invalid = _invalidMode(seed);
        if (!invalid) {
            if (!ghostLocked) return;
            if (seed % 3 == 0) _collectEverything(seed);
            if (!ghostEmergency && vm.getBlockTimestamp() < ghostLockupEnd) {
                vm.warp(ghostLockupEnd);
                vm.roll(vm.getBlockNumber() + 1);
            }
        }
        uint256 totalReturned = ghostCollected[poolId];
        if (invalid && seed % 2 == 0) totalReturned += 1 + seed % 1000;
        bool expected = ghostLocked && (ghostEmergency || vm.getBlockTimestamp() >= ghostLockupEnd)
            && totalReturned == ghostCollected[poolId];
        uint256 feeBefore = token.balanceOf(fundWallet);
        vm.prank(_adminOrOperator(seed));
        try fund.endLockupPeriod(totalReturned) {
            _record("settle", true, expected, "");
            uint256 fee = token.balanceOf(fundWallet) - feeBefore;
            uint256 pre = ghostPreLockup[poolId];
            uint256 expectedFee = totalReturned > pre ? (totalReturned - pre) * 2_000 / 10_000 : 0;
            if (fee != expectedFee) _mismatch("settle: fund fee");
            ghostFee[poolId] = fee;
            ghostFeesPaid += fee;
            ghostLocked = false;
            ghostPoolId = poolId + 1;
        } catch (bytes memory reason) {
            _record("settle", false, expected, reason);
        }
    }

    /// @notice The admin turns the emergency state on or off (sometimes to the state it already has).
    function toggleEmergency(uint256 seed) external {
        bool target = !ghostEmergency;
        if (_invalidMode(seed)) {
            target = ghostEmergency;
        } else if (target && seed % 3 != 0) {
            return; // switch the emergency on a third as often as off, so pools keep moving
        }
        bool expected = target != ghostEmergency;
        vm.prank(admin);
        try fund.setEmergencyState(target) {
            _record("toggleEmergency", true, expected, "");
            ghostEmergency = target;
        } catch (bytes memory reason) {
            _record("toggleEmergency", false, expected, reason);
        }
    }

    /// @notice The admin whitelists an actor (reverts if already whitelisted).
    function whitelist(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        bool expected = !ghostWhitelisted[actor];
        vm.prank(admin);
        try fund.whitelistInvestor(actor) {
            _record("whitelist", true, expected, "");
            ghostWhitelisted[actor] = true;
        } catch (bytes memory reason) {
            _record("whitelist", false, expected, reason);
        }
    }

    /// @notice The admin removes an actor from the whitelist (reverts if not whitelisted).
    function delist(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        bool expected = ghostWhitelisted[actor];
        vm.prank(admin);
        try fund.removeInvestorFromWhitelist(actor) {
            _record("delist", true, expected, "");
            ghostWhitelisted[actor] = false;
        } catch (bytes memory reason) {
            _record("delist", false, expected, reason);
        }
    }

    /// @notice Someone sends tokens straight to the fund (not owed to anyone).
    function donate(uint256 amount) external {
        amount = bound(amount, 1, MAX_DONATION);
        token.mint(address(fund), amount);
    }

    /// @notice The admin sweeps what the fund holds beyond what it owes (reverts when there is nothing).
    function sweep() external {
        uint256 balance = token.balanceOf(address(fund));
        uint256 owed = ghostTotalOwed();
        bool expected = balance > owed;
        uint256 before = token.balanceOf(fundWallet);
        vm.prank(admin);
        try fund.sweepExcess() {
            _record("sweep", true, expected, "");
            uint256 swept = token.balanceOf(fundWallet) - before;
            if (swept != balance - owed) _mismatch("sweep: swept amount");
            ghostSwept += swept;
        } catch (bytes memory reason) {
            _record("sweep", false, expected, reason);
        }
    }

    // ================================================================================================
    // Governance (forwarded to `governance`)
    // ================================================================================================

    /// @notice Connects the governance handler (once).
    function setGovernance(GovernanceHandler governance_) external {
        require(address(governance) == address(0), "governance already set");
        governance = governance_;
    }

    /// @notice See `GovernanceHandler.createProposal`.
    function createProposal(uint256 actorSeed, uint256 period) external {
        governance.createProposal(actorSeed, period);
    }

    /// @notice See `GovernanceHandler.vote`.
    function vote(uint256 actorSeed, uint256 proposalSeed, bool support) external {
        governance.vote(actorSeed, proposalSeed, support);
    }

    /// @notice See `GovernanceHandler.execute`.
    function execute(uint256 proposalSeed) external {
        governance.execute(proposalSeed);
    }

    // ================================================================================================
    // Time
    // ================================================================================================

    /// @notice Moves time forward by up to ten days, in a new block.
    function advanceTime(uint256 secondsToAdd) external {
        vm.warp(vm.getBlockTimestamp() + bound(secondsToAdd, 1, 10 days));
        vm.roll(vm.getBlockNumber() + 1);
    }

    /// @notice Mines one block (12 seconds later).
    function advanceBlock() external {
        vm.roll(vm.getBlockNumber() + 1);
        vm.warp(vm.getBlockTimestamp() + 12);
    }

    // ================================================================================================
    // Privileged calls by someone without a role
    // ================================================================================================

    /// @notice The outsider or an investor (neither holds a role) tries a privileged call: it must revert.
    function privilegedCallByNonRole(uint256 callerSeed, uint256 selectorSeed) external {
        address caller = callerSeed % 3 == 0 ? outsider : _actor(callerSeed >> 8);
        address wallet = _wallets[selectorSeed % _wallets.length];
        (bool ok, bytes memory reason) = _privilegedCalls.attempt(
            selectorSeed % 16, caller, wallet, _actor(selectorSeed >> 8), ghostCollected[ghostPoolId], ghostEmergency
        );
        _record("privilegedCallByNonRole", ok, false, reason);
        if (ok) ghostPrivilegedCallSucceeded = true;
    }

    // ================================================================================================
    // Views for the invariants
    // ================================================================================================

    /// @notice Number of entries in `actor`'s full voting-power history.
    function historyLength(address actor) external view returns (uint256) {
        return _history[actor].length;
    }

    /// @notice Entry `index` of `actor`'s full voting-power history.
    function historyAt(address actor, uint256 index) external view returns (uint256 blockNumber, uint256 power) {
        PowerEntry storage e = _history[actor][index];
        return (e.blockNumber, e.power);
    }

    /// @notice `actor`'s voting power at the end of block `blockNumber`, from the full ghost history.
    function ghostPowerAt(address actor, uint256 blockNumber) public view returns (uint256) {
        PowerEntry[] storage h = _history[actor];
        for (uint256 i = h.length; i > 0; --i) {
            if (h[i - 1].blockNumber <= blockNumber) return h[i - 1].power;
        }
        return 0;
    }

    /// @notice Hash of the open pool's (wallets, allocations), as `getTradingWallets` should list them.
    function ghostWalletsHash() public view returns (bytes32) {
        uint256 n = _walletOrder.length;
        uint256[] memory allocations = new uint256[](n);
        for (uint256 i; i < n; ++i) {
            allocations[i] = ghostAllocation[_walletOrder[i]];
        }
        return keccak256(abi.encode(_walletOrder, allocations));
    }

    /// @notice Everything the fund owes, from ghost state: unwithdrawn settled payouts plus the current pool's
    /// deposits (open) or collections (locked).
    function ghostTotalOwed() public view returns (uint256 owed) {
        for (uint256 poolId = 1; poolId < ghostPoolId; ++poolId) {
            owed += ghostPostLockup(poolId) - ghostPayouts[poolId];
        }
        owed += ghostLocked ? ghostCollected[ghostPoolId] : ghostPrincipalSum[ghostPoolId];
    }

    /// @notice What a settled pool owes its investors in all: collected minus the fund fee.
    function ghostPostLockup(uint256 poolId) public view returns (uint256) {
        return ghostCollected[poolId] - ghostFee[poolId];
    }

    // ================================================================================================
    // Internals
    // ================================================================================================

    function _afterSettledWithdrawal(address actor, uint256 poolId, uint256 payout, uint256 received) private {
        uint256 expectedPayout = ghostPrincipal[actor] * ghostPostLockup(poolId) / ghostPreLockup[poolId];
        if (payout != expectedPayout || received != payout) _mismatch("withdraw: payout");
        ++ghostWithdrawals[poolId][actor];
        ++ghostWithdrawnCount[poolId];
        ghostPayouts[poolId] += payout;
        ghostPrincipal[actor] = 0;
        _pushPower(actor, 0);
    }

    /// @dev Applies the pool's profit or loss to `wallet` once, while the pool is locked.
    function _settleTrades(address wallet, uint256 seed) private {
        uint256 poolId = ghostPoolId;
        if (ghostLocked && !_pnlApplied[poolId][wallet]) {
            _pnlApplied[poolId][wallet] = true;
            _desk.applyProfitOrLoss(wallet, uint256(keccak256(abi.encode(seed, wallet, "pnl"))));
        }
    }

    /// @dev Collects all that every trading wallet holds.
    function _collectEverything(uint256 seed) private {
        for (uint256 i; i < _wallets.length; ++i) {
            _settleTrades(_wallets[i], seed);
            uint256 held = token.balanceOf(_wallets[i]);
            if (held != 0) _collect(_wallets[i], held, seed >> i, true);
        }
    }

    function _collect(address wallet, uint256 amount, uint256 seed, bool expected) private {
        uint256 balanceBefore = token.balanceOf(address(fund));
        vm.prank(_adminOrOperator(seed));
        try fund.collectFundsFromTradingWallet(wallet, amount) {
            _record("collect", true, expected, "");
            if (token.balanceOf(address(fund)) - balanceBefore != amount) _mismatch("collect: balance delta");
            ghostCollected[ghostPoolId] += amount;
        } catch (bytes memory reason) {
            _record("collect", false, expected, reason);
        }
    }

    function _removeWallet(uint256 index) private {
        uint256 n = _walletOrder.length;
        bool expected = !ghostLocked && index < n;
        vm.prank(admin);
        try fund.removeTradingWallet(index) {
            _record("removeTradingWallet", true, expected, "");
            for (uint256 k = index; k + 1 < n; ++k) {
                _walletOrder[k] = _walletOrder[k + 1];
            }
            _walletOrder.pop();
        } catch (bytes memory reason) {
            _record("removeTradingWallet", false, expected, reason);
        }
    }

    function _addWallet(address wallet, uint256 allocation) private {
        bool listed;
        for (uint256 k; k < _walletOrder.length; ++k) {
            if (_walletOrder[k] == wallet) listed = true;
        }
        bool expected = !ghostLocked && !listed && allocation != 0 && _allocationSum() + allocation <= 10_000
            && _walletOrder.length < 10;
        vm.prank(admin);
        try fund.addTradingWallet(wallet, "Strategy", allocation) {
            _record("addTradingWallet", true, expected, "");
            _walletOrder.push(wallet);
            ghostAllocation[wallet] = allocation;
        } catch (bytes memory reason) {
            _record("addTradingWallet", false, expected, reason);
        }
    }

    function _allocationSum() private view returns (uint256 sum) {
        for (uint256 k; k < _walletOrder.length; ++k) {
            sum += ghostAllocation[_walletOrder[k]];
        }
    }

    function _pushPower(address actor, uint256 power) private {
        _history[actor].push(PowerEntry({blockNumber: vm.getBlockNumber(), power: power}));
    }

    function _canInvestNow(address actor) private view returns (bool) {
        return ghostWhitelisted[actor] && (ghostPositionPool[actor] == ghostPoolId || ghostPrincipal[actor] == 0);
    }

    function _canWithdrawSettled(address actor) private view returns (bool) {
        return ghostPrincipal[actor] != 0 && ghostPositionPool[actor] < ghostPoolId;
    }

    function _canEmergencyWithdraw(address actor) private view returns (bool) {
        return ghostPrincipal[actor] != 0 && (ghostPositionPool[actor] < ghostPoolId || !ghostLocked);
    }

    function _adminOrOperator(uint256 seed) private view returns (address) {
        return (seed >> 4) % 2 == 0 ? operator : admin;
    }
}

/// @title PrivilegedCalls
/// @notice Makes the privileged calls that `FundHandler` has a non-role holder attempt (a separate contract keeps
/// the handler under the contract-size limit).
contract PrivilegedCalls {
    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    InvestmentFund internal immutable _fund;
    address internal immutable _operator;

    constructor(InvestmentFund fund_, address operator_) {
        _fund = fund_;
        _operator = operator_;
    }

    /// @notice Has `caller` make privileged call `kind` (0-15) and returns its outcome.
    function attempt(uint256 kind, address caller, address wallet, address investor, uint256 collected, bool emergency)
        external
        returns (bool ok, bytes memory reason)
    {
        bytes memory data = _calldata(kind, caller, wallet, investor, collected, emergency);
        vm.prank(caller);
        (ok, reason) = address(_fund).call(data);
    }

    function _calldata(
        uint256 kind,
        address caller,
        address wallet,
        address investor,
        uint256 collected,
        bool emergency
    ) private view returns (bytes memory) {
        InvestmentFund fund = _fund;
        if (kind == 0) return abi.encodeCall(fund.startLockupPeriod, ());
        if (kind == 1) return abi.encodeCall(fund.collectFundsFromTradingWallet, (wallet, 1));
        if (kind == 2) return abi.encodeCall(fund.endLockupPeriod, (collected));
        if (kind == 3) return abi.encodeCall(fund.addTradingWallet, (caller, "Rogue", 1));
        if (kind == 4) return abi.encodeCall(fund.removeTradingWallet, (0));
        if (kind == 5) return abi.encodeCall(fund.whitelistInvestor, (caller));
        if (kind == 6) return abi.encodeCall(fund.removeInvestorFromWhitelist, (investor));
        if (kind == 7) return abi.encodeCall(fund.setEmergencyState, (!emergency));
        if (kind == 8) return abi.encodeCall(fund.setMinimumInvestment, (1));
        if (kind == 9) return abi.encodeCall(fund.setLockupPeriodDuration, (1 hours));
        if (kind == 10) return abi.encodeCall(fund.setFundWallet, (caller));
        if (kind == 11) return abi.encodeCall(fund.sweepExcess, ());
        if (kind == 12) return abi.encodeCall(fund.grantRole, (fund.ADMIN_ROLE(), caller));
        if (kind == 13) return abi.encodeCall(fund.grantRole, (fund.OPERATOR_ROLE(), caller));
        if (kind == 14) return abi.encodeCall(fund.grantRole, (fund.DEFAULT_ADMIN_ROLE(), caller));
        return abi.encodeCall(fund.revokeRole, (fund.OPERATOR_ROLE(), _operator));
    }
}

/// @title TradingDesk
/// @notice Simulates a trading wallet's result for `FundHandler` (a separate contract keeps the handler under the
/// contract-size limit).
contract TradingDesk {
    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    MockUSDC internal immutable token;
    /// @notice Where trading losses go (tokens "burnt" by transferring them away).
    address public constant LOSS_SINK = address(0x10550);

    constructor(MockUSDC token_) {
        token = token_;
    }

    /// @notice Gives `wallet` a profit (minted) or loss (sent away): a total loss one time in ten, otherwise
    /// uniformly between -40% and +60% of what it holds.
    function applyProfitOrLoss(address wallet, uint256 seed) external {
        uint256 held = token.balanceOf(wallet);
        if (held == 0) return;
        uint256 lossOrGain;
        if (seed % 10 == 0) {
            lossOrGain = held;
            vm.prank(wallet);
            require(token.transfer(LOSS_SINK, lossOrGain), "loss transfer");
            return;
        }
        uint256 bps = (seed >> 8) % 10_001; // 0..10_000 maps to -40%..+60%
        if (bps < 4_000) {
            lossOrGain = held * (4_000 - bps) / 10_000;
            vm.prank(wallet);
            require(token.transfer(LOSS_SINK, lossOrGain), "loss transfer");
        } else {
            token.mint(wallet, held * (bps - 4_000) / 10_000);
        }
    }
}
