// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IInvestmentFund} from "./IInvestmentFund.sol";

/// @title IFundViews
/// @notice The fund's larger reads, answered at the fund's address by its read-only extension `FundViews` (the
/// fund's fallback runs it on the fund's storage). Call them on the fund: `IFundViews(fund).getVault(1)`.
interface IFundViews {
    /// @notice A vault's settings and current round. Reverts with `VaultNotFound`.
    function getVault(uint256 vaultId) external view returns (IInvestmentFund.VaultInfo memory);

    /// @notice Everything about a pool.
    function getPoolInfo(uint256 poolId) external view returns (IInvestmentFund.PoolInfo memory);

    /// @notice Whether `account` could deposit `amount` into `vaultId` now, and if not why and until when: the same
    /// checks as `invest`, so an app can say every refusal before any prompt. Reverts with `VaultNotFound`.
    function getDepositStatus(uint256 vaultId, address account, uint256 amount)
        external
        view
        returns (IInvestmentFund.DepositCheck memory);

    /// @notice `account`'s position in `vaultId`. Reverts with `VaultNotFound`.
    function getPosition(address account, uint256 vaultId) external view returns (IInvestmentFund.PositionInfo memory);

    // The spec's reads, answered here too: no contract needs them on chain.
    /// @notice `vaultId`'s current pool: id, total funds, lock state and lockup end. Reverts with
    /// `VaultNotFound`.
    function getCurrentPoolData(uint256 vaultId)
        external
        view
        returns (uint256 poolId, uint256 totalFunds, bool isLocked, uint256 lockupEndTime);
    /// @notice A pool's seven spec fields (all zero for an unknown pool).
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
        );
    /// @notice Where a pool is in its round (`None` for an unknown pool).
    function poolState(uint256 poolId) external view returns (IInvestmentFund.PoolState);
    /// @notice Profit figures over all settled pools of all vaults; the average is over settled pools.
    function getProfitStatistics()
        external
        view
        returns (
            uint256 totalProfitGenerated,
            uint256 averageProfitPerPool,
            uint256 highestProfit,
            uint256 profitablePoolCount
        );
    /// @notice An investor's fund-wide figures.
    /// @return investedAmount Principal across all vaults (deposits not yet withdrawn).
    /// @return lastWithdrawnPoolId The last pool the investor withdrew from (0 if none).
    /// @return hasWithdrawnCurrent Whether the investor withdrew and holds no principal now.
    /// @return totalWithdrawn Sum of all withdrawals, emergency ones included, in token units.
    /// @return votingPower Current voting power (equal to `investedAmount`).
    function getInvestorData(address account)
        external
        view
        returns (
            uint256 investedAmount,
            uint256 lastWithdrawnPoolId,
            bool hasWithdrawnCurrent,
            uint256 totalWithdrawn,
            uint256 votingPower
        );
}
