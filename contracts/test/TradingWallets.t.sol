// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";

/// @notice Trading wallets: add, remove, limits, and copy-on-write inheritance across pools.
contract TradingWalletsTest is FundFixture {
    function test_addTradingWallet_listsAddressAllocationAndType() public {
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.TradingWalletAdded(1, traderA, "Futures", 6_000);
        _addDefaultWallets();
        (address[] memory wallets, uint256[] memory allocations, string[] memory types) = fund.getTradingWallets(1);
        assertEq(wallets.length, 2);
        assertEq(wallets[0], traderA);
        assertEq(allocations[0], 6_000);
        assertEq(types[0], "Futures");
        assertEq(wallets[1], traderB);
        assertEq(allocations[1], 4_000);
        assertEq(types[1], "NFT lending");
    }

    function test_removeTradingWallet_keepsOrderOfOthers() public {
        address traderC = makeAddr("traderC");
        vm.startPrank(admin);
        fund.addTradingWallet(traderA, "A", 1_000);
        fund.addTradingWallet(traderB, "B", 1_000);
        fund.addTradingWallet(traderC, "C", 1_000);
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.TradingWalletRemoved(1, traderA, 0);
        fund.removeTradingWallet(0);
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
        fund.removeTradingWallet(2);
    }

    function test_RevertIf_allocationsExceedBasisPoints() public {
        _addDefaultWallets();
        vm.prank(admin);
        vm.expectRevert(_err(IInvestmentFund.AllocationExceedsLimit.selector, 10_001));
        fund.addTradingWallet(makeAddr("extra"), "Extra", 1);
    }

    function testFuzz_RevertIf_invalidAllocation(uint256 allocation) public {
        vm.assume(allocation == 0 || allocation > 10_000);
        vm.prank(admin);
        vm.expectRevert(_err(IInvestmentFund.InvalidAllocation.selector, allocation));
        fund.addTradingWallet(traderA, "Futures", allocation);
    }

    function test_RevertIf_invalidWalletOrType() public {
        vm.startPrank(admin);
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.addTradingWallet(address(0), "Futures", 1_000);
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.addTradingWallet(address(fund), "Self", 1_000);
        vm.expectRevert(_sel(IInvestmentFund.InvalidAddress.selector));
        fund.addTradingWallet(address(token), "Token", 1_000);
        vm.expectRevert(_sel(IInvestmentFund.InvalidWalletType.selector));
        fund.addTradingWallet(traderA, "", 1_000);
        vm.expectRevert(_sel(IInvestmentFund.InvalidWalletType.selector));
        fund.addTradingWallet(traderA, string(new bytes(65)), 1_000);
        vm.stopPrank();
    }

    function test_RevertIf_duplicateWallet() public {
        vm.startPrank(admin);
        fund.addTradingWallet(traderA, "Futures", 1_000);
        vm.expectRevert(_errAddr(IInvestmentFund.TradingWalletAlreadyAdded.selector, traderA));
        fund.addTradingWallet(traderA, "Again", 1_000);
        vm.stopPrank();
    }

    function test_RevertIf_moreThanMaxWallets() public {
        vm.startPrank(admin);
        for (uint256 i; i < 10; ++i) {
            fund.addTradingWallet(address(uint160(0x1000 + i)), "Desk", 1_000);
        }
        vm.expectRevert(_sel(IInvestmentFund.TooManyTradingWallets.selector));
        fund.addTradingWallet(address(0x2000), "Desk", 1);
        vm.stopPrank();
    }

    function test_RevertIf_changeWalletsWhileLocked() public {
        _invest(alice, MINIMUM);
        _lock();
        vm.startPrank(admin);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.addTradingWallet(makeAddr("late"), "Late", 1);
        vm.expectRevert(_err(POOL_LOCKED, 1));
        fund.removeTradingWallet(0);
        vm.stopPrank();
    }

    function test_inheritance_changesToNextPoolLeaveHistoryIntact() public {
        _invest(alice, MINIMUM);
        _lock();
        _settle(MINIMUM);
        address traderC = makeAddr("traderC");
        vm.startPrank(admin);
        fund.removeTradingWallet(1);
        fund.addTradingWallet(traderC, "Options", 4_000);
        vm.stopPrank();

        (address[] memory past,, string[] memory pastTypes) = fund.getTradingWallets(1);
        assertEq(past.length, 2);
        assertEq(past[1], traderB);
        assertEq(pastTypes[1], "NFT lending");
        (address[] memory current,, string[] memory currentTypes) = fund.getTradingWallets(2);
        assertEq(current.length, 2);
        assertEq(current[0], traderA);
        assertEq(current[1], traderC);
        assertEq(currentTypes[1], "Options");
        (address[] memory future,,) = fund.getTradingWallets(3);
        assertEq(future.length, 0, "pools that have not opened have no wallets");
    }
}
