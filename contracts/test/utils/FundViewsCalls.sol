// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {IFundViews} from "../../src/interfaces/IFundViews.sol";
import {IInvestmentFund} from "../../src/interfaces/IInvestmentFund.sol";

/// @dev `fund.getVault(…)`, `fund.getPoolInfo(…)` and `fund.getPosition(…)` in tests (`using FundViewsCalls for
/// InvestmentFund;`): the calls go to the fund's address, where its fallback answers them through `FundViews`.
library FundViewsCalls {
    function getVault(InvestmentFund fund, uint256 vaultId) internal view returns (IInvestmentFund.VaultInfo memory) {
        return IFundViews(address(fund)).getVault(vaultId);
    }

    function getDepositStatus(InvestmentFund fund, uint256 vaultId, address account, uint256 amount)
        internal
        view
        returns (IInvestmentFund.DepositCheck memory)
    {
        return IFundViews(address(fund)).getDepositStatus(vaultId, account, amount);
    }

    function getPoolInfo(InvestmentFund fund, uint256 poolId) internal view returns (IInvestmentFund.PoolInfo memory) {
        return IFundViews(address(fund)).getPoolInfo(poolId);
    }

    function getPosition(InvestmentFund fund, address account, uint256 vaultId)
        internal
        view
        returns (IInvestmentFund.PositionInfo memory)
    {
        return IFundViews(address(fund)).getPosition(account, vaultId);
    }

    function getCurrentPoolData(InvestmentFund fund, uint256 vaultId)
        internal
        view
        returns (uint256 poolId, uint256 totalFunds, bool isLocked, uint256 lockupEndTime)
    {
        return IFundViews(address(fund)).getCurrentPoolData(vaultId);
    }

    function investmentPools(InvestmentFund fund, uint256 poolId)
        internal
        view
        returns (uint256, uint256, uint256, bool, uint256, uint256, uint256)
    {
        return IFundViews(address(fund)).investmentPools(poolId);
    }

    function poolState(InvestmentFund fund, uint256 poolId) internal view returns (IInvestmentFund.PoolState) {
        return IFundViews(address(fund)).poolState(poolId);
    }

    function getProfitStatistics(InvestmentFund fund) internal view returns (uint256, uint256, uint256, uint256) {
        return IFundViews(address(fund)).getProfitStatistics();
    }

    function getInvestorData(InvestmentFund fund, address account)
        internal
        view
        returns (uint256, uint256, bool, uint256, uint256)
    {
        return IFundViews(address(fund)).getInvestorData(account);
    }
}
