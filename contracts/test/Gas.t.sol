// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {MockUSDC} from "../src/mocks/MockUSDC.sol";
import {console} from "./utils/Test.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Gas: no operation grows with the number of investors or with the number of rounds a vault has run,
/// and per-operation figures for the benchmark (`npm run bench` runs the `test_gas_*` tests with `--isolate`, so
/// each call is costed as a transaction of its own; the figures land in `contracts/snapshots/GasTest.json`).
contract GasTest is FundFixture {
    /// @dev Gas of one round's operations, measured with `gasleft()` around each call.
    struct RoundGas {
        uint256 invest;
        uint256 settle;
        uint256 withdraw;
    }

    /// @dev A fresh investor per measured round, so that no measured deposit finds its slots already warm.
    uint160 internal _measured = 0xBEEF0000;

    /// @dev A fresh token and fund in which vault 2 has already run one round, so that the fund-wide counters
    /// (fees, statistics, unclaimed payouts) are past their first zero-to-nonzero write in every scenario, and
    /// with a record profit no measured round beats (a new record costs one more storage write).
    function _freshFund() internal {
        token = new MockUSDC();
        _deploy();
        _investIn(NFT, address(0xFEED), 1_000_000 * USDC);
        _round(NFT, 2_000_000 * USDC);
        vm.prank(address(0xFEED));
        fund.withdraw(NFT);
    }

    /// @dev All calls of a test run in one transaction, where a slot read once stays warm: reading vault 1 and
    /// its current pool through the views first makes every scenario start from the same warm slots (for example
    /// the vault's `rollingShares` slot, first read by the vault's first settlement).
    function _warm() internal view {
        fund.getVault(FUTURES);
        fund.getPoolInfo(fund.currentPoolId(FUTURES));
    }

    /// @dev Runs one round of vault 1 with `investors` earlier investors, measuring a new investor's deposit, the
    /// settlement and that investor's withdrawal.
    function _measuredRound(uint256 investors) internal returns (RoundGas memory gas) {
        for (uint256 i; i < investors; ++i) {
            _invest(address(uint160(0xA11CE + i)), 1_000 * USDC);
        }
        address measured = address(++_measured);
        _whitelist(measured);
        token.mint(measured, 1_000 * USDC);
        vm.prank(measured);
        token.approve(address(fund), 1_000 * USDC);
        _warm();
        vm.prank(measured);
        fund.invest(FUTURES, 1_000 * USDC);
        gas.invest = vm.lastCallGas().gasTotalUsed;

        _lock();
        uint256 principal = (investors + 1) * 1_000 * USDC;
        token.mint(traderA, principal / 10);
        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, token.balanceOf(traderA));
        fund.collectFundsFromTradingWallet(FUTURES, traderB, token.balanceOf(traderB));
        vm.warp(block.timestamp + LOCKUP);
        _warm();
        fund.endLockupPeriod(FUTURES, principal + principal / 10, REPORT);
        gas.settle = vm.lastCallGas().gasTotalUsed;
        vm.stopPrank();

        _warm();
        vm.prank(measured);
        fund.withdraw(FUTURES);
        gas.withdraw = vm.lastCallGas().gasTotalUsed;
        for (uint256 i; i < investors; ++i) {
            vm.prank(address(uint160(0xA11CE + i)));
            fund.withdraw(FUTURES);
        }
        _nextBlock();
    }

    function test_scale_gasIndependentOfInvestorCount() public {
        _freshFund();
        RoundGas memory one = _measuredRound(1);
        _freshFund();
        RoundGas memory many = _measuredRound(500);
        console.log("invest gas, 1 / 500 investors", one.invest, many.invest);
        console.log("endLockupPeriod gas, 1 / 500 investors", one.settle, many.settle);
        console.log("withdraw gas, 1 / 500 investors", one.withdraw, many.withdraw);
        assertEq(one.invest, many.invest, "invest gas must not depend on the number of investors");
        assertEq(one.settle, many.settle, "settle gas must not depend on the number of investors");
        assertEq(one.withdraw, many.withdraw, "withdraw gas must not depend on the number of investors");
    }

    function test_scale_gasIndependentOfRoundNumber() public {
        _freshFund();
        RoundGas memory first = _measuredRound(1);
        _freshFund();
        for (uint256 round = 1; round < 50; ++round) {
            _measuredRound(1);
        }
        assertEq(fund.getVault(FUTURES).round, 50);
        RoundGas memory fiftieth = _measuredRound(1);
        console.log("invest gas, round 1 / 50", first.invest, fiftieth.invest);
        console.log("endLockupPeriod gas, round 1 / 50", first.settle, fiftieth.settle);
        console.log("withdraw gas, round 1 / 50", first.withdraw, fiftieth.withdraw);
        assertEq(first.invest, fiftieth.invest, "invest gas must not depend on the round");
        assertEq(first.settle, fiftieth.settle, "settle gas must not depend on the round");
        assertEq(first.withdraw, fiftieth.withdraw, "withdraw gas must not depend on the round");
    }

    /// @notice A rolling position costs the same to settle whether one or 500 positions roll.
    function test_scale_rollingSettlementIndependentOfInvestorCount() public {
        uint256 one = _rollingSettleGas(1);
        uint256 many = _rollingSettleGas(500);
        console.log("endLockupPeriod gas with rolling positions, 1 / 500", one, many);
        assertEq(one, many, "settling rolling positions must not loop over them");
    }

    /// @notice Finalising a proposed settlement costs the same whether one or 500 positions roll.
    function test_scale_finalizeIndependentOfInvestorCount() public {
        uint256 one = _rollingSettleGas(1, 1 days);
        uint256 many = _rollingSettleGas(500, 1 days);
        console.log("finalizeSettlement gas with rolling positions, 1 / 500", one, many);
        assertEq(one, many, "finalising must not loop over the positions");
    }

    function _rollingSettleGas(uint256 investors) internal returns (uint256 gas) {
        return _rollingSettleGas(investors, 0);
    }

    /// @dev The gas of settling (a window of 0) or of finalising (any other window) a round in which `investors`
    /// positions roll.
    function _rollingSettleGas(uint256 investors, uint256 window) internal returns (uint256 gas) {
        _freshFund();
        for (uint256 i; i < investors; ++i) {
            address investor = address(uint160(0xA11CE + i));
            _invest(investor, 1_000 * USDC);
            _setRollOver(investor, FUTURES, true);
        }
        _round(FUTURES, investors * 1_100 * USDC); // first settlement rolls everyone
        _lock();
        uint256 principal = fund.getPoolInfo(_currentPool()).preLockupTotal;
        uint256 fromA = token.balanceOf(traderA) < principal ? token.balanceOf(traderA) : principal;
        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, fromA);
        if (principal > fromA) fund.collectFundsFromTradingWallet(FUTURES, traderB, principal - fromA);
        vm.warp(block.timestamp + LOCKUP);
        vm.stopPrank();
        vm.prank(admin);
        fund.setChallengeWindow(FUTURES, window);
        _warm();
        vm.prank(operator);
        fund.endLockupPeriod(FUTURES, principal, REPORT);
        gas = vm.lastCallGas().gasTotalUsed;
        if (window == 0) return gas;
        vm.warp(block.timestamp + window);
        _warm();
        fund.finalizeSettlement(FUTURES);
        gas = vm.lastCallGas().gasTotalUsed;
    }

    // ---- per-operation scenarios, for `npm run bench` (--isolate) and the gas report -----------------

    function test_gas_investFirstThenRepeat() public {
        _whitelist(alice);
        token.mint(alice, 3_000 * USDC);
        vm.prank(alice);
        token.approve(address(fund), 3_000 * USDC);
        vm.prank(alice);
        fund.invest(FUTURES, 1_000 * USDC);
        vm.snapshotGasLastCall("invest (first)");
        _nextBlock();
        vm.prank(alice);
        fund.invest(FUTURES, 1_000 * USDC);
        vm.snapshotGasLastCall("invest (repeat)");
        vm.prank(alice);
        fund.invest(NFT, 1_000 * USDC);
        vm.snapshotGasLastCall("invest (second vault)");
    }

    /// @notice A vault with caps: `invest` reads one more slot (the caps) and checks both.
    function test_gas_investRepeatInACappedVault() public {
        vm.prank(admin);
        fund.setCaps(FUTURES, 1_000_000 * USDC, 100_000 * USDC);
        _whitelist(alice);
        // As in the uncapped scenario: the token balance and allowance stay above 0 (no refund for clearing them).
        token.mint(alice, 3_000 * USDC);
        vm.prank(alice);
        token.approve(address(fund), 3_000 * USDC);
        vm.prank(alice);
        fund.invest(FUTURES, 1_000 * USDC);
        _nextBlock();
        vm.prank(alice);
        fund.invest(FUTURES, 1_000 * USDC);
        vm.snapshotGasLastCall("invest (repeat, capped vault)");
    }

    /// @notice The one-transaction path (EIP-2612 permit + invest) beside the two-step path's `approve` (of the exact
    /// amount, as the app does): two-step total = `approve (exact amount)` + `invest`.
    function test_gas_investWithPermitFirstThenRepeat() public {
        uint256 key = uint256(keccak256("permit investor"));
        address investor = vm.addr(key);
        _whitelist(investor);
        token.mint(investor, 3_000 * USDC);
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(key, investor, 1_000 * USDC, block.timestamp + 1 hours);
        vm.prank(investor);
        fund.investWithPermit(FUTURES, 1_000 * USDC, block.timestamp + 1 hours, v, r, s);
        vm.snapshotGasLastCall("investWithPermit (first)");
        _nextBlock();
        (v, r, s) = _signPermit(key, investor, 1_000 * USDC, block.timestamp + 1 hours);
        vm.prank(investor);
        fund.investWithPermit(FUTURES, 1_000 * USDC, block.timestamp + 1 hours, v, r, s);
        vm.snapshotGasLastCall("investWithPermit (repeat)");

        // The two-step path's first transaction, for the same amount.
        _nextBlock();
        vm.prank(investor);
        token.approve(address(fund), 1_000 * USDC);
        vm.snapshotGasLastCall("approve (exact amount, before invest)");
    }

    function _signPermit(uint256 key, address owner, uint256 value, uint256 deadline)
        internal
        view
        returns (uint8, bytes32, bytes32)
    {
        bytes32 structHash = keccak256(
            abi.encode(
                keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)"),
                owner,
                address(fund),
                value,
                token.nonces(owner),
                deadline
            )
        );
        return vm.sign(key, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }

    function test_gas_governance() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 1_000 * USDC);
        _invest(carol, 1_000 * USDC);
        _nextBlock();
        vm.prank(alice);
        governor.createProposal("Allocate 10% of the next pool to an options desk", 3 days);
        vm.snapshotGasLastCall("createProposal");
        vm.prank(bob);
        governor.vote(1, true);
        vm.snapshotGasLastCall("vote (first on a proposal)");
        vm.prank(carol);
        governor.vote(1, false);
        vm.snapshotGasLastCall("vote");
    }

    function test_gas_roundWithOneAndTenWallets() public {
        _invest(alice, 1_000 * USDC);
        vm.prank(admin);
        fund.addTradingWallet(FUTURES, traderA, "Futures", 10_000);
        vm.prank(admin);
        fund.startLockupPeriod(FUTURES);
        vm.snapshotGasLastCall("startLockupPeriod (1 wallet)");
        _settle(1_100 * USDC);
        vm.snapshotGasLastCall("endLockupPeriod");
        vm.prank(alice);
        fund.withdraw(FUTURES);
        vm.snapshotGasLastCall("withdraw (settled)");
        fund.claimFundFees();
        vm.snapshotGasLastCall("claimFundFees");

        _invest(bob, 1_000 * USDC);
        vm.prank(bob);
        fund.setRollOver(FUTURES, true);
        vm.snapshotGasLastCall("setRollOver");
        vm.startPrank(admin);
        fund.removeTradingWallet(FUTURES, 0);
        for (uint256 i; i < 10; ++i) {
            fund.addTradingWallet(FUTURES, address(uint160(0x7000 + i)), "Desk", 1_000);
        }
        fund.startLockupPeriod(FUTURES);
        vm.snapshotGasLastCall("startLockupPeriod (10 wallets)");
        vm.stopPrank();
    }

    /// @notice A settlement that waits a challenge window: its proposal, a veto, the corrected proposal and its
    /// finalisation, each a transaction of its own.
    function test_gas_settlementWithChallengeWindow() public {
        vm.prank(admin);
        fund.setChallengeWindow(FUTURES, 1 days);
        _invest(alice, 1_000 * USDC);
        _lock();
        uint256 poolId = _currentPool();
        token.mint(traderA, 100 * USDC);
        vm.startPrank(operator);
        fund.collectFundsFromTradingWallet(FUTURES, traderA, token.balanceOf(traderA));
        fund.collectFundsFromTradingWallet(FUTURES, traderB, token.balanceOf(traderB));
        vm.warp(block.timestamp + LOCKUP);
        fund.endLockupPeriod(FUTURES, 1_100 * USDC, keccak256("wrong"));
        vm.snapshotGasLastCall("endLockupPeriod (proposal, 1-day window)");
        vm.stopPrank();
        vm.prank(admin);
        fund.vetoSettlement(FUTURES);
        vm.snapshotGasLastCall("vetoSettlement");
        vm.prank(operator);
        fund.endLockupPeriod(FUTURES, 1_100 * USDC, REPORT);
        vm.warp(block.timestamp + 1 days);
        fund.finalizeSettlement(FUTURES);
        vm.snapshotGasLastCall("finalizeSettlement");
        assertTrue(_settled(poolId));
    }

    function test_gas_refundFromOpenPool() public {
        _invest(alice, 1_000 * USDC);
        _nextBlock();
        vm.prank(alice);
        fund.withdraw(FUTURES);
        vm.snapshotGasLastCall("withdraw (open pool refund)");
    }
}
