// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";

/// @notice Trading wallets: add, remove, limits, and copy-on-write inheritance across pools.
contract TradingWalletsTest is FundFixture {
    function test_addTradingWallet_listsAddressAllocationAndType() public {
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.TradingWalletAdded(FUTURES, 1, traderA, "Futures", 6_000);
        _addDefaultWallets();
        (address[] memory wallets, uint256[] memory allocations, string[] memory types) = fund.getTradingWallets(1);
        assertEq(wallets.length, 2);
        assertEq(wallets[0], traderA);
        assertEq(allocations[0], 6_000);
        assertEq(types[0], "Futures");
        assertEq(wallets[1], traderB);
        assertEq(allocations[1], 4_000);
        assertEq(types[1], "Options");
    }

    function test_removeTradingWallet_keepsOrderOfOthers() public {
        address traderC = makeAddr("traderC");
        vm.startPrank(admin);
        fund.addTradingWallet(FUTURES, traderA, "A", 1_000);
        fund.addTradingWallet(FUTURES, traderB, "B", 1_000);
        fund.addTradingWallet(FUTURES, traderC, "C", 1_000);
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.TradingWalletRemoved(FUTURES, 1, traderA, 0);
        fund.removeTradingWallet(FUTURES, 0);
        vm.stopPrank();
        (address[] memory wallets,, string[] memory types) = fund.getTradingWallets(1);
        assertEq(wallets.length, 2);
        assertEq(wallets[0], traderB);
        assertEq(wallets[1], traderC);
        assertEq(types[1], "C");
    }

    function test_RevertIf_removeIndexOutOfBounds() public {
        _addDefaultWallets();
        vm.prank(admin);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.TradingWalletIndexOutOfBounds.selector, 2, 2));
        fund.removeTradingWallet(FUTURES, 2);
    }

    function test_RevertIf_allocationsExceedBasisPoints() public {
        _addDefaultWallets();
        vm.prank(admin);
        vm.expectRevert(_err(IInvestmentFund.AllocationExceedsLimit.selector, 10_001));
        fund.addTradingWallet(FUTURES, makeAddr("extra"), "Extra", 1);
    }

    function testFuzz_RevertIf_invalidAllocation(uint256 allocation) public {
        vm.assume(allocation == 0 || allocation > 10_000);
        vm.prank(admin);
        vm.expectRevert(_err(IInvestmentFund.InvalidAllocation.selector, allocation));
        fund.addTradingWallet(FUTURES, traderA, "Futures", allocation);
    }

    function test_RevertIf_invalidWalletOrType() public {
        vm.startPrank(admin);
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.addTradingWallet(FUTURES, address(0), "Futures", 1_000);
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.addTradingWallet(FUTURES, address(fund), "Self", 1_000);
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.addTradingWallet(FUTURES, address(token), "Token", 1_000);
        vm.expectRevert(_sel(IInvestmentFund.InvalidWalletType.selector));
        fund.addTradingWallet(FUTURES, traderA, "", 1_000);
        vm.expectRevert(_sel(IInvestmentFund.InvalidWalletType.selector));
        fund.addTradingWallet(FUTURES, traderA, string(new bytes(32)), 1_000);
        vm.stopPrank();
    }

    function test_RevertIf_duplicateWallet() public {
        vm.startPrank(admin);
        fund.addTradingWallet(FUTURES, traderA, "Futures", 1_000);
        vm.expectRevert(_errAddr(IInvestmentFund.TradingWalletAlreadyAdded.selector, traderA));
        fund.addTradingWallet(FUTURES, traderA, "Again", 1_000);
        vm.stopPrank();
    }

    function test_RevertIf_moreThanMaxWallets() public {
        vm.startPrank(admin);
        for (uint256 i; i < 10; ++i) {
            fund.addTradingWallet(FUTURES, address(uint160(0x1000 + i)), "Desk", 1_000);
        }
        vm.expectRevert(_sel(IInvestmentFund.TooManyTradingWallets.selector));
        fund.addTradingWallet(FUTURES, address(0x2000), "Desk", 1);
        vm.stopPrank();
    }

    function test_RevertIf_changeWalletsWhileLocked() public {
        _invest(alice, MINIMUM);
        _lock();
        vm.startPrank(admin);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.addTradingWallet(FUTURES, makeAddr("late"), "Late", 1);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.removeTradingWallet(FUTURES, 0);
        vm.stopPrank();
    }

    /// @notice A vault keeps one list for all its pools: a change made while the next pool is open applies to it
    /// and to the rounds after (the events say which pool it was made in); pools not opened yet have none.
    function test_vaultList_changesApplyFromTheOpenPoolOn() public {
        _invest(alice, MINIMUM);
        _lock();
        _settle(MINIMUM);
        address traderC = makeAddr("traderC");
        vm.startPrank(admin);
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.TradingWalletRemoved(FUTURES, 3, traderB, 1);
        fund.removeTradingWallet(FUTURES, 1);
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.TradingWalletAdded(FUTURES, 3, traderC, "Options", 4_000);
        fund.addTradingWallet(FUTURES, traderC, "Options", 4_000);
        vm.stopPrank();

        (address[] memory current,, string[] memory currentTypes) = fund.getTradingWallets(3);
        assertEq(current.length, 2);
        assertEq(current[0], traderA);
        assertEq(current[1], traderC);
        assertEq(currentTypes[1], "Options");
        (address[] memory settled,,) = fund.getTradingWallets(1);
        assertEq(settled[1], traderC, "a settled pool reads its vault's list");
        (address[] memory future,,) = fund.getTradingWallets(5);
        assertEq(future.length, 0, "pools that have not opened have no wallets");
    }

    // ---- per-vault lists -----------------------------------------------------------------------

    function test_perVault_listsAreIndependent() public {
        _addDefaultWallets(FUTURES);
        _addDefaultWallets(NFT);
        (address[] memory futures,,) = fund.getTradingWallets(1);
        (address[] memory nft, uint256[] memory allocations, string[] memory types) = fund.getTradingWallets(2);
        assertEq(futures.length, 2);
        assertEq(nft.length, 1);
        assertEq(nft[0], nftDesk);
        assertEq(allocations[0], 10_000);
        assertEq(types[0], "NFT lending");
        // An address serves one vault at a time: vault 1's wallet cannot join vault 2 (its operator could otherwise pull
        // one vault's money into the other's pool), even with room in vault 2's allocation.
        vm.prank(admin);
        fund.removeTradingWallet(NFT, 0);
        vm.prank(admin);
        vm.expectRevert(_errAddr(IInvestmentFund.TradingWalletAlreadyAdded.selector, traderA));
        fund.addTradingWallet(NFT, traderA, "Shared", 10_000);
        // Once vault 1 lets it go, vault 2 may take it.
        vm.prank(admin);
        fund.removeTradingWallet(FUTURES, 0);
        vm.prank(admin);
        fund.addTradingWallet(NFT, traderA, "Shared", 10_000);
        (nft,,) = fund.getTradingWallets(2);
        assertEq(nft[0], traderA);
    }

    /// @notice A wallet collects only for the vault it belongs to: after moving to another vault, collecting it for
    /// its old vault reverts.
    function test_collect_RevertIf_walletOfAnotherVault() public {
        _addDefaultWallets(FUTURES);
        _addDefaultWallets(NFT);
        _investIn(NFT, alice, 1_000 * USDC);
        _lock(NFT);
        vm.prank(operator);
        vm.expectRevert(_errAddr(IInvestmentFund.TradingWalletNotFound.selector, traderA));
        fund.collectFundsFromTradingWallet(NFT, traderA, 1);
    }

    function test_perVault_nftDepositsNeverReachFuturesWallets() public {
        _investIn(NFT, alice, 1_000 * USDC);
        _invest(bob, 2_000 * USDC);
        _lock(NFT);
        assertEq(token.balanceOf(nftDesk), 1_000 * USDC);
        assertEq(token.balanceOf(traderA), 0);
        assertEq(token.balanceOf(traderB), 0);
        _lock(FUTURES);
        assertEq(token.balanceOf(traderA), 1_200 * USDC);
        assertEq(token.balanceOf(traderB), 800 * USDC);
        assertEq(token.balanceOf(nftDesk), 1_000 * USDC);
    }

    function test_RevertIf_collectFromAnotherVaultsWallet() public {
        _investIn(NFT, alice, 1_000 * USDC);
        _invest(bob, 1_000 * USDC);
        _lock(NFT);
        _lock(FUTURES);
        vm.prank(operator);
        vm.expectRevert(_errAddr(IInvestmentFund.TradingWalletNotFound.selector, traderA));
        fund.collectFundsFromTradingWallet(NFT, traderA, 1);
        vm.prank(operator);
        vm.expectRevert(_errAddr(IInvestmentFund.TradingWalletNotFound.selector, nftDesk));
        fund.collectFundsFromTradingWallet(FUTURES, nftDesk, 1);
    }

    function test_RevertIf_changeWalletsOfUnknownVault() public {
        vm.startPrank(admin);
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 3));
        fund.addTradingWallet(3, traderA, "Futures", 1_000);
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 0));
        fund.removeTradingWallet(0, 0);
        vm.stopPrank();
    }

    function test_lockingOneVaultLeavesOthersWalletsEditable() public {
        _invest(alice, MINIMUM);
        _lock(FUTURES);
        _addDefaultWallets(NFT);
        vm.prank(admin);
        fund.removeTradingWallet(NFT, 0);
        (address[] memory nft,,) = fund.getTradingWallets(2);
        assertEq(nft.length, 0);
    }
}
