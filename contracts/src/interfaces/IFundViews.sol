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
}
