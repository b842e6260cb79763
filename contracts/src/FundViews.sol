// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ShortStrings} from "@openzeppelin/contracts/utils/ShortStrings.sol";

import {FundStorage} from "./FundStorage.sol";
import {IFundViews} from "./interfaces/IFundViews.sol";
import {IInvestmentFund} from "./interfaces/IInvestmentFund.sol";
import {Pool, Settlement, Vault} from "./libraries/Settlement.sol";

/// @dev Takes the slot AccessControl's `_roles` takes in `InvestmentFund`, so `FundStorage` starts at the same slot.
abstract contract RolesSlot {
    // forge-lint: disable-next-line(mixed-case-variable)
    bytes32 private __rolesSlot;
}

/// @title FundViews
/// @notice The fund's larger reads, run by `InvestmentFund`'s fallback through DELEGATECALL on the fund's storage (see
/// `FundStorage`): called on the fund's address they answer for the fund; called on this contract's own address they
/// read its empty storage (every vault unknown).
/// @dev View functions only: the fund runs whatever this contract exposes in its own context.
contract FundViews is IFundViews, RolesSlot, FundStorage {
    /// @inheritdoc IFundViews
    function getVault(uint256 vaultId) external view returns (IInvestmentFund.VaultInfo memory info) {
        Vault storage vault = _vault(vaultId);
        info.name = ShortStrings.toString(vault.name);
        info.currentPoolId = vault.currentPoolId;
        info.round = vault.round;
        info.isLocked = vault.isLocked;
        info.minimumInvestment = vault.minimumInvestment;
        info.lockupPeriodDuration = vault.lockupPeriodDuration;
        info.rollingShares = vault.rollingShares;
        info.eraStartPoolId = vault.eraStartPoolId;
        uint8 stops = vault.stops;
        info.paused = stops & STOP_PAUSED != 0;
        info.windingDown = stops & STOP_WIND_DOWN != 0;
        info.challengeWindow = vault.challengeWindow;
        info.maxLossBps = vault.maxLossBps;
        info.maxGainBps = vault.maxGainBps;
        info.managementFeeBps = vault.managementFeeBps;
        info.performanceFeeBps = vault.performanceFeeBps;
        uint256 mark = vault.highWaterMark;
        uint256 start = _pools[vault.currentPoolId].startSharePrice;
        info.highWaterMark = mark > start ? mark : start;
        info.depositCap = vault.depositCap;
        info.investorCap = vault.investorCap;
    }

    /// @inheritdoc IFundViews
    function getPoolInfo(uint256 poolId) external view returns (IInvestmentFund.PoolInfo memory info) {
        Pool storage pool = _pools[poolId];
        info.vaultId = pool.vaultId;
        info.round = pool.round;
        info.state = _poolState(poolId);
        info.totalFunds = pool.totalFunds;
        info.totalShares = pool.totalShares;
        info.lockupStartTime = pool.lockupStartTime;
        info.lockupEndTime = pool.lockupEndTime;
        info.preLockupTotal = pool.preLockupTotal;
        info.postLockupTotal = pool.postLockupTotal;
        info.profitGenerated = pool.profitGenerated;
        info.collected = pool.collected;
        info.fundFee = pool.fundFee;
        info.rolledOver = pool.rolledOver;
        info.startSharePrice = pool.startSharePrice;
        info.settleSharePrice = pool.settleSharePrice;
        info.unclaimedShares = pool.unclaimedShares;
        info.unclaimedPayouts = pool.unclaimedPayouts;
        info.reportHash = pool.reportHash;
        info.proposedTotal = pool.proposedTotal;
        info.finalAt = pool.finalAt;
        info.proposedAtLoss = pool.proposedAtLoss;
        info.needsCosign = pool.needsCosign;
        info.cosigned = pool.cosigned;
        info.managementFeeBps = pool.managementFeeBps;
        info.performanceFeeBps = pool.performanceFeeBps;
        if (!pool.settled) return info;
        info.managementFee = pool.managementFee;
        info.performanceFee = pool.fundFee - pool.managementFee;
        info.highWaterMark = pool.highWaterMark;
    }

    /// @inheritdoc IFundViews
    function getDepositStatus(uint256 vaultId, address account, uint256 amount)
        external
        view
        returns (IInvestmentFund.DepositCheck memory check)
    {
        Vault storage vault = _vault(vaultId);
        check.minimumInvestment = vault.minimumInvestment;
        (check.roundRoom, check.investorRoom) = _capRooms(vault, account, vaultId);
        uint256 room = check.roundRoom < check.investorRoom ? check.roundRoom : check.investorRoom;
        uint8 stops = vault.stops;
        if (stops & STOP_EMERGENCY != 0) {
            check.status = IInvestmentFund.DepositStatus.Emergency;
        } else if (stops & STOP_WIND_DOWN != 0) {
            check.status = IInvestmentFund.DepositStatus.WindingDown;
        } else if (stops & STOP_PAUSED != 0) {
            check.status = IInvestmentFund.DepositStatus.Paused;
        } else if (vault.isLocked) {
            (check.status, check.until) = (IInvestmentFund.DepositStatus.Locked, _unlockAt(vault));
        } else if ((_investors[account] >> 240) & 1 == 0) {
            check.status = IInvestmentFund.DepositStatus.NotWhitelisted;
        } else if (_hasUnwithdrawnPosition(account, vaultId, vault)) {
            check.status = IInvestmentFund.DepositStatus.UnwithdrawnPosition;
        } else if (check.roundRoom < check.minimumInvestment || amount > check.roundRoom) {
            check.status = IInvestmentFund.DepositStatus.VaultCapReached;
        } else if (amount > check.investorRoom || room < check.minimumInvestment) {
            check.status = IInvestmentFund.DepositStatus.AboveInvestorCap;
        } else if (amount < check.minimumInvestment) {
            check.status = IInvestmentFund.DepositStatus.BelowMinimum;
        }
    }

    /// @dev The room under the vault's cap and under `account`'s cap in the current round (`invest`'s `_checkCaps`).
    function _capRooms(Vault storage vault, address account, uint256 vaultId)
        private
        view
        returns (uint256 vaultRoom, uint256 investorRoom)
    {
        (vaultRoom, investorRoom) = (type(uint256).max, type(uint256).max);
        Pool storage pool = _pools[vault.currentPoolId];
        uint256 cap = vault.depositCap;
        uint256 funds = pool.totalFunds;
        if (cap != 0) vaultRoom = cap > funds ? cap - funds : 0;
        cap = vault.investorCap;
        if (cap == 0) return (vaultRoom, investorRoom);
        Position memory position = _positionNow(account, vaultId);
        uint256 holds = position.poolId == vault.currentPoolId
            ? _mulDiv(position.shares, pool.startSharePrice, Settlement.SHARE_PRICE_SCALE)
            : 0;
        investorRoom = cap > holds ? cap - holds : 0;
    }

    /// @dev When a locked vault takes deposits again at the earliest: its lockup's end, or its proposed settlement's
    /// final time if later.
    function _unlockAt(Vault storage vault) private view returns (uint256) {
        Pool storage pool = _pools[vault.currentPoolId];
        uint256 end = pool.lockupEndTime;
        uint256 finalAt = pool.finalAt;
        return finalAt > end ? finalAt : end;
    }

    /// @dev `invest`'s `UnwithdrawnPosition` rule: shares still counted in an earlier (settled) pool of the vault.
    function _hasUnwithdrawnPosition(address account, uint256 vaultId, Vault storage vault)
        private
        view
        returns (bool)
    {
        Position memory position = _positionNow(account, vaultId);
        return position.shares != 0 && position.poolId != vault.currentPoolId;
    }

    /// @inheritdoc IFundViews
    function getPosition(address account, uint256 vaultId)
        external
        view
        returns (IInvestmentFund.PositionInfo memory info)
    {
        Position memory position = _positionNow(account, vaultId);
        info.shares = position.shares;
        info.principal = position.principal;
        info.rollOver = position.rollOver;
        if (position.shares == 0) return info;
        info.poolId = position.poolId;
        info.poolState = _poolState(position.poolId);
        (info.value, info.withdrawable) = _valueOf(position);
    }

    /// @inheritdoc IFundViews
    function getCurrentPoolData(uint256 vaultId)
        external
        view
        returns (uint256 poolId, uint256 totalFunds, bool isLocked, uint256 lockupEndTime)
    {
        Vault storage vault = _vault(vaultId);
        poolId = vault.currentPoolId;
        Pool storage pool = _pools[poolId];
        return (poolId, pool.totalFunds, vault.isLocked, pool.lockupEndTime);
    }

    /// @inheritdoc IFundViews
    function investmentPools(uint256 poolId)
        external
        view
        returns (
            uint256 totalFunds,
            uint256 lockupStartTime,
            uint256 lockupEndTime,
            bool isLocked,
            uint256 preLockupTotal,
            uint256 postLockupTotal,
            uint256 profitGenerated
        )
    {
        Pool storage pool = _pools[poolId];
        return (
            pool.totalFunds,
            pool.lockupStartTime,
            pool.lockupEndTime,
            _poolState(poolId) == IInvestmentFund.PoolState.Locked,
            pool.preLockupTotal,
            pool.postLockupTotal,
            pool.profitGenerated
        );
    }

    /// @inheritdoc IFundViews
    function poolState(uint256 poolId) external view returns (IInvestmentFund.PoolState) {
        return _poolState(poolId);
    }

    /// @inheritdoc IFundViews
    function getProfitStatistics()
        external
        view
        returns (
            uint256 totalProfitGenerated,
            uint256 averageProfitPerPool,
            uint256 highestProfit,
            uint256 profitablePoolCount
        )
    {
        uint256 settled = _totals.settledPoolCount;
        totalProfitGenerated = _totals.totalProfitGenerated;
        averageProfitPerPool = settled == 0 ? 0 : totalProfitGenerated / settled;
        highestProfit = _totals.highestProfit;
        profitablePoolCount = _totals.profitablePoolCount;
    }

    /// @inheritdoc IFundViews
    function getInvestorData(address account)
        external
        view
        returns (
            uint256 investedAmount,
            uint256 lastWithdrawnPoolId,
            bool hasWithdrawnCurrent,
            uint256 totalWithdrawn,
            uint256 votingPower
        )
    {
        // The investor word's bits 0-87 (the fund's `_loadInvestor`); the cast masks them.
        // forge-lint: disable-next-line(unsafe-typecast)
        investedAmount = uint88(_investors[account]);
        Withdrawals storage withdrawals = _withdrawals[account];
        lastWithdrawnPoolId = withdrawals.lastWithdrawnPoolId;
        hasWithdrawnCurrent = lastWithdrawnPoolId != 0 && investedAmount == 0;
        totalWithdrawn = withdrawals.totalWithdrawn;
        votingPower = investedAmount;
    }

    /// @dev A position as `_resolve` would see it, for views.
    function _positionNow(address account, uint256 vaultId) private view returns (Position memory position) {
        Vault storage vault = _vault(vaultId);
        position = _loadPosition(account, vaultId);
        if (position.rollOver && position.shares != 0) {
            if (position.poolId < vault.eraStartPoolId) {
                position.shares = 0;
                position.principal = 0;
            }
            position.poolId = vault.currentPoolId;
        }
    }

    /// @dev What a resolved position is worth now and what it may withdraw now.
    function _valueOf(Position memory position) private view returns (uint256 value, uint256 withdrawable) {
        Pool storage pool = _pools[position.poolId];
        if (pool.settled) {
            value = _mulDiv(position.shares, pool.settleSharePrice, Settlement.SHARE_PRICE_SCALE);
            return (value, value);
        }
        value = _mulDiv(position.shares, pool.startSharePrice, Settlement.SHARE_PRICE_SCALE);
        if (!_vaults[pool.vaultId].isLocked) withdrawable = value;
    }
}
