// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ShortString} from "@openzeppelin/contracts/utils/ShortStrings.sol";

import {IInvestmentFund} from "../interfaces/IInvestmentFund.sol";

/// @dev Fund-wide state read by `invest` and `recordProposalSnapshot`: one slot.
struct Config {
    // STOP_* bits set fund-wide; every vault holds a copy (vaults created later inherit them).
    uint8 stops;
    // Creation block of the newest proposal: decides whether a voting-power entry may be forgotten.
    uint32 lastProposalBlock;
    uint32 poolCount;
    uint32 vaultCount;
}

struct Vault {
    // slot 0: everything `invest` reads. The current pool's share price is a copy of its
    // `startSharePrice`; `lastProposalBlock` is a copy of the fund-wide value (set in every vault by
    // `recordProposalSnapshot`) and `stops` holds the fund-wide STOP_* bits besides the vault's own, so `invest`
    // reads no other fund slot.
    uint32 currentPoolId;
    bool isLocked;
    uint8 stops;
    uint88 minimumInvestment;
    uint32 lastProposalBlock;
    uint88 sharePrice;
    // slot 1: shares that move into the next pool at settlement, and the rest of the settings
    uint128 rollingShares;
    uint48 lockupPeriodDuration;
    // First pool after a settlement that left the vault's shares worthless: rolling positions from
    // before it hold nothing.
    uint32 eraStartPoolId;
    uint32 round;
    ShortString name;
    // slot 3: how long a proposed settlement waits before anyone may finalise it (the guardian's time to veto), and the
    // bounds of a round's result beyond which a proposal needs the guardian's co-signature (basis points of the
    // principal; `maxGainBps` at its maximum: no bound on gains)
    uint32 challengeWindow;
    uint16 maxLossBps;
    uint16 maxGainBps;
    // the vault's fees (basis points: management per year of a round's principal, performance of the profit above the
    // high-water mark), and the mark: the highest settlement share price its rolling shares reached (0: none yet, the
    // current pool's start price stands for it)
    uint16 managementFeeBps;
    uint16 performanceFeeBps;
    uint128 highWaterMark;
    // slot 4: the caps of a round's total funds and of one investor's funds in a round (0: none); read by `invest` only
    // when the vault's `HAS_CAPS` bit is set
    uint128 depositCap;
    uint128 investorCap;
}

/// @dev One pool (round) of a vault, as the fund stores it.
struct Pool {
    // slot 0: what `invest` writes
    uint128 totalFunds;
    uint128 totalShares;
    // slot 1
    uint128 startSharePrice;
    uint48 lockupStartTime;
    uint48 lockupEndTime;
    uint32 vaultId;
    // slot 2
    uint128 preLockupTotal;
    uint128 postLockupTotal;
    // slot 3
    uint128 profitGenerated;
    uint128 collected;
    // slot 4: settlement, and what the pool's non-rolling positions still have to claim
    uint128 settleSharePrice;
    uint128 unclaimedShares;
    // slot 5
    uint128 unclaimedPayouts;
    uint128 fundFee;
    // slot 6
    uint128 rolledOver;
    uint32 round;
    bool settled;
    // slot 7: the keccak-256 hash of the round's NAV report (of the proposal while one waits, then of the settlement)
    bytes32 reportHash;
    // slot 8: the settlement proposed for this round: its total, when it becomes final (0: none proposed; kept once
    // final) and whether it came through the loss entry point
    uint128 proposedTotal;
    uint48 finalAt;
    bool proposedAtLoss;
    // the proposal lies outside the vault's bounds: it needs the guardian's co-signature, and whether it has it
    bool needsCosign;
    bool cosigned;
    // the vault's fee rates when the round was locked: a raise applies to rounds locked after it, a cut (which applies at
    // once) to this one too (the lower of these and the vault's rates is charged)
    uint16 managementFeeBps;
    uint16 performanceFeeBps;
    // slot 9, written at settlement: the management fee charged (`fundFee` less it is the performance fee) and the
    // high-water mark the round's profit was measured against
    uint128 managementFee;
    uint128 highWaterMark;
}

/// @dev The fund's running totals that settlements write: what settled pools still owe their non-rolling positions,
/// the fees not yet claimed, and the spec's profit statistics.
struct FundTotals {
    uint256 unclaimedPayouts;
    uint256 fundFeesAccrued;
    uint256 totalProfitGenerated;
    uint256 highestProfit;
    uint256 profitablePoolCount;
    uint256 settledPoolCount;
}

/// @title Settlement
/// @notice A round's end and the next round's start: the checks of a settlement, the fund's fee on profit, the
/// settlement share price, what the pool's leaving positions are owed, what rolls into the next round, and opening it. An external library (deployed once and linked, like
/// `TradingWalletList`), so its code does not count towards the fund's EIP-170 size; it runs by DELEGATECALL in the
/// fund's context, so its event comes from the fund.
/// @dev O(1): no loop. Every amount is rounded down, so what is reserved never exceeds what came back.
library Settlement {
    using SafeCast for uint256;

    /// @notice Denominator of percentages (100% = 10,000).
    uint256 internal constant BASIS_POINTS = 10_000;
    /// @notice A new vault's performance fee (the fund's `FUND_PROFIT_PERCENTAGE`).
    uint256 internal constant FUND_PROFIT_PERCENTAGE = 2_000;
    /// @notice The hard caps of a vault's fees: management 5 % a year, performance 50 % of the profit.
    uint256 internal constant MAX_MANAGEMENT_FEE_BPS = 500;
    uint256 internal constant MAX_PERFORMANCE_FEE_BPS = 5_000;
    /// @notice The year of the management fee's rate.
    uint256 internal constant YEAR = 365 days;
    /// @notice Scale of share prices (the fund's `SHARE_PRICE_SCALE`).
    uint256 internal constant SHARE_PRICE_SCALE = 1e18;
    /// @notice `Vault.maxGainBps` at this value bounds no gain.
    uint16 internal constant NO_GAIN_BOUND = type(uint16).max;

    /// @notice Emergency bit of `Config.stops` (the fund's `STOP_EMERGENCY`): settling before the lockup's end is allowed.
    uint8 internal constant STOP_EMERGENCY = 1;

    /// @notice Proposes the settlement of `vaultId`'s locked pool: checked now, final after the vault's challenge
    /// window (at once when the window is 0, which only the local chain allows). `atLoss` says which of the fund's two
    /// entry points was called: a result below the principal must come through the loss entry, and only it.
    function propose(
        mapping(uint256 poolId => Pool) storage pools,
        Vault storage vault,
        Config storage config,
        FundTotals storage totals,
        uint256 vaultId,
        uint256 totalReturned,
        bytes32 reportHash,
        bool atLoss
    ) external {
        uint32 poolId = vault.currentPoolId;
        Pool storage pool = pools[poolId];
        _check(pool, vault, config, poolId, totalReturned, reportHash, atLoss);
        uint48 finalAt = uint48(block.timestamp) + vault.challengeWindow;
        bool needsCosign = outOfBounds(vault, pool.preLockupTotal, totalReturned);
        pool.reportHash = reportHash;
        // Safe: totalReturned == pool.collected, a uint128 (checked above).
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.proposedTotal = uint128(totalReturned);
        pool.finalAt = finalAt;
        pool.proposedAtLoss = atLoss;
        pool.needsCosign = needsCosign;
        emit IInvestmentFund.SettlementProposed(vaultId, poolId, totalReturned, reportHash, finalAt);
        if (finalAt == block.timestamp && !needsCosign) {
            _settle(pools, vault, config, totals, vaultId, poolId, totalReturned);
        }
    }

    /// @notice Whether a round that went out with `principal` and came back with `total` lies outside the vault's
    /// bounds: a loss above `maxLossBps` of the principal, or a gain above `maxGainBps` (exact, no rounding).
    function outOfBounds(Vault storage vault, uint256 principal, uint256 total) internal view returns (bool) {
        if (total < principal) return (principal - total) * BASIS_POINTS > principal * vault.maxLossBps;
        uint256 maxGain = vault.maxGainBps;
        return maxGain != NO_GAIN_BOUND && (total - principal) * BASIS_POINTS > principal * maxGain;
    }

    /// @notice The guardian's co-signature of a proposal outside the vault's bounds; it still waits its window.
    function cosign(mapping(uint256 poolId => Pool) storage pools, Vault storage vault, uint256 vaultId) external {
        uint32 poolId = vault.currentPoolId;
        Pool storage pool = pools[poolId];
        if (!vault.isLocked || pool.finalAt == 0) revert IInvestmentFund.NoSettlementProposed(vaultId);
        if (!pool.needsCosign || pool.cosigned) revert IInvestmentFund.CosignNotNeeded(vaultId);
        pool.cosigned = true;
        emit IInvestmentFund.SettlementCosigned(vaultId, poolId, msg.sender);
    }

    /// @notice Makes `vaultId`'s proposed settlement final once its challenge window has passed (anyone may), and
    /// opens the vault's next pool. What was proposed is what settles: collecting is refused while a proposal waits.
    function finalize(
        mapping(uint256 poolId => Pool) storage pools,
        Vault storage vault,
        Config storage config,
        FundTotals storage totals,
        uint256 vaultId
    ) external {
        uint32 poolId = vault.currentPoolId;
        Pool storage pool = pools[poolId];
        uint256 finalAt = pool.finalAt;
        if (!vault.isLocked || finalAt == 0) revert IInvestmentFund.NoSettlementProposed(vaultId);
        if (block.timestamp < finalAt) revert IInvestmentFund.ChallengeWindowOpen(finalAt);
        if (pool.needsCosign && !pool.cosigned) revert IInvestmentFund.GuardianCosignRequired(vaultId);
        _settle(pools, vault, config, totals, vaultId, poolId, pool.proposedTotal);
    }

    /// @notice Withdraws `vaultId`'s proposed settlement before it is final: the round stays locked, as it was
    /// before the proposal, until a new one.
    function veto(mapping(uint256 poolId => Pool) storage pools, Vault storage vault, uint256 vaultId) external {
        uint32 poolId = vault.currentPoolId;
        Pool storage pool = pools[poolId];
        if (!vault.isLocked || pool.finalAt == 0) revert IInvestmentFund.NoSettlementProposed(vaultId);
        emit IInvestmentFund.SettlementVetoed(vaultId, poolId, pool.proposedTotal, pool.reportHash, msg.sender);
        delete pool.reportHash;
        delete pool.proposedTotal;
        delete pool.finalAt;
        delete pool.proposedAtLoss;
        delete pool.needsCosign;
        delete pool.cosigned;
    }

    /// @dev Settles the pool `poolId` (the vault's locked pool) at `totalReturned` and opens the vault's next pool.
    function _settle(
        mapping(uint256 poolId => Pool) storage pools,
        Vault storage vault,
        Config storage config,
        FundTotals storage totals,
        uint256 vaultId,
        uint256 poolId,
        uint256 totalReturned
    ) private {
        Pool storage pool = pools[poolId];
        uint256 rolling = vault.rollingShares;
        _chargeFees(pool, vault, vaultId, poolId, totalReturned);
        (uint256 settlePrice, uint256 rolledOver) = _record(pool, totals, vaultId, poolId, rolling, totalReturned);
        if (settlePrice == 0 || rolling == 0) {
            // No share carries over (none rolls, or the rolling shares are worth nothing): the next pool starts
            // at the first price, so newcomers buy round share amounts. Any dust left goes to its investors. A
            // worthless settlement starts a new era: rolling positions from before it hold nothing.
            // Nobody's shares carry the mark over: the next pool's investors start at the first price, and so does it.
            vault.rollingShares = 0;
            delete vault.highWaterMark;
            uint256 next = openPool(pools, vault, config, vaultId, rolledOver, SHARE_PRICE_SCALE, 0);
            // Safe: pool ids are counted one by one in a uint32.
            // forge-lint: disable-next-line(unsafe-typecast)
            if (settlePrice == 0) vault.eraStartPoolId = uint32(next);
        } else {
            // The mark the rolling shares carry: the one this round was measured against, or its price if higher.
            uint256 mark = pool.highWaterMark;
            vault.highWaterMark = (settlePrice > mark ? settlePrice : mark).toUint128();
            openPool(pools, vault, config, vaultId, rolledOver, settlePrice, rolling);
        }
    }

    /// @notice Opens `vaultId`'s next pool with the next free id, carrying `funds` and `shares` rolled over from the
    /// vault's previous pool (none for a new vault) at `sharePrice`.
    function openPool(
        mapping(uint256 poolId => Pool) storage pools,
        Vault storage vault,
        Config storage config,
        uint256 vaultId,
        uint256 funds,
        uint256 sharePrice,
        uint256 shares
    ) public returns (uint256 poolId) {
        poolId = uint256(config.poolCount) + 1;
        // Safe: pool ids are counted one by one; four billion rounds are out of reach.
        // forge-lint: disable-next-line(unsafe-typecast)
        config.poolCount = uint32(poolId);
        uint32 round = vault.round + 1;
        Pool storage pool = pools[poolId];
        // Safe: vault ids are at most MAX_VAULTS.
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.vaultId = uint32(vaultId);
        pool.round = round;
        pool.startSharePrice = sharePrice.toUint128();
        vault.sharePrice = sharePrice.toUint88();
        pool.totalFunds = funds.toUint128();
        pool.totalShares = shares.toUint128();
        // forge-lint: disable-next-line(unsafe-typecast)
        vault.currentPoolId = uint32(poolId);
        vault.round = round;
        vault.isLocked = false;
        emit IInvestmentFund.PoolOpened(vaultId, poolId, round);
    }

    /// @dev The checks of a settlement proposal.
    function _check(
        Pool storage pool,
        Vault storage vault,
        Config storage config,
        uint256 poolId,
        uint256 totalReturned,
        bytes32 reportHash,
        bool atLoss
    ) private view {
        if (!vault.isLocked) revert IInvestmentFund.PoolNotLocked(poolId);
        if (pool.finalAt != 0) revert IInvestmentFund.SettlementPending(poolId);
        if (config.stops & STOP_EMERGENCY == 0 && block.timestamp < pool.lockupEndTime) {
            revert IInvestmentFund.LockupNotEnded(pool.lockupEndTime);
        }
        if (totalReturned != pool.collected) {
            revert IInvestmentFund.ReturnedAmountMismatch(totalReturned, pool.collected);
        }
        uint256 principal = pool.preLockupTotal;
        if (!atLoss && totalReturned < principal) revert IInvestmentFund.LossNotConfirmed(principal, totalReturned);
        if (atLoss && totalReturned >= principal) revert IInvestmentFund.NotALoss(principal, totalReturned);
        if (reportHash == bytes32(0)) revert IInvestmentFund.ReportMissing();
    }

    /// @dev Charges the round's fees into the pool (`fundFee`, `managementFee`, `highWaterMark`): the management fee
    /// on its principal for the time it was locked (up to its lockup's end), at most what came back; then the
    /// performance fee on what is left above the higher of its principal and the high-water mark's worth of its
    /// shares, so a recovery up to the mark pays none. Rates: the lower of the round's (at its lock) and the vault's.
    function _chargeFees(Pool storage pool, Vault storage vault, uint256 vaultId, uint256 poolId, uint256 total)
        private
    {
        uint256 principal = pool.preLockupTotal;
        uint256 end = pool.lockupEndTime;
        uint256 locked = (block.timestamp < end ? block.timestamp : end) - pool.lockupStartTime;
        uint256 managementFee =
            principal * _min(pool.managementFeeBps, vault.managementFeeBps) * locked / (BASIS_POINTS * YEAR);
        if (managementFee > total) managementFee = total;
        uint256 mark = vault.highWaterMark;
        uint256 start = pool.startSharePrice;
        if (mark < start) mark = start;
        uint256 hurdle = mark * pool.totalShares / SHARE_PRICE_SCALE;
        if (hurdle < principal) hurdle = principal;
        uint256 net = total - managementFee;
        uint256 performanceFee =
            net > hurdle ? (net - hurdle) * _min(pool.performanceFeeBps, vault.performanceFeeBps) / BASIS_POINTS : 0;
        // Safe (the casts below): both fees are at most total == pool.collected, a uint128; the mark is a uint128.
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.fundFee = uint128(managementFee + performanceFee);
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.managementFee = uint128(managementFee);
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.highWaterMark = uint128(mark);
        emit IInvestmentFund.FeesCharged(vaultId, poolId, managementFee, performanceFee, mark);
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    /// @dev Writes a settled pool's figures and the fund's totals; returns the settlement share price and what
    /// rolls into the next pool (`rolling` is the vault's shares that roll over).
    /// @dev Every product fits 256 bits: amounts are at most uint128 and prices at most uint88 times the 1e18 scale.
    function _record(
        Pool storage pool,
        FundTotals storage totals,
        uint256 vaultId,
        uint256 poolId,
        uint256 rolling,
        uint256 totalReturned
    ) private returns (uint256 settlePrice, uint256 rolledOver) {
        uint256 principal = pool.preLockupTotal;
        uint256 profit = totalReturned > principal ? totalReturned - principal : 0;
        uint256 fundFee = pool.fundFee;
        uint256 investorsTotal = totalReturned - fundFee;
        uint256 totalShares = pool.totalShares;
        settlePrice = investorsTotal * SHARE_PRICE_SCALE / totalShares;
        // A share price beyond uint88 (a pool returning 3e8 times its principal) is capped rather than blocking
        // the settlement; what the cap leaves over rolls into the next pool.
        if (settlePrice > type(uint88).max) settlePrice = type(uint88).max;
        uint256 exitShares = totalShares - rolling;
        // With no rolling shares the whole investors' total is reserved for the exits (the rounding dust is
        // released by the last exit), so the next pool starts with nothing it does not own.
        uint256 reserved = rolling == 0 ? investorsTotal : exitShares * settlePrice / SHARE_PRICE_SCALE;
        rolledOver = investorsTotal - reserved;

        // Safe (the casts below): every amount is at most totalReturned == pool.collected, a uint128, and
        // exitShares is at most the pool's uint128 totalShares.
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.postLockupTotal = uint128(investorsTotal);
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.profitGenerated = uint128(profit);
        pool.settleSharePrice = settlePrice.toUint128();
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.unclaimedShares = uint128(exitShares);
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.unclaimedPayouts = uint128(reserved);
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.rolledOver = uint128(rolledOver);
        pool.settled = true;
        totals.unclaimedPayouts += reserved;
        totals.fundFeesAccrued += fundFee;
        totals.settledPoolCount += 1;
        if (profit != 0) {
            totals.totalProfitGenerated += profit;
            totals.profitablePoolCount += 1;
            if (profit > totals.highestProfit) totals.highestProfit = profit;
        }
        _emitDistributed(pool, vaultId, poolId, totalReturned);
    }

    /// @dev The settlement's event, read back from the pool just written (warm slots; keeps the stack shallow).
    function _emitDistributed(Pool storage pool, uint256 vaultId, uint256 poolId, uint256 totalReturned) private {
        emit IInvestmentFund.ProfitDistributed(
            vaultId,
            poolId,
            totalReturned,
            pool.profitGenerated,
            pool.fundFee,
            pool.postLockupTotal,
            pool.rolledOver,
            pool.reportHash
        );
    }
}
