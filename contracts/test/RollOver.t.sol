// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Roll-over: an investor's standing, opt-in choice to move principal plus profit into the vault's next
/// round at each settlement, without any loop over investors.
contract RollOverTest is FundFixture {
    function test_setRollOver_isOptInAndEmits() public {
        _invest(alice, 1_000 * USDC);
        assertFalse(_position(alice, FUTURES).rollOver, "off by default: no money moves without consent");
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.RollOverSet(alice, FUTURES, true);
        _setRollOver(alice, FUTURES, true);
        assertTrue(_position(alice, FUTURES).rollOver);
        assertFalse(_position(alice, NFT).rollOver, "the choice is per vault");
        assertEq(fund.getVault(FUTURES).rollingShares, 1_000 * USDC);
        _setRollOver(alice, FUTURES, false);
        assertEq(fund.getVault(FUTURES).rollingShares, 0);
    }

    function test_rollOver_movesPrincipalPlusProfitIntoNextRound() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 3_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 4_400 * USDC); // investors get 4,320: alice 1,080, bob 3,240

        IInvestmentFund.PositionInfo memory position = _position(alice, FUTURES);
        assertEq(position.poolId, 3, "alice's position is in the vault's next pool");
        assertEq(position.shares, 1_000 * USDC, "shares carry over");
        assertEq(position.value, 1_080 * USDC);
        assertEq(position.principal, 1_000 * USDC);
        assertEq(position.withdrawable, 1_080 * USDC, "a rolled position may leave while the next pool is open");
        assertEq(uint256(position.poolState), uint256(IInvestmentFund.PoolState.Open));
        (, uint256 totalFunds,,) = fund.getCurrentPoolData(FUTURES);
        assertEq(totalFunds, 1_080 * USDC);
        assertEq(fund.getPoolInfo(1).rolledOver, 1_080 * USDC);
        assertEq(fund.getPosition(bob, FUTURES).withdrawable, 3_240 * USDC, "bob did not opt in: his payout waits");

        // A newcomer buys in at the new price; the next round's profit is shared by value.
        _invest(carol, 2_160 * USDC);
        assertEq(_position(carol, FUTURES).shares, 2_000 * USDC);
        _round(FUTURES, 3_240 * USDC * 11 / 10); // +10%: 324 profit, 64.8 fee
        uint256 investorsTotal = 3_564 * USDC - 64_800_000;
        assertEq(fund.getPosition(alice, FUTURES).withdrawable, investorsTotal / 3);
        _setRollOver(alice, FUTURES, false); // alice rolled into pool 4, which is open: she may leave
        assertEq(_withdraw(alice), investorsTotal / 3);
        assertEq(_withdraw(carol), investorsTotal * 2 / 3);
    }

    function testFuzz_rollOver_conservesValue(uint256 a, uint256 b, uint256 r1, uint256 r2) public {
        a = bound(a, MINIMUM, 1e9 * USDC);
        b = bound(b, MINIMUM, 1e9 * USDC);
        r1 = bound(r1, 1, 30_000);
        r2 = bound(r2, 1, 30_000);
        _invest(alice, a);
        _invest(bob, b);
        _setRollOver(alice, FUTURES, true);
        _setRollOver(bob, FUTURES, true);
        uint256 returned1 = (a + b) * r1 / 10_000;
        _round(FUTURES, returned1);
        IInvestmentFund.PoolInfo memory first = _pool(1);
        assertEq(first.collected, first.postLockupTotal + first.fundFee, "split");
        assertEq(first.unclaimedPayouts, 0, "everyone rolled");
        assertEq(first.rolledOver, first.postLockupTotal);
        uint256 valueA = _position(alice, FUTURES).value;
        uint256 valueB = _position(bob, FUTURES).value;
        assertLe(valueA + valueB, first.rolledOver);
        assertLe(first.rolledOver - valueA - valueB, 2, "rounding only");
        (, uint256 totalFunds,,) = fund.getCurrentPoolData(FUTURES);
        assertEq(totalFunds, first.rolledOver);

        if (_pool(3).totalShares == 0) return; // a wipe-out; covered below
        uint256 returned2 = totalFunds * r2 / 10_000;
        _round(FUTURES, returned2);
        IInvestmentFund.PoolInfo memory second = _pool(3);
        assertEq(second.preLockupTotal, first.rolledOver);
        assertEq(second.collected, second.postLockupTotal + second.fundFee);
        _setRollOver(alice, FUTURES, false);
        _setRollOver(bob, FUTURES, false);
        uint256 paid = _withdraw(alice) + _withdraw(bob);
        uint256 third = _currentPool(); // pool 4: vault 2 never settled
        assertLe(paid, second.rolledOver);
        assertLe(second.rolledOver - paid, 2, "roll-over conserves value up to rounding");
        assertEq(_pool(third).totalFunds, second.rolledOver - paid);
        assertGe(token.balanceOf(address(fund)), fund.totalOwed());
    }

    function test_turnOffWhileLocked_paysOutAtSettlement() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 1_100 * USDC); // alice rolls 1,080 into pool 3
        _lock();
        _setRollOver(alice, FUTURES, false); // allowed while locked: takes effect at settlement
        assertEq(fund.getVault(FUTURES).rollingShares, 0);
        _settle(1_080 * USDC);
        IInvestmentFund.PositionInfo memory position = _position(alice, FUTURES);
        assertEq(position.poolId, 3);
        assertEq(uint256(position.poolState), uint256(IInvestmentFund.PoolState.Settled));
        assertEq(position.withdrawable, 1_080 * USDC);
        assertEq(_pool(3).rolledOver, 0);
        assertEq(_withdraw(alice), 1_080 * USDC);
        assertEq(_invested(alice), 0);
    }

    function test_turnOnWhileLocked_rollsAtSettlement() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        _setRollOver(alice, FUTURES, true);
        _settle(1_100 * USDC);
        assertEq(_position(alice, FUTURES).poolId, 3);
        assertEq(_position(alice, FUTURES).value, 1_080 * USDC);
    }

    function test_withdrawRollingPositionFromOpenPool_refunds() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 1_100 * USDC);
        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.Withdrawn(alice, FUTURES, 3, 1_080 * USDC);
        assertEq(_withdraw(alice), 1_080 * USDC);
        assertEq(fund.getVault(FUTURES).rollingShares, 0);
        assertEq(_pool(3).totalShares, 0);
        assertEq(_pool(3).totalFunds, 0);
        assertTrue(_position(alice, FUTURES).rollOver, "the standing choice survives the exit");
        assertEq(_invested(alice), 0);
    }

    function test_RevertIf_withdrawRollingPositionWhileLocked() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 1_100 * USDC);
        _lock();
        vm.prank(alice);
        vm.expectRevert(_err(POOL_LOCKED, 3));
        fund.withdraw(FUTURES);
    }

    function test_investOnTopOfRollingPosition() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 1_100 * USDC); // 1,000 shares worth 1,080 at 1.08
        _invest(alice, 540 * USDC); // 500 more shares
        IInvestmentFund.PositionInfo memory position = _position(alice, FUTURES);
        assertEq(position.shares, 1_500 * USDC);
        assertEq(position.principal, 1_540 * USDC);
        assertEq(position.value, 1_620 * USDC);
        assertEq(fund.getVault(FUTURES).rollingShares, 1_500 * USDC);
        assertEq(_invested(alice), 1_540 * USDC);
    }

    function test_RevertIf_setRollOverWithSettledPosition() public {
        _invest(alice, 1_000 * USDC);
        _round(FUTURES, 1_000 * USDC);
        vm.prank(alice);
        vm.expectRevert(_err(IInvestmentFund.UnwithdrawnPosition.selector, 1));
        fund.setRollOver(FUTURES, true);
        _withdraw(alice);
        _setRollOver(alice, FUTURES, true); // with nothing left in the settled pool, the choice is free
        assertTrue(_position(alice, FUTURES).rollOver);
    }

    function test_setRollOverBeforeInvesting_appliesToTheDeposit() public {
        _whitelist(alice);
        _setRollOver(alice, FUTURES, true);
        _invest(alice, 1_000 * USDC);
        assertEq(fund.getVault(FUTURES).rollingShares, 1_000 * USDC);
        _round(FUTURES, 1_000 * USDC);
        assertEq(_position(alice, FUTURES).poolId, 3);
    }

    function test_RevertIf_setRollOverOfUnknownVault() public {
        vm.prank(alice);
        vm.expectRevert(_err(IInvestmentFund.VaultNotFound.selector, 7));
        fund.setRollOver(7, true);
    }

    function test_rollOver_lossIsCarriedToo() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 800 * USDC);
        assertEq(_position(alice, FUTURES).value, 800 * USDC);
        assertEq(_position(alice, FUTURES).principal, 1_000 * USDC);
        assertEq(_pool(3).startSharePrice, 0.8e18);
    }

    // ---- total loss: a new era -------------------------------------------------------------------

    function test_totalLoss_wipesRollingPositionsAndStartsNewEra() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 500 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 1_500 * USDC); // break-even round: alice rolls 1,000
        _lock();
        vm.warp(block.timestamp + LOCKUP);
        vm.expectEmit(true, true, false, true, address(fund));
        emit IInvestmentFund.ProfitDistributed(FUTURES, 3, 0, 0, 0, 0, 0, REPORT);
        vm.prank(operator);
        fund.endLockupPeriodAtLoss(FUTURES, 0, REPORT);

        IInvestmentFund.VaultInfo memory vault = fund.getVault(FUTURES);
        assertEq(vault.currentPoolId, 4);
        assertEq(vault.eraStartPoolId, 4);
        assertEq(vault.rollingShares, 0);
        assertEq(_pool(3).settleSharePrice, 0);
        assertEq(_pool(4).startSharePrice, 1e18, "the next era starts at the first share price");
        assertEq(_pool(4).totalShares, 0);
        IInvestmentFund.PositionInfo memory position = _position(alice, FUTURES);
        assertEq(position.shares, 0);
        assertEq(position.value, 0);
        assertEq(position.principal, 0);
        assertTrue(position.rollOver);
        assertEq(_invested(alice), 1_000 * USDC, "the principal leaves the voting power when next touched");

        vm.prank(alice);
        vm.expectRevert(_sel(IInvestmentFund.NothingToWithdraw.selector));
        fund.withdraw(FUTURES);
        _invest(alice, 200 * USDC); // resolves the wiped position, then buys at 1.0
        assertEq(_position(alice, FUTURES).shares, 200 * USDC);
        assertEq(_position(alice, FUTURES).principal, 200 * USDC);
        assertEq(_invested(alice), 200 * USDC);
        assertEq(fund.getVault(FUTURES).rollingShares, 200 * USDC);
        assertEq(_withdraw(bob), 500 * USDC, "bob's settled payout of pool 1 is untouched");
        assertGe(token.balanceOf(address(fund)), fund.totalOwed());
    }

    function test_totalLoss_setRollOverResolvesWipedPosition() public {
        _invest(alice, 1_000 * USDC);
        _setRollOver(alice, FUTURES, true);
        _round(FUTURES, 0);
        assertEq(_invested(alice), 1_000 * USDC);
        _setRollOver(alice, FUTURES, false);
        assertEq(_invested(alice), 0);
        assertEq(_position(alice, FUTURES).shares, 0);
    }

    /// @notice Anyone syncs a wiped-out position: its power leaves before the next proposal's snapshot, so it never
    /// votes with money that is gone; syncing a live position changes nothing.
    function test_totalLoss_anyoneSyncsAWipedPosition_itsPowerNeverVotes() public {
        _invest(alice, 1_000 * USDC);
        _invest(bob, 500 * USDC);
        _setRollOver(alice, FUTURES, true);
        _setRollOver(bob, FUTURES, true);
        _round(FUTURES, 0);
        _invest(carol, 300 * USDC);
        assertEq(_invested(alice), 1_000 * USDC);
        address[] memory accounts = new address[](2);
        (accounts[0], accounts[1]) = (alice, carol); // carol's position is live: nothing changes for her
        vm.prank(stranger);
        assertEq(fund.syncPositions(accounts, FUTURES), 1, "only alice's power was stale");
        assertEq(_invested(alice), 0);
        assertEq(_position(alice, FUTURES).principal, 0);
        assertTrue(_position(alice, FUTURES).rollOver, "the owner's choice stays");
        assertEq(_invested(carol), 300 * USDC);
        _nextBlock();
        uint256 id = _propose(carol, "After the loss", 1 days);
        assertEq(governor.getProposalVotingPower(id, alice), 0, "the wiped principal does not vote");
        assertEq(governor.getProposalVotingPower(id, bob), 500 * USDC, "bob was not synced yet: his power stays");
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.VaultNotFound.selector, 9));
        fund.syncPositions(accounts, 9);
    }

    function test_totalLoss_nonRollingPositionWithdrawsZero() public {
        _invest(alice, 1_000 * USDC);
        _round(FUTURES, 0);
        assertEq(_position(alice, FUTURES).withdrawable, 0);
        assertEq(_withdraw(alice), 0);
        assertEq(_invested(alice), 0);
    }
}
