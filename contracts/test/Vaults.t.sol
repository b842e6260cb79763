// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Vaults: independent rounds, global pool ids, per-vault settings, positions in several vaults, pool
/// states, and `createVault`.
contract VaultsTest is FundFixture {
    function _state(uint256 poolId) internal view returns (uint256) {
        return uint256(fund.poolState(poolId));
    }

    function test_constructor_createsTwoVaultsWithPoolsOneAndTwo() public view {
        IInvestmentFund.VaultInfo memory futures = fund.getVault(FUTURES);
        assertEq(futures.name, "Crypto futures trading vault");
        assertEq(futures.currentPoolId, 1);
        assertEq(futures.round, 1);
        assertFalse(futures.isLocked);
        assertEq(futures.minimumInvestment, MINIMUM);
        assertEq(futures.lockupPeriodDuration, LOCKUP);
        assertEq(futures.rollingShares, 0);
        assertEq(futures.eraStartPoolId, 1);
        IInvestmentFund.VaultInfo memory nft = fund.getVault(NFT);
        assertEq(nft.name, "NFT lending vault");
        assertEq(nft.currentPoolId, 2);
        assertEq(nft.round, 1);
        assertEq(_pool(2).vaultId, NFT);
        assertEq(_state(1), uint256(IInvestmentFund.PoolState.Open));
        assertEq(_state(2), uint256(IInvestmentFund.PoolState.Open));
        assertEq(_state(3), uint256(IInvestmentFund.PoolState.None));
    }

    function test_rounds_independent_oneLockedWhileOtherTakesDeposits() public {
        _invest(alice, 1_000 * USDC);
        _lock(FUTURES);
        _investIn(NFT, bob, 500 * USDC); // vault 2 still open
        assertEq(_state(1), uint256(IInvestmentFund.PoolState.Locked));
        assertEq(_state(2), uint256(IInvestmentFund.PoolState.Open));
        vm.prank(bob);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.invest(FUTURES, 0);
        _lock(NFT);
        _settle(NFT, 600 * USDC);
        assertEq(_state(2), uint256(IInvestmentFund.PoolState.Settled));
        assertEq(_state(1), uint256(IInvestmentFund.PoolState.Locked), "settling vault 2 leaves vault 1 locked");
        assertEq(fund.currentPoolId(NFT), 3, "vault 2 settled first: its next pool takes id 3");
        _settle(FUTURES, 1_000 * USDC);
        assertEq(fund.currentPoolId(FUTURES), 4);
        assertEq(fund.poolCount(), 4);
        assertEq(_pool(3).vaultId, NFT);
        assertEq(_pool(3).round, 2);
        assertEq(_pool(4).vaultId, FUTURES);
        assertEq(_pool(4).round, 2);
    }

    function test_poolIds_followSettlementOrder() public {
        uint256[6] memory expected = [uint256(3), 4, 5, 6, 7, 8];
        uint256[6] memory vaults = [uint256(1), 2, 2, 1, 2, 1];
        for (uint256 i; i < vaults.length; ++i) {
            _investIn(vaults[i], alice, 1_000 * USDC);
            _round(vaults[i], 1_000 * USDC);
            _withdrawFrom(vaults[i], alice);
            assertEq(fund.currentPoolId(vaults[i]), expected[i]);
        }
        assertEq(fund.getVault(FUTURES).round, 4);
        assertEq(fund.getVault(NFT).round, 4);
    }

    function test_investmentPools_keepsSevenFieldsForEveryPool() public {
        _invest(alice, 1_000 * USDC);
        _round(FUTURES, 1_250 * USDC); // pool 1: +250 gross, 50 fee
        _investIn(NFT, bob, 2_000 * USDC);
        _lock(NFT); // pool 2 locked
        _invest(carol, 300 * USDC); // pool 3 open
        (uint256 totalFunds, uint256 start, uint256 end, bool locked, uint256 pre, uint256 post, uint256 profit) =
            fund.investmentPools(1);
        assertEq(totalFunds, 1_000 * USDC);
        assertGt(start, 0);
        assertEq(end, start + LOCKUP);
        assertFalse(locked);
        assertEq(pre, 1_000 * USDC);
        assertEq(post, 1_200 * USDC);
        assertEq(profit, 250 * USDC);
        (totalFunds,,, locked, pre, post, profit) = fund.investmentPools(2);
        assertEq(totalFunds, 2_000 * USDC);
        assertTrue(locked);
        assertEq(pre, 2_000 * USDC);
        assertEq(post, 0);
        (totalFunds, start,, locked, pre,,) = fund.investmentPools(3);
        assertEq(totalFunds, 300 * USDC);
        assertEq(start, 0);
        assertFalse(locked);
        assertEq(pre, 0);
        (totalFunds, start, end, locked, pre, post, profit) = fund.investmentPools(9);
        assertEq(totalFunds + start + end + pre + post + profit, 0);
        assertFalse(locked);
    }

    function test_perVaultLockupDurations() public {
        vm.prank(admin);
        fund.setLockupPeriodDuration(NFT, 7 days);
        _invest(alice, 1_000 * USDC);
        _investIn(NFT, alice, 1_000 * USDC);
        _lock(FUTURES);
        _lock(NFT);
        assertEq(_pool(1).lockupEndTime - _pool(1).lockupStartTime, LOCKUP);
        assertEq(_pool(2).lockupEndTime - _pool(2).lockupStartTime, 7 days);
    }

    // ---- positions in both vaults --------------------------------------------------------------

    function test_positionsInBothVaults_votingPowerIsSumOfPrincipals() public {
        _invest(alice, 1_000 * USDC);
        _investIn(NFT, alice, 2_500 * USDC);
        (uint256 invested,,,, uint256 power) = fund.getInvestorData(alice);
        assertEq(invested, 3_500 * USDC);
        assertEq(power, 3_500 * USDC);
        assertEq(_position(alice, FUTURES).principal, 1_000 * USDC);
        assertEq(_position(alice, NFT).principal, 2_500 * USDC);

        _round(FUTURES, 1_100 * USDC);
        assertEq(_invested(alice), 3_500 * USDC, "a settled, unwithdrawn position keeps its principal");
        assertEq(_withdraw(alice), 1_080 * USDC);
        assertEq(_invested(alice), 2_500 * USDC);
        _lock(NFT);
        assertEq(_invested(alice), 2_500 * USDC);
        _settle(NFT, 2_000 * USDC);
        assertEq(_withdrawFrom(NFT, alice), 2_000 * USDC);
        (uint256 investedAfter,,, uint256 totalWithdrawn, uint256 powerAfter) = fund.getInvestorData(alice);
        assertEq(investedAfter, 0);
        assertEq(powerAfter, 0);
        assertEq(totalWithdrawn, 3_080 * USDC);
    }

    function test_unwithdrawnPositionInOneVaultDoesNotBlockTheOther() public {
        _invest(alice, 1_000 * USDC);
        _round(FUTURES, 1_000 * USDC);
        _investIn(NFT, alice, 500 * USDC); // allowed: the settled payout is in vault 1
        vm.prank(alice);
        vm.expectRevert(_err(IInvestmentFund.UnwithdrawnPosition.selector, 1));
        fund.invest(FUTURES, MINIMUM);
    }

    function test_totalOwed_sumsBothVaults() public {
        _invest(alice, 1_000 * USDC);
        _investIn(NFT, bob, 2_000 * USDC);
        assertEq(fund.totalOwed(), 3_000 * USDC);
        _lock(NFT);
        assertEq(fund.totalOwed(), 1_000 * USDC, "a locked pool owes what was collected");
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(NFT, nftDesk, 1_500 * USDC);
        assertEq(fund.totalOwed(), 2_500 * USDC);
    }

    // ---- createVault ---------------------------------------------------------------------------

    function test_createVault_opensItsFirstPool() public {
        _invest(alice, 1_000 * USDC);
        _round(FUTURES, 1_000 * USDC); // pool 3 opened
        vm.expectEmit(true, false, false, true, address(fund));
        emit IInvestmentFund.VaultCreated(3, "Options vault", 4, 50 * USDC, 14 days);
        vm.prank(admin);
        uint256 vaultId = fund.createVault("Options vault", 50 * USDC, 14 days);
        assertEq(vaultId, 3);
        assertEq(fund.vaultCount(), 3);
        IInvestmentFund.VaultInfo memory info = fund.getVault(3);
        assertEq(info.name, "Options vault");
        assertEq(info.currentPoolId, 4);
        assertEq(info.round, 1);
        assertEq(info.minimumInvestment, 50 * USDC);
        assertEq(info.lockupPeriodDuration, 14 days);
        assertEq(info.eraStartPoolId, 4);
        _investIn(3, bob, 50 * USDC);
        _lock(3); // default wallets for a new vault: nftDesk 100%
        _settle(3, 60 * USDC);
        assertEq(_withdrawFrom(3, bob), 58 * USDC);
    }

    function test_RevertIf_createVaultNotAdmin() public {
        bytes32 adminRole = fund.ADMIN_ROLE();
        vm.prank(operator);
        vm.expectRevert(
            abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, operator, adminRole)
        );
        fund.createVault("Rogue", MINIMUM, LOCKUP);
    }

    function test_RevertIf_createVaultWithBadSettings() public {
        vm.startPrank(admin);
        vm.expectRevert(_sel(IInvestmentFund.InvalidVaultName.selector));
        fund.createVault("", MINIMUM, LOCKUP);
        vm.expectRevert(_sel(IInvestmentFund.InvalidVaultName.selector));
        fund.createVault(string(new bytes(32)), MINIMUM, LOCKUP);
        vm.expectRevert(_sel(IInvestmentFund.InvalidMinimumInvestment.selector));
        fund.createVault("Vault", 0, LOCKUP);
        vm.expectRevert(_err(IInvestmentFund.InvalidLockupPeriodDuration.selector, 1));
        fund.createVault("Vault", MINIMUM, 1);
        vm.stopPrank();
        assertEq(fund.vaultCount(), 2);
        assertEq(fund.poolCount(), 2);
    }

    function test_RevertIf_moreThanSixteenVaults() public {
        vm.startPrank(admin);
        for (uint256 i = 3; i <= 16; ++i) {
            fund.createVault(string.concat("Vault ", vm.toString(i)), MINIMUM, LOCKUP);
        }
        vm.expectRevert(_sel(IInvestmentFund.TooManyVaults.selector));
        fund.createVault("Vault 17", MINIMUM, LOCKUP);
        vm.stopPrank();
        assertEq(fund.vaultCount(), 16);
    }

    function test_RevertIf_viewsOfUnknownVault() public {
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 3));
        fund.getVault(3);
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 0));
        fund.currentPoolId(0);
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 3));
        fund.getPosition(alice, 3);
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 3));
        fund.getCurrentPoolData(3);
    }

    // ---- pool state ------------------------------------------------------------------------------

    function test_poolState_followsTheRound() public {
        assertEq(_state(1), uint256(IInvestmentFund.PoolState.Open));
        _invest(alice, 1_000 * USDC);
        _lock();
        assertEq(_state(1), uint256(IInvestmentFund.PoolState.Locked));
        assertEq(uint256(_pool(1).state), uint256(IInvestmentFund.PoolState.Locked));
        assertEq(uint256(_position(alice, FUTURES).poolState), uint256(IInvestmentFund.PoolState.Locked));
        _settle(900 * USDC);
        assertEq(_state(1), uint256(IInvestmentFund.PoolState.Settled));
        assertEq(_state(3), uint256(IInvestmentFund.PoolState.Open));
        assertEq(uint256(_position(alice, FUTURES).poolState), uint256(IInvestmentFund.PoolState.Settled));
        assertEq(_state(0), uint256(IInvestmentFund.PoolState.None));
        assertEq(_state(4), uint256(IInvestmentFund.PoolState.None));
    }

    function test_getPoolInfo_sharePricesAndSplit() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 3_000 * USDC);
        _setRollOver(bob, FUTURES, true);
        _round(FUTURES, 4_400 * USDC); // 400 profit: 80 fee, 4,320 to investors
        IInvestmentFund.PoolInfo memory info = _pool(1);
        assertEq(info.vaultId, FUTURES);
        assertEq(info.round, 1);
        assertEq(info.totalShares, 4_000 * USDC);
        assertEq(info.collected, 4_400 * USDC);
        assertEq(info.postLockupTotal, 4_320 * USDC);
        assertEq(info.profitGenerated, 400 * USDC);
        assertEq(info.fundFee, 80 * USDC);
        assertEq(info.startSharePrice, 1e18);
        assertEq(info.settleSharePrice, 1.08e18);
        assertEq(info.rolledOver, 3_240 * USDC);
        assertEq(info.unclaimedShares, 1_000 * USDC);
        assertEq(info.unclaimedPayouts, 1_080 * USDC);
        IInvestmentFund.PoolInfo memory next = _pool(3);
        assertEq(next.startSharePrice, 1.08e18);
        assertEq(next.totalFunds, 3_240 * USDC);
        assertEq(next.totalShares, 3_000 * USDC);
    }
}
