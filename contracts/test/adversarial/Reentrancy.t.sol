// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

import {AdversarialTokenBase, IMintableToken} from "./AdversarialTokenBase.sol";
import {FundGovernor} from "../../src/FundGovernor.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {IInvestmentFund} from "../../src/interfaces/IInvestmentFund.sol";
import {IFundGovernor} from "../../src/interfaces/IFundGovernor.sol";
import {ReentrantToken} from "../mocks/ReentrantToken.sol";
import {FundViewsCalls} from "../utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Re-entrancy through a hostile token: every token-moving function of the fund is entered again
/// from inside its own token transfer. The token itself is the attacker: it is whitelisted, funded,
/// approved, and holds ADMIN_ROLE and OPERATOR_ROLE, so the reentrancy guard is the only thing between
/// each re-entrant call and its success.
contract AdversarialReentrancyTest is AdversarialTokenBase {
    enum Op {
        Invest,
        Withdraw,
        EmergencyWithdraw,
        StartLockup,
        Collect,
        ClaimFundFees,
        SweepExcess,
        EndLockup,
        SetRollOver
    }

    /// @dev The first `OUTER_COUNT` operations move tokens (and so can be re-entered from a transfer); every
    /// operation, the last two included, is tried as the re-entrant inner call.
    uint256 internal constant OUTER_COUNT = 7;
    uint256 internal constant OP_COUNT = 9;
    bytes4 internal constant REENTRANT_CALL = ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector;

    ReentrantToken internal rtoken;
    address internal attacker;

    function setUp() public {
        rtoken = new ReentrantToken();
        _deployFund(IMintableToken(address(rtoken)));
        attacker = address(rtoken);
        vm.label(attacker, "reentrantToken");

        // Give the attacker everything a re-entrant call could need, so only the guard can stop it.
        _whitelist(alice);
        _whitelist(bob);
        _whitelist(attacker);
        vm.startPrank(admin);
        fund.grantRole(fund.ADMIN_ROLE(), attacker);
        fund.grantRole(fund.OPERATOR_ROLE(), attacker);
        vm.stopPrank();
        rtoken.mint(attacker, 100_000 * USDC);
        rtoken.approveFromSelf(address(fund), type(uint256).max);
    }

    // ---- helpers -------------------------------------------------------------------------------

    /// @dev Invests `amount` from the token contract itself (not re-entrant: the token is disarmed).
    function _attackerInvests(uint256 amount) internal {
        vm.prank(attacker);
        fund.invest(1, amount);
    }

    function _innerCall(Op op) internal view returns (bytes memory) {
        if (op == Op.Invest) return abi.encodeCall(InvestmentFund.invest, (1, MINIMUM));
        if (op == Op.Withdraw) return abi.encodeCall(InvestmentFund.withdraw, (1));
        if (op == Op.EmergencyWithdraw) return abi.encodeCall(InvestmentFund.emergencyWithdraw, (1));
        if (op == Op.StartLockup) return abi.encodeCall(InvestmentFund.startLockupPeriod, (1));
        if (op == Op.Collect) return abi.encodeCall(InvestmentFund.collectFundsFromTradingWallet, (1, traderA, 1));
        if (op == Op.EndLockup) return abi.encodeCall(InvestmentFund.endLockupPeriodAtLoss, (1, 0, REPORT));
        if (op == Op.ClaimFundFees) return abi.encodeCall(InvestmentFund.claimFundFees, ());
        if (op == Op.SetRollOver) return abi.encodeCall(InvestmentFund.setRollOver, (1, true));
        return abi.encodeCall(InvestmentFund.sweepExcess, ());
    }

    /// @dev Puts the fund in a state where `outer` succeeds and moves tokens; returns its caller and calldata.
    function _prepareOuter(Op outer) internal returns (address caller, bytes memory data) {
        if (outer == Op.Invest) {
            rtoken.mint(alice, 1_000 * USDC);
            vm.prank(alice);
            rtoken.approve(address(fund), 1_000 * USDC);
            return (alice, abi.encodeCall(InvestmentFund.invest, (1, 1_000 * USDC)));
        }
        if (outer == Op.Withdraw) {
            _invest(alice, 1_000 * USDC);
            _attackerInvests(500 * USDC);
            _lock();
            _settleWithProfit(300 * USDC);
            return (alice, abi.encodeCall(InvestmentFund.withdraw, (1)));
        }
        if (outer == Op.EmergencyWithdraw) {
            _invest(alice, 1_000 * USDC);
            _attackerInvests(500 * USDC);
            vm.prank(admin);
            fund.setEmergencyState(true);
            return (alice, abi.encodeCall(InvestmentFund.emergencyWithdraw, (1)));
        }
        if (outer == Op.StartLockup) {
            _invest(alice, 1_000 * USDC);
            return (admin, abi.encodeCall(InvestmentFund.startLockupPeriod, (1)));
        }
        if (outer == Op.Collect) {
            _invest(alice, 1_000 * USDC);
            _lock();
            return (operator, abi.encodeCall(InvestmentFund.collectFundsFromTradingWallet, (1, traderA, 600 * USDC)));
        }
        if (outer == Op.ClaimFundFees) {
            _invest(alice, 1_000 * USDC);
            _attackerInvests(500 * USDC);
            _lock();
            _settleWithProfit(200 * USDC); // a profit, so that a fee accrues
            return (stranger, abi.encodeCall(InvestmentFund.claimFundFees, ()));
        }
        _invest(alice, 1_000 * USDC);
        rtoken.mint(address(fund), 50 * USDC); // a donation: excess to sweep
        return (admin, abi.encodeCall(InvestmentFund.sweepExcess, ()));
    }

    /// @dev Everything an attempt could change: the fund's books and every party's balance.
    function _snapshot() internal view returns (uint256[] memory s) {
        uint256 poolId = fund.currentPoolId(1);
        (uint256 totalFunds,,, bool isLocked,,,) = fund.investmentPools(poolId);
        s = new uint256[](16);
        s[0] = rtoken.balanceOf(address(fund));
        s[1] = fund.totalOwed();
        s[2] = poolId;
        s[3] = totalFunds;
        s[4] = isLocked ? 1 : 0;
        s[5] = _poolCollected(poolId);
        s[6] = _invested(alice);
        s[7] = _invested(attacker);
        s[8] = rtoken.balanceOf(alice);
        s[9] = rtoken.balanceOf(attacker);
        s[10] = rtoken.balanceOf(traderA);
        s[11] = rtoken.balanceOf(traderB);
        s[12] = rtoken.balanceOf(fundWallet);
        s[13] = fund.emergencyState() ? 1 : 0;
        s[14] = fund.getVault(1).rollingShares;
        s[15] = fund.fundFeesAccrued();
    }

    function _assertSameSnapshot(uint256[] memory before, string memory where) internal view {
        uint256[] memory afterwards = _snapshot();
        for (uint256 i; i < before.length; ++i) {
            assertEq(afterwards[i], before[i], string.concat(where, ": snapshot field ", vm.toString(i)));
        }
    }

    /// @dev For every inner op, hooked before and after the balance update: the outer call reverts with
    /// exactly `ReentrancyGuardReentrantCall()` (bubbled through SafeERC20) and nothing changes.
    function _assertEveryReentryBlocked(Op outer) internal {
        (address caller, bytes memory data) = _prepareOuter(outer);
        uint256[] memory before = _snapshot();
        for (uint256 i; i < OP_COUNT; ++i) {
            for (uint256 h; h < 2; ++h) {
                bool afterUpdate = h == 1;
                string memory where = string.concat(
                    "outer ", vm.toString(uint256(outer)), " inner ", vm.toString(i), afterUpdate ? " after" : " before"
                );
                rtoken.arm(address(fund), _innerCall(Op(i)), true, afterUpdate);
                vm.prank(caller);
                (bool ok, bytes memory ret) = address(fund).call(data);
                assertFalse(ok, where);
                assertEq(ret, abi.encodeWithSelector(REENTRANT_CALL), where);
                _assertSameSnapshot(before, where);
            }
        }
        // Control: disarmed, the same outer call goes through, so the revert above came from the re-entry.
        rtoken.disarm();
        vm.prank(caller);
        (bool success,) = address(fund).call(data);
        assertTrue(success, "outer call fails even without re-entry");
    }

    // ---- the full matrix: every guarded function re-entered from every token transfer ----------

    /// @notice Re-entering any guarded function from inside `invest`'s transferFrom reverts the deposit.
    function test_RevertIf_reenteredDuringInvest() public {
        _assertEveryReentryBlocked(Op.Invest);
    }

    /// @notice Re-entering any guarded function from inside `withdraw`'s transfer reverts the withdrawal.
    function test_RevertIf_reenteredDuringWithdraw() public {
        _assertEveryReentryBlocked(Op.Withdraw);
    }

    /// @notice Re-entering any guarded function from inside `emergencyWithdraw`'s transfer reverts it.
    function test_RevertIf_reenteredDuringEmergencyWithdraw() public {
        _assertEveryReentryBlocked(Op.EmergencyWithdraw);
    }

    /// @notice Re-entering any guarded function from inside `startLockupPeriod`'s transfers reverts the lock.
    function test_RevertIf_reenteredDuringStartLockupPeriod() public {
        _assertEveryReentryBlocked(Op.StartLockup);
    }

    /// @notice Re-entering any guarded function from inside `collectFundsFromTradingWallet` reverts it.
    function test_RevertIf_reenteredDuringCollect() public {
        _assertEveryReentryBlocked(Op.Collect);
    }

    /// @notice Re-entering any guarded function from inside `claimFundFees`'s transfer reverts the claim.
    function test_RevertIf_reenteredDuringClaimFundFees() public {
        _assertEveryReentryBlocked(Op.ClaimFundFees);
    }

    /// @notice Re-entering any guarded function from inside `sweepExcess`'s transfer reverts the sweep.
    function test_RevertIf_reenteredDuringSweepExcess() public {
        _assertEveryReentryBlocked(Op.SweepExcess);
    }

    // ---- swallowed re-entries: the outer call completes and the attacker gains nothing ----------

    /// @dev Asserts the last armed call-back was attempted and failed with the reentrancy-guard error.
    function _assertReentryBlocked() internal view {
        assertTrue(rtoken.attempted(), "no re-entry was attempted");
        assertFalse(rtoken.reentrySucceeded(), "re-entrant call succeeded");
        assertEq(rtoken.reentryReturnData(), abi.encodeWithSelector(REENTRANT_CALL));
    }

    /// @notice A nested `invest` inside the attacker's own deposit cannot be counted twice by the balance delta.
    function test_reentrantInvestDuringOwnInvest_creditsOnce() public {
        rtoken.arm(address(fund), abi.encodeCall(InvestmentFund.invest, (1, 400 * USDC)), false, false);
        uint256 balanceBefore = rtoken.balanceOf(address(fund));
        _attackerInvests(500 * USDC);
        _assertReentryBlocked();
        assertEq(_invested(attacker), 500 * USDC);
        assertEq(_poolTotalFunds(1), 500 * USDC);
        assertEq(rtoken.balanceOf(address(fund)) - balanceBefore, 500 * USDC);
        assertEq(fund.totalOwed(), rtoken.balanceOf(address(fund)));
    }

    /// @notice A nested `invest` by the attacker inside another investor's deposit is not credited.
    function test_reentrantInvestDuringOthersInvest_gainsNothing() public {
        rtoken.arm(address(fund), abi.encodeCall(InvestmentFund.invest, (1, 400 * USDC)), false, true);
        _invest(alice, 1_000 * USDC);
        _assertReentryBlocked();
        assertEq(_invested(alice), 1_000 * USDC);
        assertEq(_invested(attacker), 0);
        assertEq(_poolTotalFunds(1), 1_000 * USDC);
        assertEq(rtoken.balanceOf(address(fund)), 1_000 * USDC);
        // Outside a transfer the attacker's deposit works: only the guard stopped it.
        _attackerInvests(400 * USDC);
        assertEq(_invested(attacker), 400 * USDC);
    }

    /// @notice A sweep nested in a deposit (tokens arrived, not yet credited) cannot take the deposit as excess.
    function test_reentrantSweepDuringInvest_cannotStealDeposit() public {
        rtoken.arm(address(fund), abi.encodeCall(InvestmentFund.sweepExcess, ()), false, true);
        _invest(alice, 1_000 * USDC);
        _assertReentryBlocked();
        assertEq(rtoken.balanceOf(fundWallet), 0);
        assertEq(rtoken.balanceOf(address(fund)), 1_000 * USDC);
        assertEq(fund.totalOwed(), 1_000 * USDC);
    }

    /// @notice A nested lock inside a deposit is blocked: the pool stays open and the deposit is credited.
    function test_reentrantStartLockupDuringInvest_blocked() public {
        _invest(bob, 1_000 * USDC);
        rtoken.arm(address(fund), abi.encodeCall(InvestmentFund.startLockupPeriod, (1)), false, false);
        _invest(alice, 1_000 * USDC);
        _assertReentryBlocked();
        (, uint256 totalFunds, bool isLocked,) = fund.getCurrentPoolData(1);
        assertFalse(isLocked);
        assertEq(totalFunds, 2_000 * USDC);
        assertEq(rtoken.balanceOf(traderA), 0);
    }

    /// @notice The classic double withdrawal: a `withdraw` nested in the attacker's own payout pays once.
    function test_reentrantWithdrawDuringOwnWithdraw_paysOnce() public {
        _invest(alice, 1_000 * USDC);
        _attackerInvests(1_000 * USDC);
        _lock();
        _settleWithProfit(500 * USDC); // investors get 2,400
        uint256 payout = fund.getPosition(attacker, 1).withdrawable;
        assertEq(payout, 1_200 * USDC);
        uint256 attackerBefore = rtoken.balanceOf(attacker);

        rtoken.arm(address(fund), abi.encodeCall(InvestmentFund.withdraw, (1)), false, false);
        vm.prank(attacker);
        assertEq(fund.withdraw(1), payout);
        _assertReentryBlocked();
        assertEq(rtoken.balanceOf(attacker) - attackerBefore, payout);
        assertEq(rtoken.balanceOf(address(fund)), 1_300 * USDC); // alice's 1,200 and the 100 fee
        assertEq(fund.totalOwed(), 1_300 * USDC);

        vm.prank(alice);
        assertEq(fund.withdraw(1), 1_200 * USDC);
        vm.prank(attacker);
        vm.expectRevert(IInvestmentFund.NothingToWithdraw.selector);
        fund.withdraw(1);
    }

    /// @notice A nested `emergencyWithdraw` in the attacker's own emergency refund pays once.
    function test_reentrantEmergencyWithdrawDuringOwn_paysOnce() public {
        _invest(alice, 1_000 * USDC);
        _attackerInvests(700 * USDC);
        vm.prank(admin);
        fund.setEmergencyState(true);
        uint256 attackerBefore = rtoken.balanceOf(attacker);

        rtoken.arm(address(fund), abi.encodeCall(InvestmentFund.emergencyWithdraw, (1)), false, false);
        vm.prank(attacker);
        assertEq(fund.emergencyWithdraw(1), 700 * USDC);
        _assertReentryBlocked();
        assertEq(rtoken.balanceOf(attacker) - attackerBefore, 700 * USDC);
        assertEq(rtoken.balanceOf(address(fund)), 1_000 * USDC);
        assertEq(_poolTotalFunds(1), 1_000 * USDC);

        vm.prank(alice);
        assertEq(fund.emergencyWithdraw(1), 1_000 * USDC);
        assertEq(rtoken.balanceOf(address(fund)), 0);
    }

    /// @notice A `withdraw` nested in the lock's transfers is blocked; the attacker withdraws normally afterwards.
    function test_reentrantWithdrawDuringStartLockup_blocked() public {
        _attackerInvests(500 * USDC);
        _lock();
        _settleWithProfit(0);
        _invest(alice, 1_000 * USDC); // pool 2
        rtoken.arm(address(fund), abi.encodeCall(InvestmentFund.withdraw, (1)), false, true);
        _lock();
        _assertReentryBlocked();
        assertEq(_invested(attacker), 500 * USDC);
        assertEq(rtoken.balanceOf(traderA) + rtoken.balanceOf(traderB), 1_000 * USDC);
        assertEq(rtoken.balanceOf(address(fund)), 500 * USDC);
        vm.prank(attacker);
        assertEq(fund.withdraw(1), 500 * USDC);
        assertEq(rtoken.balanceOf(address(fund)), 0);
    }

    /// @notice Settlement makes no transfer (the fee accrues), and a `withdraw` nested in the fee claim's
    /// transfer is blocked; the fee is paid once.
    function test_reentrantWithdrawDuringClaimFundFees_blocked() public {
        _invest(alice, 1_000 * USDC);
        _attackerInvests(1_000 * USDC);
        _lock();
        rtoken.mint(traderA, 1_000 * USDC); // 1,000 profit: 200 fee, 2,800 to investors
        uint256 collected = _collectAll();
        _warpToLockupEnd();
        rtoken.arm(address(fund), abi.encodeCall(InvestmentFund.withdraw, (1)), false, false);
        vm.prank(operator);
        fund.endLockupPeriod(1, collected, REPORT);
        assertFalse(rtoken.attempted(), "settlement transferred tokens");
        fund.claimFundFees();
        _assertReentryBlocked();
        assertEq(rtoken.balanceOf(fundWallet), 200 * USDC);
        assertEq(_invested(attacker), 1_000 * USDC);
        assertEq(fund.totalOwed(), 2_800 * USDC);
        assertEq(rtoken.balanceOf(address(fund)), 2_800 * USDC);
        vm.prank(attacker);
        assertEq(fund.withdraw(1), 1_400 * USDC);
    }

    /// @notice A nested collection inside another cannot be counted twice by the balance delta.
    function test_reentrantCollectDuringCollect_countsOnce() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        rtoken.arm(
            address(fund),
            abi.encodeCall(InvestmentFund.collectFundsFromTradingWallet, (1, traderB, 400 * USDC)),
            false,
            false
        );
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(1, traderA, 600 * USDC);
        _assertReentryBlocked();
        assertEq(_poolCollected(1), 600 * USDC);
        assertEq(rtoken.balanceOf(address(fund)), 600 * USDC);
        assertEq(rtoken.balanceOf(traderB), 400 * USDC);
        _warpToLockupEnd();
        vm.prank(operator);
        vm.expectRevert(
            abi.encodeWithSelector(IInvestmentFund.ReturnedAmountMismatch.selector, 1_000 * USDC, 600 * USDC)
        );
        fund.endLockupPeriodAtLoss(1, 1_000 * USDC, REPORT);
    }

    /// @notice Settling from inside a collection is blocked; the pool stays locked until settled normally.
    function test_reentrantEndLockupDuringCollect_blocked() public {
        _invest(alice, 1_000 * USDC);
        _lock();
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(1, traderA, 600 * USDC);
        _warpToLockupEnd();
        rtoken.arm(
            address(fund), abi.encodeCall(InvestmentFund.endLockupPeriodAtLoss, (1, 600 * USDC, REPORT)), false, true
        );
        vm.prank(operator);
        fund.collectFundsFromTradingWallet(1, traderB, 400 * USDC);
        _assertReentryBlocked();
        (uint256 poolId,, bool isLocked,) = fund.getCurrentPoolData(1);
        assertEq(poolId, 1);
        assertTrue(isLocked);
        assertEq(_poolCollected(1), 1_000 * USDC);
        vm.prank(operator);
        fund.endLockupPeriod(1, 1_000 * USDC, REPORT);
        assertEq(fund.getPosition(alice, 1).withdrawable, 1_000 * USDC);
    }

    /// @notice A proposal created from inside the attacker's first deposit finds no voting power.
    function test_reentrantProposalDuringInvest_hasNoPower() public {
        rtoken.arm(address(governor), abi.encodeCall(FundGovernor.createProposal, ("flash", 1 days)), false, true);
        _attackerInvests(5_000 * USDC);
        assertTrue(rtoken.attempted());
        assertFalse(rtoken.reentrySucceeded());
        assertEq(rtoken.reentryReturnData(), abi.encodeWithSelector(IFundGovernor.NoVotingPower.selector, attacker));
        assertEq(governor.proposalCount(), 0);
    }

    /// @notice Control: the mock really re-enters (an unguarded function called back from a transfer runs).
    function test_control_unguardedCallbackRuns() public {
        rtoken.arm(address(governor), abi.encodeCall(FundGovernor.generateDiscordCode, ()), false, false);
        _invest(alice, 1_000 * USDC);
        assertTrue(rtoken.attempted());
        assertTrue(rtoken.reentrySucceeded());
        uint256 code = abi.decode(rtoken.reentryReturnData(), (uint256));
        assertEq(governor.discordVerificationCode(attacker), code);
    }

    /// @notice Any re-entry pair, hooked before or after the balance moves, is blocked (fuzzed over the matrix).
    function testFuzz_reentryBlocked(uint8 outerSeed, uint8 innerSeed, bool afterUpdate) public {
        Op outer = Op(bound(outerSeed, 0, OUTER_COUNT - 1));
        Op inner = Op(bound(innerSeed, 0, OP_COUNT - 1));
        (address caller, bytes memory data) = _prepareOuter(outer);
        uint256[] memory before = _snapshot();
        rtoken.arm(address(fund), _innerCall(inner), true, afterUpdate);
        vm.prank(caller);
        (bool ok, bytes memory ret) = address(fund).call(data);
        assertFalse(ok);
        assertEq(ret, abi.encodeWithSelector(REENTRANT_CALL));
        _assertSameSnapshot(before, "fuzz");
    }

    /// @notice A roll-over choice changed from inside the attacker's own deposit (after the pull, before the
    /// position is written) is blocked, so the vault's rolling-share count cannot drift from the positions.
    function test_reentrantSetRollOverDuringInvest_blocked() public {
        _attackerInvests(500 * USDC);
        rtoken.arm(address(fund), abi.encodeCall(InvestmentFund.setRollOver, (1, true)), false, true);
        _attackerInvests(500 * USDC);
        _assertReentryBlocked();
        assertFalse(fund.getPosition(attacker, 1).rollOver);
        assertEq(fund.getVault(1).rollingShares, 0);
        // Outside a transfer the choice works: only the guard stopped it.
        vm.prank(attacker);
        fund.setRollOver(1, true);
        assertEq(fund.getVault(1).rollingShares, 1_000 * USDC);
    }
}
