// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {HandlerBase} from "./HandlerBase.sol";
import {GovernanceHandler} from "./GovernanceHandler.sol";
import {FundTimelock} from "../../src/FundTimelock.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {IInvestmentFund} from "../../src/interfaces/IInvestmentFund.sol";
import {MockUSDC} from "../../src/mocks/MockUSDC.sol";
import {FundViewsCalls} from "../utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @title FundHandler
/// @notice Drives both vaults for the invariant fuzzer: invest, withdraw (settled payout or open-pool refund),
/// emergency exit, roll-over choices, lock, collect with a simulated profit or loss (a total loss now and then),
/// settle (confirming a loss when it is one), fee claims, emergency, whitelist, donations, sweeps and time.
/// @dev Keeps ghost books of every token flow per vault, the reserve each settled pool set aside and what it
/// paid, and every actor's voting-power history. A call the model deems valid must succeed and an invalid one
/// must revert (`HandlerBase` counts surprises); roll-over value conservation is checked at every settlement.
contract FundHandler is HandlerBase {
    struct PowerEntry {
        uint256 blockNumber;
        uint256 power;
    }

    uint256 internal constant USDC = 1e6;
    /// @dev The NAV report hash the tests' settlements carry.
    bytes32 internal constant REPORT = keccak256("a round's NAV report");
    uint256 internal constant MAX_INVEST = 1_000_000 * USDC;
    uint256 internal constant VAULTS = 2;
    uint256 internal constant SCALE = 1e18;
    address internal constant LOSS_SINK = address(0x10550);

    address public immutable admin;
    address public immutable operator;
    address public immutable fundWallet;
    GovernanceHandler public governance;

    /// @dev Trading wallets per vault (fixed for the campaign).
    mapping(uint256 vaultId => address[]) internal _wallets;

    // ---- ghost state -------------------------------------------------------------------------------
    mapping(address actor => bool) public ghostWhitelisted;
    bool public ghostEmergency;
    /// @notice Deposits and new rounds paused (by the guardian or an admin) and wind-downs, per vault.
    mapping(uint256 vaultId => bool) public ghostPaused;
    mapping(uint256 vaultId => bool) public ghostWindingDown;

    /// @dev A change scheduled in the timelock: the vault whose lockup it sets, to what, and when it may apply.
    struct GhostChange {
        uint256 vaultId;
        uint256 duration;
        uint256 readyAt;
        bytes32 salt;
        bool cancelled;
        bool executed;
    }

    FundTimelock public timelock;
    address public guardian;
    GhostChange[] internal _changes;
    /// @notice Each vault's lockup length as the executed changes left it (only executions at or after their time).
    mapping(uint256 vaultId => uint256) public ghostLockupDuration;
    /// @notice Executions that succeeded before their time (must stay 0).
    uint256 public earlyExecutions;
    mapping(uint256 vaultId => bool) public ghostLocked;
    mapping(uint256 vaultId => uint256) public ghostLockupEnd;
    /// @dev A settlement proposed and waiting its challenge window (vault 2 has one; vault 1 settles at once).
    mapping(uint256 vaultId => bool) public ghostProposed;
    mapping(uint256 vaultId => uint256) public ghostFinalAt;
    mapping(uint256 vaultId => uint256) public ghostProposedTotal;
    /// @dev The waiting proposal lies outside the vault's bounds (vault 2 has some), and whether a guardian co-signed it.
    mapping(uint256 vaultId => bool) public ghostNeedsCosign;
    mapping(uint256 vaultId => bool) public ghostCosigned;
    /// @dev Finalisations tried before their window ended (each must have reverted) and vetoes that held.
    uint256 public ghostEarlyFinalises;
    /// @dev The fee model: the vault's rates, the rates its locked round was locked at, and its high-water mark (0:
    /// the current pool's start price stands for it).
    mapping(uint256 vaultId => uint256) public ghostManagementBps;
    mapping(uint256 vaultId => uint256) public ghostPerformanceBps;
    mapping(uint256 vaultId => uint256) public ghostLockedManagementBps;
    mapping(uint256 vaultId => uint256) public ghostLockedPerformanceBps;
    mapping(uint256 vaultId => uint256) public ghostMark;
    uint256 public ghostFeeCuts;
    /// @dev The caps model: each vault's caps (0: none), and how many deposits a cap refused.
    mapping(uint256 vaultId => uint256) public ghostDepositCap;
    mapping(uint256 vaultId => uint256) public ghostInvestorCap;
    uint256 public ghostCapRefusals;
    uint256 public ghostVetoes;
    /// @notice Tokens that came into / went out of the fund for a vault, and the fees its pools accrued.
    mapping(uint256 vaultId => uint256) public ghostIn;
    mapping(uint256 vaultId => uint256) public ghostOut;
    mapping(uint256 vaultId => uint256) public ghostFees;
    /// @notice What each settled pool reserved for its non-rolling positions, and what it paid them.
    mapping(uint256 poolId => uint256) public ghostReserved;
    mapping(uint256 poolId => uint256) public ghostPaid;
    mapping(uint256 poolId => mapping(address wallet => bool)) internal _pnlApplied;
    uint256 public ghostDonated;
    uint256 public ghostFeesClaimed;
    uint256 public ghostSwept;
    /// @notice Settlements at which rolling positions were checked, and total-loss settlements.
    uint256 public ghostRollChecks;
    uint256 public ghostWipes;
    mapping(uint256 vaultId => bool) public ghostWiped;
    mapping(address actor => PowerEntry[]) internal _history;

    constructor(
        InvestmentFund fund_,
        MockUSDC token_,
        address admin_,
        address operator_,
        address fundWallet_,
        address outsider_,
        address[] memory actors_,
        address[] memory futuresWallets,
        address nftWallet
    ) HandlerBase(fund_, token_, outsider_, actors_) {
        admin = admin_;
        operator = operator_;
        fundWallet = fundWallet_;
        _wallets[1] = futuresWallets;
        _wallets[2].push(nftWallet);
        for (uint256 v = 1; v <= VAULTS; ++v) {
            address[] storage wallets = _wallets[v];
            for (uint256 i; i < wallets.length; ++i) {
                vm.prank(wallets[i]);
                token_.approve(address(fund_), type(uint256).max);
                vm.prank(admin_);
                fund_.addTradingWallet(v, wallets[i], "Strategy", 10_000 / wallets.length);
            }
        }
        for (uint256 i; i < 3; ++i) {
            vm.prank(admin_);
            fund_.whitelistInvestor(actors_[i]);
            ghostWhitelisted[actors_[i]] = true;
        }
    }

    /// @notice The timelock and guardian of the fund (the deployer has handed the top role over).
    function setTimelock(FundTimelock timelock_, address guardian_) external {
        require(address(timelock) == address(0), "timelock already set");
        timelock = timelock_;
        guardian = guardian_;
        for (uint256 v = 1; v <= VAULTS; ++v) {
            ghostLockupDuration[v] = fund.lockupPeriodDuration(v);
            IInvestmentFund.VaultInfo memory info = fund.getVault(v);
            ghostManagementBps[v] = info.managementFeeBps;
            ghostPerformanceBps[v] = info.performanceFeeBps;
        }
    }

    function setGovernance(GovernanceHandler governance_) external {
        require(address(governance) == address(0), "governance already set");
        governance = governance_;
    }

    // ================================================================================================
    // Investors
    // ================================================================================================

    function invest(uint256 vaultSeed, uint256 actorSeed, uint256 amount) external {
        uint256 v = vaultSeed % VAULTS + 1;
        address actor = _actor(actorSeed);
        bool invalid = _invalidMode(actorSeed);
        amount = invalid ? bound(amount, 0, MAX_INVEST) : bound(amount, fund.minimumInvestment(v), MAX_INVEST);
        IInvestmentFund.PositionInfo memory p = fund.getPosition(actor, v);
        bool settledPosition = p.shares != 0 && p.poolState == IInvestmentFund.PoolState.Settled;
        bool expected = ghostWhitelisted[actor] && !ghostEmergency && !_stopped(v) && !ghostLocked[v]
            && !settledPosition && amount >= fund.minimumInvestment(v);
        bool capped = expected && !_withinCaps(v, p, amount);
        if (capped) expected = false;
        if (!invalid && !expected && !capped) return;
        token.mint(actor, amount);
        vm.prank(actor);
        token.approve(address(fund), amount);
        vm.prank(actor);
        try fund.invest(v, amount) {
            _record("invest", true, expected, "");
            ghostIn[v] += amount;
            _pushPower(actor);
        } catch (bytes memory reason) {
            _record("invest", false, expected, reason);
            if (capped) ++ghostCapRefusals;
        }
    }

    /// @dev The caps as `invest` applies them: the round's funds after the deposit, and the investor's shares in the
    /// round (held and bought, at the round's price) worth at most the investor cap.
    function _withinCaps(uint256 v, IInvestmentFund.PositionInfo memory p, uint256 amount) private view returns (bool) {
        IInvestmentFund.PoolInfo memory pool = fund.getPoolInfo(fund.currentPoolId(v));
        uint256 cap = ghostDepositCap[v];
        if (cap != 0 && pool.totalFunds + amount > cap) return false;
        cap = ghostInvestorCap[v];
        if (cap == 0) return true;
        uint256 price = pool.startSharePrice;
        uint256 shares = amount * SCALE / price;
        return (p.shares + shares) * price / SCALE <= cap;
    }

    /// @notice An admin sets a vault's caps: adding or lowering goes through at once, raising or removing is the
    /// timelock's and is refused here.
    function setCaps(uint256 vaultSeed, uint256 depositSeed, uint256 investorSeed) external {
        uint256 v = vaultSeed % VAULTS + 1;
        uint256 funds = fund.getPoolInfo(fund.currentPoolId(v)).totalFunds;
        uint256 depositCap = depositSeed % 4 == 0 ? 0 : funds + bound(depositSeed, 0, 3 * MAX_INVEST);
        uint256 investorCap = investorSeed % 4 == 0 ? 0 : bound(investorSeed, 0, 2 * MAX_INVEST);
        bool expected = !_capRaised(ghostDepositCap[v], depositCap) && !_capRaised(ghostInvestorCap[v], investorCap);
        vm.prank(admin);
        try fund.setCaps(v, depositCap, investorCap) {
            _record("setCaps", true, expected, "");
            (ghostDepositCap[v], ghostInvestorCap[v]) = (depositCap, investorCap);
        } catch (bytes memory reason) {
            _record("setCaps", false, expected, reason);
        }
    }

    function _capRaised(uint256 current, uint256 next) private pure returns (bool) {
        return current != 0 && (next == 0 || next > current);
    }

    function withdraw(uint256 vaultSeed, uint256 actorSeed) external {
        _exit(vaultSeed % VAULTS + 1, actorSeed, false);
    }

    function emergencyWithdraw(uint256 vaultSeed, uint256 actorSeed) external {
        _exit(vaultSeed % VAULTS + 1, actorSeed, true);
    }

    function setRollOver(uint256 vaultSeed, uint256 actorSeed, bool enabled) external {
        uint256 v = vaultSeed % VAULTS + 1;
        address actor = _actor(actorSeed);
        IInvestmentFund.PositionInfo memory p = fund.getPosition(actor, v);
        bool expected = p.shares == 0 || p.poolState != IInvestmentFund.PoolState.Settled;
        if (!expected && !_invalidMode(actorSeed)) return;
        vm.prank(actor);
        try fund.setRollOver(v, enabled) {
            _record("setRollOver", true, expected, "");
            if (fund.getPosition(actor, v).rollOver != enabled) _mismatch("setRollOver: choice not stored");
            _pushPower(actor);
        } catch (bytes memory reason) {
            _record("setRollOver", false, expected, reason);
        }
    }

    // ================================================================================================
    // Pools
    // ================================================================================================

    function lock(uint256 vaultSeed) external {
        uint256 v = vaultSeed % VAULTS + 1;
        uint256 poolId = fund.currentPoolId(v);
        IInvestmentFund.PoolInfo memory info = fund.getPoolInfo(poolId);
        bool expected = !ghostEmergency && !_stopped(v) && !ghostLocked[v] && info.totalShares != 0;
        uint256 before = token.balanceOf(address(fund));
        vm.prank(admin);
        try fund.startLockupPeriod(v) {
            _record("lock", true, expected, "");
            ghostLocked[v] = true;
            ghostLockupEnd[v] = vm.getBlockTimestamp() + fund.lockupPeriodDuration(v);
            ghostLockedManagementBps[v] = ghostManagementBps[v];
            ghostLockedPerformanceBps[v] = ghostPerformanceBps[v];
            ghostOut[v] += info.totalFunds;
            if (before - token.balanceOf(address(fund)) != info.totalFunds) _mismatch("lock: funds sent out");
        } catch (bytes memory reason) {
            _record("lock", false, expected, reason);
        }
    }

    /// @notice A trading wallet of the vault made a profit or loss (once per pool), then part of what it holds
    /// is collected; sometimes from another vault's wallet.
    function collect(uint256 vaultSeed, uint256 walletSeed, uint256 amount) external {
        uint256 v = vaultSeed % VAULTS + 1;
        address wallet = _wallets[v][walletSeed % _wallets[v].length];
        bool expected = true;
        if (_invalidMode(walletSeed)) {
            wallet = _wallets[v % VAULTS + 1][0]; // the other vault's wallet
            expected = false;
        }
        if (expected && !ghostLocked[v]) return;
        // A waiting proposal claims what was collected: collecting is refused until it is final or vetoed.
        if (ghostProposed[v]) expected = false;
        _applyPnl(v, wallet, walletSeed);
        uint256 held = token.balanceOf(wallet);
        if (held == 0) return;
        amount = bound(amount, 1, held);
        _collect(v, wallet, amount, expected && ghostLocked[v], walletSeed);
    }

    /// @notice Anyone finalises a waiting settlement: before its window it must revert; after, what settles is the
    /// proposal exactly.
    function finalize(uint256 vaultSeed, uint256 seed) external {
        uint256 v = vaultSeed % VAULTS + 1;
        if (!ghostProposed[v]) return;
        bool early = seed % 3 == 0 && vm.getBlockTimestamp() < ghostFinalAt[v];
        if (!early && vm.getBlockTimestamp() < ghostFinalAt[v]) vm.warp(ghostFinalAt[v]);
        bool unsigned = ghostNeedsCosign[v] && !ghostCosigned[v];
        uint256 poolId = fund.currentPoolId(v);
        IInvestmentFund.PoolInfo memory info = fund.getPoolInfo(poolId);
        (address[] memory rollers, uint256[] memory shares) = _rollingPositions(v);
        vm.prank(_actor(seed));
        try fund.finalizeSettlement(v) {
            _record("finalize", true, !early && !unsigned, "");
            ghostLocked[v] = false;
            ghostProposed[v] = false;
            IInvestmentFund.PoolInfo memory settled = fund.getPoolInfo(poolId);
            if (settled.postLockupTotal + settled.fundFee != ghostProposedTotal[v]) {
                _mismatch("finalize: investors + fee != the proposed total");
            }
            if (settled.reportHash != REPORT) _mismatch("finalize: report changed");
            _afterSettle(v, poolId, info, rollers, shares);
        } catch (bytes memory reason) {
            _record("finalize", false, !early && !unsigned, reason);
            if (early) ++ghostEarlyFinalises;
        }
    }

    /// @notice A guardian co-signs a waiting proposal outside the bounds (an admin, or a second signature, is refused).
    function cosign(uint256 vaultSeed, uint256 seed) external {
        uint256 v = vaultSeed % VAULTS + 1;
        if (!ghostProposed[v]) return;
        bool byAdmin = _invalidMode(seed);
        bool expected = !byAdmin && ghostNeedsCosign[v] && !ghostCosigned[v];
        vm.prank(byAdmin ? admin : guardian);
        try fund.cosignSettlement(v) {
            _record("cosign", true, expected, "");
            ghostCosigned[v] = true;
        } catch (bytes memory reason) {
            _record("cosign", false, expected, reason);
        }
    }

    /// @dev The contract's bounds rule, restated: a loss above `maxLossBps` or a gain above `maxGainBps` of the principal.
    function _outsideBounds(IInvestmentFund.VaultInfo memory vault, uint256 principal, uint256 total)
        private
        pure
        returns (bool)
    {
        if (total < principal) return (principal - total) * 10_000 > principal * vault.maxLossBps;
        return vault.maxGainBps != type(uint16).max && (total - principal) * 10_000 > principal * vault.maxGainBps;
    }

    /// @notice The guardian or an admin vetoes a waiting settlement (a stranger is refused): the round stays locked.
    function veto(uint256 vaultSeed, uint256 seed) external {
        uint256 v = vaultSeed % VAULTS + 1;
        if (!ghostProposed[v]) return;
        bool invalid = _invalidMode(seed);
        address caller = invalid ? outsider : (seed % 2 == 0 ? guardian : admin);
        vm.prank(caller);
        try fund.vetoSettlement(v) {
            _record("veto", true, !invalid, "");
            ghostProposed[v] = false;
            ghostNeedsCosign[v] = false;
            ++ghostVetoes;
            if (fund.getPoolInfo(fund.currentPoolId(v)).reportHash != bytes32(0)) _mismatch("veto: report kept");
        } catch (bytes memory reason) {
            _record("veto", false, !invalid, reason);
        }
    }

    function settle(uint256 vaultSeed, uint256 seed) external {
        uint256 v = vaultSeed % VAULTS + 1;
        if (!ghostLocked[v]) return;
        // Two settlements in three first collect everything the wallets hold after their profit or loss (a round
        // that lost part of its money, so the next has a high-water mark to recover to); the third settles what the
        // `collect` calls brought back so far, often nothing (a wipe).
        if (seed % 3 != 2) {
            address[] storage wallets = _wallets[v];
            for (uint256 i; i < wallets.length; ++i) {
                _applyPnl(v, wallets[i], seed);
                uint256 held = token.balanceOf(wallets[i]);
                if (held != 0) _collect(v, wallets[i], held, !ghostProposed[v], seed >> i);
            }
        }
        if (!ghostEmergency && vm.getBlockTimestamp() < ghostLockupEnd[v]) {
            vm.warp(ghostLockupEnd[v]);
            vm.roll(vm.getBlockNumber() + 1);
        }
        uint256 poolId = fund.currentPoolId(v);
        IInvestmentFund.PoolInfo memory info = fund.getPoolInfo(poolId);
        bool loss = info.collected < info.preLockupTotal;
        bool wrongEntry = _invalidMode(seed);
        bool atLoss = wrongEntry ? !loss : loss;
        bool expected = !wrongEntry && !ghostProposed[v];
        (address[] memory rollers, uint256[] memory shares) = _rollingPositions(v);

        try this.settleAs(seed % 2 == 0 ? operator : admin, v, info.collected, atLoss) {
            _record("settle", true, expected, "");
            IInvestmentFund.VaultInfo memory vault = fund.getVault(v);
            bool outside = _outsideBounds(vault, info.preLockupTotal, info.collected);
            if (vault.challengeWindow != 0 || outside) {
                _noteProposal(v, poolId, vault.challengeWindow, info.collected, outside);
                return;
            }
            ghostLocked[v] = false;
            _afterSettle(v, poolId, info, rollers, shares);
        } catch (bytes memory reason) {
            _record("settle", false, expected, reason);
        }
    }

    /// @dev Records a proposal waiting its window (or a co-signature) and checks what the contract stored.
    function _noteProposal(uint256 v, uint256 poolId, uint256 window, uint256 total, bool outside) private {
        ghostProposed[v] = true;
        ghostFinalAt[v] = vm.getBlockTimestamp() + window;
        ghostProposedTotal[v] = total;
        ghostNeedsCosign[v] = outside;
        ghostCosigned[v] = false;
        IInvestmentFund.PoolInfo memory proposed = fund.getPoolInfo(poolId);
        if (proposed.state != IInvestmentFund.PoolState.Locked) _mismatch("propose: settled before its window");
        if (proposed.finalAt != ghostFinalAt[v]) _mismatch("propose: finalAt != now + window");
        if (proposed.needsCosign != outside) _mismatch("propose: needsCosign != outside the bounds");
    }

    /// @dev Calls a settlement entry as `caller` (a helper so one `try` covers both entries).
    function settleAs(address caller, uint256 v, uint256 totalReturned, bool atLoss) external {
        require(msg.sender == address(this), "only self");
        vm.prank(caller);
        if (atLoss) fund.endLockupPeriodAtLoss(v, totalReturned, REPORT);
        else fund.endLockupPeriod(v, totalReturned, REPORT);
    }

    function claimFees(uint256 seed) external {
        uint256 accrued = fund.fundFeesAccrued();
        bool expected = accrued != 0;
        if (!expected && !_invalidMode(seed)) return;
        uint256 before = token.balanceOf(fundWallet);
        vm.prank(_actor(seed));
        try fund.claimFundFees() returns (uint256 amount) {
            _record("claimFees", true, expected, "");
            if (amount != accrued || token.balanceOf(fundWallet) - before != accrued) _mismatch("claim: amount");
            ghostFeesClaimed += amount;
        } catch (bytes memory reason) {
            _record("claimFees", false, expected, reason);
        }
    }

    // ================================================================================================
    // Fund-wide
    // ================================================================================================

    function toggleEmergency(uint256 seed) external {
        bool target = !ghostEmergency;
        if (target && seed % 4 != 0) return; // on a quarter as often as off, so rounds keep moving
        vm.prank(admin);
        fund.setEmergencyState(target);
        ghostEmergency = target;
    }

    /// @notice The guardian turns the emergency on (never off: an attempt to turn it off must revert).
    function guardianEmergency(uint256 seed) external {
        bool tryOff = _invalidMode(seed) && ghostEmergency;
        if (!tryOff && ghostEmergency) return;
        vm.prank(guardian);
        try fund.setEmergencyState(!tryOff) {
            _record("guardianEmergency", true, !tryOff, "");
            ghostEmergency = true;
        } catch (bytes memory reason) {
            _record("guardianEmergency", false, !tryOff, reason);
        }
    }

    /// @notice The guardian (or an admin) pauses deposits and new rounds of a vault, or of every vault (0).
    function pause(uint256 vaultSeed, uint256 actorSeed) external {
        uint256 v = vaultSeed % (VAULTS + 1);
        vm.prank(actorSeed % 2 == 0 ? guardian : admin);
        try fund.setPaused(v, true) {
            _record("pause", true, true, "");
            _setGhostStop(ghostPaused, v);
        } catch (bytes memory reason) {
            _record("pause", false, true, reason);
        }
    }

    /// @notice An admin resumes a vault (or every vault); the guardian's attempt must fail.
    function resume(uint256 vaultSeed, uint256 actorSeed) external {
        uint256 v = vaultSeed % (VAULTS + 1);
        bool byGuardian = _invalidMode(actorSeed);
        vm.prank(byGuardian ? guardian : admin);
        try fund.setPaused(v, false) {
            _record("resume", true, !byGuardian, "");
            for (uint256 id = 1; id <= VAULTS; ++id) {
                if (v == 0 || v == id) ghostPaused[id] = false;
            }
        } catch (bytes memory reason) {
            _record("resume", false, !byGuardian, reason);
        }
    }

    /// @notice The guardian (or an admin) winds a vault down, for good (rarely: it ends the vault's rounds).
    function windDown(uint256 vaultSeed, uint256 actorSeed) external {
        if (actorSeed % 8 != 0) return;
        uint256 v = vaultSeed % VAULTS + 1;
        vm.prank(actorSeed % 16 == 0 ? guardian : admin);
        try fund.windDown(v) {
            _record("windDown", true, true, "");
            ghostWindingDown[v] = true;
        } catch (bytes memory reason) {
            _record("windDown", false, true, reason);
        }
    }

    /// @notice An admin cuts a vault's fees (at once, to its locked round too); a raise is the timelock's, refused here.
    function cutFees(uint256 vaultSeed, uint256 managementSeed, uint256 performanceSeed) external {
        uint256 v = vaultSeed % VAULTS + 1;
        uint256 management = managementSeed % (ghostManagementBps[v] + 2);
        uint256 performance = performanceSeed % (ghostPerformanceBps[v] + 2);
        bool expected = management <= ghostManagementBps[v] && performance <= ghostPerformanceBps[v];
        vm.prank(admin);
        try fund.setFees(v, management, performance) {
            _record("cutFees", true, expected, "");
            (ghostManagementBps[v], ghostPerformanceBps[v]) = (management, performance);
            ++ghostFeeCuts;
        } catch (bytes memory reason) {
            _record("cutFees", false, expected, reason);
        }
    }

    function _setGhostStop(mapping(uint256 vaultId => bool) storage ghost, uint256 v) private {
        for (uint256 id = 1; id <= VAULTS; ++id) {
            if (v == 0 || v == id) ghost[id] = true;
        }
    }

    /// @dev Whether `v` takes no deposit and starts no round (besides the emergency).
    function _stopped(uint256 v) internal view returns (bool) {
        return ghostPaused[v] || ghostWindingDown[v];
    }

    // ================================================================================================
    // Timelock: changes that touch invested money wait; the guardian cancels; anyone executes
    // ================================================================================================

    /// @notice An admin schedules a new lockup length (1 to 60 days) for a vault.
    function scheduleLockup(uint256 vaultSeed, uint256 daysSeed) external {
        uint256 v = vaultSeed % VAULTS + 1;
        uint256 duration = (daysSeed % 60 + 1) * 1 days;
        bytes32 salt = bytes32(_changes.length + 1);
        bytes memory data = abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (v, duration));
        uint256 delay = timelock.getMinDelay();
        vm.prank(admin);
        timelock.schedule(address(fund), 0, data, bytes32(0), salt, delay);
        _changes.push(GhostChange(v, duration, vm.getBlockTimestamp() + delay, salt, false, false));
    }

    /// @notice Anyone executes a change; it may apply only once, only at or after its time, and never once cancelled.
    /// @notice The governance handler executed a passed proposal's lockup change through the timelock (ready at
    /// `readyAt`): the ghost lockup follows, and an execution before its time is counted.
    function noteTimelockedLockup(uint256 v, uint256 duration, uint256 readyAt) external {
        require(msg.sender == address(governance), "only the governance handler");
        if (vm.getBlockTimestamp() < readyAt) ++earlyExecutions;
        ghostLockupDuration[v] = duration;
    }

    function executeChange(uint256 seed) external {
        if (_changes.length == 0) return;
        GhostChange storage change = _changes[seed % _changes.length];
        bool expected = !change.cancelled && !change.executed && vm.getBlockTimestamp() >= change.readyAt;
        bytes memory data = abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (change.vaultId, change.duration));
        vm.prank(outsider);
        try timelock.execute(address(fund), 0, data, bytes32(0), change.salt) {
            _record("executeChange", true, expected, "");
            if (vm.getBlockTimestamp() < change.readyAt) ++earlyExecutions;
            change.executed = true;
            ghostLockupDuration[change.vaultId] = change.duration;
        } catch (bytes memory reason) {
            _record("executeChange", false, expected, reason);
        }
    }

    /// @notice The guardian cancels a change that is still pending.
    function cancelChange(uint256 seed) external {
        if (_changes.length == 0) return;
        GhostChange storage change = _changes[seed % _changes.length];
        bool expected = !change.cancelled && !change.executed;
        bytes memory data = abi.encodeCall(InvestmentFund.setLockupPeriodDuration, (change.vaultId, change.duration));
        bytes32 id = timelock.hashOperation(address(fund), 0, data, bytes32(0), change.salt);
        vm.prank(guardian);
        try timelock.cancel(id) {
            _record("cancelChange", true, expected, "");
            change.cancelled = true;
        } catch (bytes memory reason) {
            _record("cancelChange", false, expected, reason);
        }
    }

    function whitelist(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        if (ghostWhitelisted[actor]) return;
        vm.prank(admin);
        fund.whitelistInvestor(actor);
        ghostWhitelisted[actor] = true;
    }

    function delist(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        if (!ghostWhitelisted[actor]) return;
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(actor);
        ghostWhitelisted[actor] = false;
    }

    function donate(uint256 amount) external {
        amount = bound(amount, 1, 10_000 * USDC);
        token.mint(address(fund), amount);
        ghostDonated += amount;
    }

    function sweep() external {
        uint256 balance = token.balanceOf(address(fund));
        uint256 owed = fund.totalOwed();
        bool expected = balance > owed;
        vm.prank(admin);
        try fund.sweepExcess() {
            _record("sweep", true, expected, "");
            ghostSwept += balance - owed;
        } catch (bytes memory reason) {
            _record("sweep", false, expected, reason);
        }
    }

    function createProposal(uint256 actorSeed, uint256 period) external {
        governance.createProposal(actorSeed, period);
    }

    function vote(uint256 actorSeed, uint256 proposalSeed, bool support) external {
        governance.vote(actorSeed, proposalSeed, support);
    }

    function execute(uint256 proposalSeed) external {
        governance.execute(proposalSeed);
    }

    function proposeLockup(uint256 actorSeed, uint256 vaultSeed, uint256 daysSeed) external {
        governance.proposeLockup(actorSeed, vaultSeed, daysSeed);
    }

    function queueProposal(uint256 seed) external {
        governance.queue(seed);
    }

    function executeActions(uint256 seed) external {
        governance.executeActions(seed);
    }

    function advanceTime(uint256 secondsToAdd) external {
        vm.warp(vm.getBlockTimestamp() + bound(secondsToAdd, 1, 10 days));
        vm.roll(vm.getBlockNumber() + 1);
    }

    function advanceBlock() external {
        vm.roll(vm.getBlockNumber() + 1);
        vm.warp(vm.getBlockTimestamp() + 12);
    }

    // ================================================================================================
    // Views for the invariants
    // ================================================================================================

    function actors() external view returns (address[] memory) {
        return _actors;
    }

    /// @notice `actor`'s voting power at the end of block `blockNumber`, from the full ghost history.
    function ghostPowerAt(address actor, uint256 blockNumber) public view returns (uint256) {
        PowerEntry[] storage h = _history[actor];
        for (uint256 i = h.length; i > 0; --i) {
            if (h[i - 1].blockNumber <= blockNumber) return h[i - 1].power;
        }
        return 0;
    }

    /// @notice The token balance the ghost books say the fund holds.
    function ghostBalance() external view returns (uint256) {
        uint256 inflow = ghostDonated;
        uint256 outflow = ghostFeesClaimed + ghostSwept;
        for (uint256 v = 1; v <= VAULTS; ++v) {
            inflow += ghostIn[v];
            outflow += ghostOut[v];
        }
        return inflow - outflow;
    }

    // ================================================================================================
    // Internals
    // ================================================================================================

    function _exit(uint256 v, uint256 actorSeed, bool emergency) private {
        address actor = _actor(actorSeed);
        IInvestmentFund.PositionInfo memory p = fund.getPosition(actor, v);
        bool expected =
            p.shares != 0 && p.poolState != IInvestmentFund.PoolState.Locked && (!emergency || ghostEmergency);
        if (!expected && !_invalidMode(actorSeed)) return;
        uint256 before = token.balanceOf(actor);
        try this.exitAs(actor, v, emergency) returns (uint256 payout) {
            _record(emergency ? bytes32("emergencyWithdraw") : bytes32("withdraw"), true, expected, "");
            if (payout != p.withdrawable || token.balanceOf(actor) - before != payout) _mismatch("exit: payout");
            ghostOut[v] += payout;
            if (p.poolState == IInvestmentFund.PoolState.Settled) ghostPaid[p.poolId] += payout;
            _pushPower(actor);
        } catch (bytes memory reason) {
            _record(emergency ? bytes32("emergencyWithdraw") : bytes32("withdraw"), false, expected, reason);
        }
    }

    /// @dev Exits as `actor` (a helper so one `try` covers both exits).
    function exitAs(address actor, uint256 v, bool emergency) external returns (uint256) {
        require(msg.sender == address(this), "only self");
        vm.prank(actor);
        return emergency ? fund.emergencyWithdraw(v) : fund.withdraw(v);
    }

    function _collect(uint256 v, address wallet, uint256 amount, bool expected, uint256 seed) private {
        vm.prank(seed % 2 == 0 ? operator : admin);
        try fund.collectFundsFromTradingWallet(v, wallet, amount) {
            _record("collect", true, expected, "");
            ghostIn[v] += amount;
        } catch (bytes memory reason) {
            _record("collect", false, expected, reason);
        }
    }

    /// @dev A profit or loss on `wallet` once per pool while locked: a total loss one time in eight, otherwise
    /// between -40% and +60% of what it holds.
    function _applyPnl(uint256 v, address wallet, uint256 seed) private {
        uint256 poolId = fund.currentPoolId(v);
        if (!ghostLocked[v] || _pnlApplied[poolId][wallet]) return;
        _pnlApplied[poolId][wallet] = true;
        uint256 held = token.balanceOf(wallet);
        if (held == 0) return;
        uint256 r = uint256(keccak256(abi.encode(seed, wallet, poolId)));
        uint256 bps = r % 8 == 0 ? 0 : 6_000 + (r >> 8) % 10_001;
        if (bps < 10_000) {
            vm.prank(wallet);
            require(token.transfer(LOSS_SINK, held - held * bps / 10_000), "loss");
        } else {
            token.mint(wallet, held * (bps - 10_000) / 10_000);
        }
    }

    function _rollingPositions(uint256 v) private view returns (address[] memory rollers, uint256[] memory shares) {
        rollers = new address[](_actors.length);
        shares = new uint256[](_actors.length);
        for (uint256 i; i < _actors.length; ++i) {
            IInvestmentFund.PositionInfo memory p = fund.getPosition(_actors[i], v);
            if (p.rollOver && p.shares != 0 && p.poolState == IInvestmentFund.PoolState.Locked) {
                rollers[i] = _actors[i];
                shares[i] = p.shares;
            }
        }
    }

    /// @dev Records the settlement and checks that the rolling positions carried their value over.
    function _afterSettle(
        uint256 v,
        uint256 poolId,
        IInvestmentFund.PoolInfo memory before,
        address[] memory rollers,
        uint256[] memory shares
    ) private {
        IInvestmentFund.PoolInfo memory settled = fund.getPoolInfo(poolId);
        ghostReserved[poolId] = settled.unclaimedPayouts;
        ghostFees[v] += settled.fundFee;
        _checkFees(v, before, settled);
        uint256 next = fund.currentPoolId(v);
        IInvestmentFund.PoolInfo memory opened = fund.getPoolInfo(next);
        uint256 mark =
            settled.settleSharePrice > settled.highWaterMark ? settled.settleSharePrice : settled.highWaterMark;
        ghostMark[v] = opened.totalShares == 0 && opened.startSharePrice == SCALE ? 0 : mark;
        uint256 expectedMark = ghostMark[v] > opened.startSharePrice ? ghostMark[v] : opened.startSharePrice;
        if (fund.getVault(v).highWaterMark != expectedMark) _mismatch("settle: the vault's high-water mark");
        if (opened.totalFunds != settled.rolledOver) _mismatch("settle: next pool != rolledOver");
        if (opened.round != before.round + 1 || opened.vaultId != v) _mismatch("settle: next pool's round");
        if (settled.settleSharePrice == 0) {
            ++ghostWipes;
            ghostWiped[v] = true;
        }
        uint256 values;
        for (uint256 i; i < rollers.length; ++i) {
            if (rollers[i] == address(0)) continue;
            IInvestmentFund.PositionInfo memory p = fund.getPosition(rollers[i], v);
            if (settled.settleSharePrice == 0) {
                if (p.shares != 0 || p.value != 0) _mismatch("roll: a wiped position kept value");
                continue;
            }
            if (p.poolId != next || p.shares != shares[i]) _mismatch("roll: position did not move with its shares");
            if (p.value != shares[i] * settled.settleSharePrice / SCALE) _mismatch("roll: value != shares x price");
            values += p.value;
        }
        // Rounding: each roller's value rounds down (up to 1 unit each), and the share price itself rounds down,
        // which leaves up to totalShares / SCALE units of the investors' total in the next pool. A share price
        // capped at uint88's maximum leaves the rest of that total in the next pool (the contract's rule), so only
        // the lower bound holds then.
        uint256 dust = rollers.length + 1 + settled.totalShares / SCALE + 1;
        bool capped = settled.settleSharePrice == type(uint88).max;
        if (values > settled.rolledOver || (!capped && settled.rolledOver - values > dust)) {
            _mismatch("roll: rolledOver != value of the rolling positions");
        }
        ++ghostRollChecks;
    }

    /// @dev The fees of a settled round, from the model (`_modelFees`); under the caps; what came back is split exactly
    /// into the investors' total and the fees.
    function _checkFees(uint256 v, IInvestmentFund.PoolInfo memory before, IInvestmentFund.PoolInfo memory settled)
        private
    {
        (uint256 management, uint256 performance, uint256 mark, uint256 locked) = _modelFees(v, before);
        if (settled.managementFee != management) _mismatch("settle: management fee");
        if (settled.performanceFee != performance) _mismatch("settle: performance fee");
        if (settled.highWaterMark != mark) _mismatch("settle: the round's high-water mark");
        uint256 principal = before.preLockupTotal;
        if (settled.managementFee * 10_000 * 365 days > principal * 500 * locked) _mismatch("fee: management cap");
        uint256 profit = before.collected > principal ? before.collected - principal : 0;
        if (settled.performanceFee * 2 > profit) _mismatch("fee: performance cap");
        if (settled.postLockupTotal + settled.fundFee != before.collected) {
            _mismatch("settle: investors + fees != returned");
        }
    }

    /// @dev Management on the principal for the time locked (at most what came back), then performance on what is left
    /// above the mark's worth of the shares (at least the principal), each at the lower of the locked and current rate.
    function _modelFees(uint256 v, IInvestmentFund.PoolInfo memory before)
        private
        view
        returns (uint256 management, uint256 performance, uint256 mark, uint256 locked)
    {
        uint256 end = before.lockupEndTime;
        locked = (vm.getBlockTimestamp() < end ? vm.getBlockTimestamp() : end) - before.lockupStartTime;
        uint256 principal = before.preLockupTotal;
        management = principal * _min(ghostLockedManagementBps[v], ghostManagementBps[v]) * locked / (10_000 * 365 days);
        if (management > before.collected) management = before.collected;
        mark = ghostMark[v] > before.startSharePrice ? ghostMark[v] : before.startSharePrice;
        uint256 hurdle = mark * before.totalShares / SCALE;
        if (hurdle < principal) hurdle = principal;
        uint256 net = before.collected - management;
        if (net > hurdle) {
            performance = (net - hurdle) * _min(ghostLockedPerformanceBps[v], ghostPerformanceBps[v]) / 10_000;
        }
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    function _pushPower(address actor) private {
        (uint256 power,,,,) = fund.getInvestorData(actor);
        PowerEntry[] storage h = _history[actor];
        uint256 n = h.length;
        if (n != 0 && h[n - 1].blockNumber == vm.getBlockNumber()) h[n - 1].power = power;
        else h.push(PowerEntry({blockNumber: vm.getBlockNumber(), power: power}));
    }
}
