// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {FundViews} from "../src/FundViews.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {IFundViews} from "../src/interfaces/IFundViews.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice The fund's read-only extension: `getVault`, `getPoolInfo` and `getPosition` answered at the fund's address
/// by `FundViews` code on the fund's storage; nothing else gets through the fallback.
contract FundViewsTest is FundFixture {
    function test_views_readTheFundsStorage() public {
        _invest(alice, 1_000 * USDC);
        IInvestmentFund.PositionInfo memory position = fund.getPosition(alice, FUTURES);
        assertEq(position.shares, 1_000 * USDC);
        assertEq(position.value, 1_000 * USDC);
        assertEq(position.withdrawable, 1_000 * USDC);
        assertEq(position.poolId, 1);
        IInvestmentFund.PoolInfo memory pool = fund.getPoolInfo(1);
        assertEq(pool.totalFunds, 1_000 * USDC);
        assertEq(uint256(pool.state), uint256(IInvestmentFund.PoolState.Open));
        assertEq(fund.getVault(FUTURES).name, "Crypto futures trading vault");
    }

    function test_views_keepTheirErrors() public {
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultNotFound.selector, 99));
        fund.getVault(99);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultNotFound.selector, 99));
        fund.getPosition(alice, 99);
    }

    function test_RevertIf_unknownSelector() public {
        (bool ok, bytes memory data) = address(fund).call(abi.encodeWithSignature("mint(address,uint256)", alice, 1));
        assertFalse(ok, "an unknown selector reverts");
        assertEq(data.length, 0, "with no data");
        (ok,) = address(fund).call{value: 1}("");
        assertFalse(ok, "the fund takes no ether");
    }

    function test_viewsOwnAddress_readsItsOwnEmptyStorage() public {
        FundViews views = new FundViews();
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultNotFound.selector, 1));
        IFundViews(address(views)).getVault(1);
        assertEq(IFundViews(address(views)).getPoolInfo(1).vaultId, 0);
    }
}
