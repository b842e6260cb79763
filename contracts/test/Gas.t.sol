// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {MockUSDC} from "../src/mocks/MockUSDC.sol";
import {console} from "./utils/Test.sol";

/// @notice Gas: no operation grows with the number of investors, and per-operation figures for the
/// benchmark (`npm run bench` runs this suite with `--isolate`, so each call is costed as a transaction).
contract GasTest is FundFixture {
    /// @dev Settles a pool of `investors` investors and returns (gas of endLockupPeriod, gas of the first
    /// investor's withdraw), each on a fresh token and fund so both scenarios start from the same state.
    function _settleAndWithdrawGas(uint256 investors) internal returns (uint256 settleGas, uint256 withdrawGas) {
        token = new MockUSDC();
        vm.prank(admin);
        fund = new InvestmentFund(token, fundWallet, MINIMUM, LOCKUP);
        _approveFundFrom(traderA);
        _approveFundFrom(traderB);
        bytes32 operatorRole = fund.OPERATOR_ROLE();
        vm.prank(admin);
        fund.grantRole(operatorRole, operator);
        for (uint256 i; i < investors; ++i) {
            _invest(address(uint160(0xA11CE + i)), 1_000 * USDC);
        }
        _lock();
        uint256 principal = investors * 1_000 * USDC;
        uint256 returned = principal + principal / 10;
        token.mint(traderA, principal / 10);
        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(traderA, token.balanceOf(traderA));
        fund.collectFundsFromTradingWallet(traderB, token.balanceOf(traderB));
        vm.warp(block.timestamp + LOCKUP);
        uint256 before = gasleft();
        fund.endLockupPeriod(returned);
        settleGas = before - gasleft();
        vm.stopPrank();

        vm.prank(address(uint160(0xA11CE)));
        before = gasleft();
        fund.withdraw();
        withdrawGas = before - gasleft();
    }

    function test_scale_settleAndWithdrawGasIndependentOfInvestorCount() public {
        (uint256 settle1, uint256 withdraw1) = _settleAndWithdrawGas(1);
        (uint256 settle500, uint256 withdraw500) = _settleAndWithdrawGas(500);
        console.log("endLockupPeriod gas, 1 investor", settle1);
        console.log("endLockupPeriod gas, 500 investors", settle500);
        console.log("withdraw gas, 1 investor", withdraw1);
        console.log("withdraw gas, 500 investors", withdraw500);
        assertEq(settle1, settle500, "settle gas must not depend on the number of investors");
        assertEq(withdraw1, withdraw500, "withdraw gas must not depend on the number of investors");
    }

    // ---- per-operation scenarios, read by the gas report -------------------------------------------

    function test_gas_investFirstThenRepeat() public {
        _whitelist(alice);
        token.mint(alice, 2_000 * USDC);
        vm.prank(alice);
        token.approve(address(fund), 2_000 * USDC);
        vm.prank(alice);
        fund.invest(1_000 * USDC);
        vm.snapshotGasLastCall("invest (first)");
        _nextBlock();
        vm.prank(alice);
        fund.invest(1_000 * USDC);
        vm.snapshotGasLastCall("invest (repeat)");
    }

    function test_gas_governance() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 1_000 * USDC);
        _invest(carol, 1_000 * USDC);
        _nextBlock();
        vm.prank(alice);
        fund.createProposal("Allocate 10% of the next pool to an options desk", 3 days);
        vm.snapshotGasLastCall("createProposal");
        vm.prank(bob);
        fund.vote(1, true);
        vm.snapshotGasLastCall("vote (first on a proposal)");
        vm.prank(carol);
        fund.vote(1, false);
        vm.snapshotGasLastCall("vote");
    }

    function test_gas_lockupWithOneAndTenWallets() public {
        _invest(alice, 1_000 * USDC);
        vm.prank(admin);
        fund.addTradingWallet(traderA, "Futures", 10_000);
        vm.prank(admin);
        fund.startLockupPeriod();
        vm.snapshotGasLastCall("startLockupPeriod (1 wallet)");
        _settle(1_100 * USDC);
        vm.snapshotGasLastCall("endLockupPeriod");
        vm.prank(alice);
        fund.withdraw();
        vm.snapshotGasLastCall("withdraw");

        _invest(bob, 1_000 * USDC);
        vm.startPrank(admin);
        fund.removeTradingWallet(0);
        for (uint256 i; i < 10; ++i) {
            fund.addTradingWallet(address(uint160(0x7000 + i)), "Desk", 1_000);
        }
        fund.startLockupPeriod();
        vm.snapshotGasLastCall("startLockupPeriod (10 wallets)");
        vm.stopPrank();
    }
}
