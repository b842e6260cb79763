// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "../FundFixture.sol";
import {FuzzSelector} from "../utils/Test.sol";
import {FundHandler} from "./FundHandler.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {FundTimelock} from "../../src/FundTimelock.sol";
import {GovernanceHandler} from "./GovernanceHandler.sol";
import {IInvestmentFund} from "../../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {FundViewsCalls} from "../utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @title FundInvariantsTest
/// @notice Stateful fuzzing of both vaults through `FundHandler`: per-vault solvency, shares per pool, the split
/// identity of every settled pool, exits always possible, roll-over conserving value, phase rules, and voting
/// weights against a full voting-power history.
/// forge-config: default.invariant.runs = 32
/// forge-config: default.invariant.depth = 200
/// forge-config: default.invariant.fail-on-revert = true
contract FundInvariantsTest is FundFixture {
    uint256 internal constant VAULTS = 2;

    FundHandler internal handler;
    FundTimelock internal timelock;
    address internal guardian = makeAddr("guardian");
    GovernanceHandler internal governance;
    address[] internal investors;
    bytes4[] internal _selectors;

    function setUp() public override {
        super.setUp();
        investors = [alice, bob, carol, makeAddr("dave"), makeAddr("erin")];
        address[] memory futuresWallets = new address[](2);
        (futuresWallets[0], futuresWallets[1]) = (traderA, traderB);
        handler =
            new FundHandler(fund, token, admin, operator, fundWallet, stranger, investors, futuresWallets, nftDesk);
        governance = new GovernanceHandler(handler, investors);
        handler.setGovernance(governance);
        // The hand-over, as deploy does it: a guardian, and the timelock as the only top.
        timelock = new FundTimelock(IAccessControl(address(fund)), 2 days);
        vm.startPrank(admin);
        fund.grantRole(fund.GUARDIAN_ROLE(), guardian);
        // Vault 2's settlements wait a day, open to a veto; vault 1's settle at once (the local chain's default).
        fund.setChallengeWindow(2, 1 days);
        // ...and a result beyond -30 % or +40 % needs the guardian's co-signature.
        fund.setSettlementBounds(2, 3_000, 4_000);
        // Vault 1 charges a management fee (2 % a year) besides the default performance fee (20 % above the mark).
        fund.setFees(1, 200, 2_000);
        governor.setTimelock(address(timelock));
        fund.grantRole(0x00, address(timelock));
        fund.renounceRole(0x00, admin);
        vm.stopPrank();
        handler.setTimelock(timelock, guardian);

        _weigh(FundHandler.invest.selector, 6);
        _weigh(FundHandler.withdraw.selector, 3);
        _weigh(FundHandler.emergencyWithdraw.selector, 1);
        _weigh(FundHandler.setRollOver.selector, 3);
        _weigh(FundHandler.lock.selector, 4);
        _weigh(FundHandler.collect.selector, 2);
        _weigh(FundHandler.settle.selector, 5);
        _weigh(FundHandler.finalize.selector, 3);
        _weigh(FundHandler.veto.selector, 1);
        _weigh(FundHandler.cosign.selector, 2);
        _weigh(FundHandler.claimFees.selector, 1);
        _weigh(FundHandler.cutFees.selector, 1);
        _weigh(FundHandler.setCaps.selector, 1);
        _weigh(FundHandler.toggleEmergency.selector, 1);
        _weigh(FundHandler.whitelist.selector, 1);
        _weigh(FundHandler.delist.selector, 1);
        _weigh(FundHandler.donate.selector, 1);
        _weigh(FundHandler.sweep.selector, 1);
        _weigh(FundHandler.createProposal.selector, 2);
        _weigh(FundHandler.vote.selector, 3);
        _weigh(FundHandler.execute.selector, 1);
        _weigh(FundHandler.proposeLockup.selector, 3);
        _weigh(FundHandler.queueProposal.selector, 3);
        _weigh(FundHandler.executeActions.selector, 3);
        _weigh(FundHandler.guardianEmergency.selector, 1);
        _weigh(FundHandler.pause.selector, 1);
        _weigh(FundHandler.resume.selector, 2);
        _weigh(FundHandler.windDown.selector, 1);
        _weigh(FundHandler.scheduleLockup.selector, 2);
        _weigh(FundHandler.executeChange.selector, 2);
        _weigh(FundHandler.cancelChange.selector, 1);
        _weigh(FundHandler.advanceTime.selector, 1);
        _weigh(FundHandler.advanceBlock.selector, 3);
        targetContract(address(handler));
        targetSelector(FuzzSelector({addr: address(handler), selectors: _selectors}));
    }

    // ---- solvency ------------------------------------------------------------------------------------

    /// @notice What a vault owes now: its settled pools' unclaimed payouts and its current pool's deposits
    /// (open) or collected returns (locked).
    function _owedByVault(uint256 vaultId) internal view returns (uint256 owed) {
        uint256 count = fund.poolCount();
        for (uint256 poolId = 1; poolId <= count; ++poolId) {
            IInvestmentFund.PoolInfo memory info = fund.getPoolInfo(poolId);
            if (info.vaultId != vaultId) continue;
            if (info.state == IInvestmentFund.PoolState.Settled) owed += info.unclaimedPayouts;
            else if (info.state == IInvestmentFund.PoolState.Locked) owed += info.collected;
            else owed += info.totalFunds;
        }
    }

    /// @notice The balance covers `totalOwed`, which is the sum of the vaults' debts and the accrued fee, and the
    /// balance matches the ghost books of every token flow.
    function invariant_solvency() public view {
        uint256 balance = token.balanceOf(address(fund));
        uint256 owed = fund.totalOwed();
        assertGe(balance, owed, "balance < totalOwed");
        assertEq(owed, _owedByVault(1) + _owedByVault(2) + fund.fundFeesAccrued(), "totalOwed != sum of vaults");
        assertEq(balance, handler.ghostBalance(), "balance != ghost flows");
    }

    /// @notice Each vault's own money covers its own debts: what came in for it, less what went out and its
    /// fees, is at least what it owes (no vault is paid from another's funds).
    function invariant_perVaultSolvency() public view {
        for (uint256 v = 1; v <= VAULTS; ++v) {
            uint256 net = handler.ghostIn(v) - handler.ghostOut(v) - handler.ghostFees(v);
            assertGe(net, _owedByVault(v), "a vault owes more than it holds");
        }
    }

    // ---- shares and principals per pool -------------------------------------------------------------

    /// @notice Every pool's shares are the sum of its positions' shares: the current pool's `totalShares`, a
    /// settled pool's `unclaimedShares`; and a person's principals across vaults make up their voting power.
    function invariant_sharesAndPrincipalsPerPool() public view {
        uint256 count = fund.poolCount();
        uint256[] memory sums = new uint256[](count + 1);
        for (uint256 i; i < investors.length; ++i) {
            uint256 principals;
            for (uint256 v = 1; v <= VAULTS; ++v) {
                IInvestmentFund.PositionInfo memory p = fund.getPosition(investors[i], v);
                sums[p.poolId] += p.shares;
                principals += p.principal;
            }
            (uint256 invested,,,, uint256 power) = fund.getInvestorData(investors[i]);
            assertEq(invested, power, "voting power != principal");
            if (handler.ghostWipes() == 0) assertEq(principals, invested, "sum of principals != invested");
            else assertLe(principals, invested, "sum of principals > invested");
        }
        for (uint256 poolId = 1; poolId <= count; ++poolId) {
            IInvestmentFund.PoolInfo memory info = fund.getPoolInfo(poolId);
            if (info.state == IInvestmentFund.PoolState.Settled) {
                assertEq(sums[poolId], info.unclaimedShares, "settled pool: shares != unclaimedShares");
            } else {
                assertEq(sums[poolId], info.totalShares, "current pool: shares != totalShares");
                assertGe(info.totalFunds, info.totalShares * info.startSharePrice / 1e18, "pool value > funds");
            }
        }
    }

    // ---- split identity ------------------------------------------------------------------------------

    /// @notice For every settled pool: collected = investors' total + fee; investors' total = reserved payouts +
    /// rolled over; the fee is management plus performance, the latter at most half the profit (the handler checks
    /// both against its model at each settlement); payouts never exceed the reserve, and a pool nobody is left in
    /// owes nothing.
    function invariant_splitIdentity() public view {
        uint256 count = fund.poolCount();
        for (uint256 poolId = 1; poolId <= count; ++poolId) {
            IInvestmentFund.PoolInfo memory info = fund.getPoolInfo(poolId);
            if (info.state != IInvestmentFund.PoolState.Settled) continue;
            assertEq(info.collected, info.postLockupTotal + info.fundFee, "collected != investors + fee");
            uint256 reserved = handler.ghostReserved(poolId);
            assertEq(info.postLockupTotal, reserved + info.rolledOver, "investors != reserved + rolledOver");
            uint256 profit = info.collected > info.preLockupTotal ? info.collected - info.preLockupTotal : 0;
            assertEq(info.profitGenerated, profit, "profitGenerated");
            assertEq(info.fundFee, info.managementFee + info.performanceFee, "fee != management + performance");
            assertLe(info.performanceFee * 2, profit, "performance fee above half the profit (its cap)");
            assertGe(info.highWaterMark, info.startSharePrice, "the mark below the round's start price");
            assertLe(handler.ghostPaid(poolId) + info.unclaimedPayouts, reserved, "paid + unclaimed > reserved");
            if (info.unclaimedShares == 0) assertEq(info.unclaimedPayouts, 0, "an empty pool still owes");
        }
    }

    // ---- exits -----------------------------------------------------------------------------------------

    /// @notice Everything every investor may withdraw now, plus the locked pools' collections and the fee, is
    /// covered by the balance; open and settled positions are withdrawable in full, locked ones wait.
    function invariant_exitsAlwaysPossible() public view {
        uint256 withdrawable;
        for (uint256 i; i < investors.length; ++i) {
            for (uint256 v = 1; v <= VAULTS; ++v) {
                IInvestmentFund.PositionInfo memory p = fund.getPosition(investors[i], v);
                assertEq(fund.getPosition(investors[i], v).withdrawable, p.withdrawable, "preview != withdrawable");
                if (p.poolState == IInvestmentFund.PoolState.Locked) assertEq(p.withdrawable, 0, "locked exit");
                else assertEq(p.withdrawable, p.value, "an open or settled position cannot leave in full");
                withdrawable += p.withdrawable;
            }
        }
        uint256 lockedCollected;
        for (uint256 v = 1; v <= VAULTS; ++v) {
            IInvestmentFund.VaultInfo memory vault = fund.getVault(v);
            if (vault.isLocked) lockedCollected += fund.getPoolInfo(vault.currentPoolId).collected;
        }
        assertLe(
            withdrawable + lockedCollected + fund.fundFeesAccrued(),
            token.balanceOf(address(fund)),
            "exits + locked collections + fee > balance"
        );
    }

    // ---- the timelock and the guardian -------------------------------------------------------------------

    /// @notice A pending change never applies before its time, and governance acts only through the timelock: each vault's
    /// lockup length is what the changes executed at or after their time left it (an admin's scheduled change or a
    /// passed proposal's queued action), and no execution succeeded early.
    function invariant_pendingChangesNeverApplyEarly() public view {
        assertEq(handler.earlyExecutions(), 0, "a change applied before its time");
        for (uint256 v = 1; v <= VAULTS; ++v) {
            assertEq(
                fund.lockupPeriodDuration(v), handler.ghostLockupDuration(v), "lockup changed outside the timelock"
            );
        }
    }

    /// @notice Nothing is final before its challenge window: every settlement of vault 2 waited its day, every early
    /// finalisation reverted, and a waiting proposal's time is now plus the window it was made under.
    function invariant_settlementsWaitTheirWindow() public view {
        for (uint256 v = 1; v <= VAULTS; ++v) {
            if (!handler.ghostProposed(v)) continue;
            IInvestmentFund.PoolInfo memory info = fund.getPoolInfo(fund.currentPoolId(v));
            assertEq(uint256(info.state), uint256(IInvestmentFund.PoolState.Locked), "proposal settled early");
            assertEq(info.finalAt, handler.ghostFinalAt(v), "finalAt");
            assertEq(info.proposedTotal, handler.ghostProposedTotal(v), "proposed total");
            assertEq(info.collected, info.proposedTotal, "collected since the proposal");
            assertEq(info.needsCosign, handler.ghostNeedsCosign(v), "needsCosign");
        }
    }

    /// @notice The guardian never holds funds or a role that could move them, and the timelock stays the only top.
    function invariant_guardianNeverMovesFundsOrGainsPower() public view {
        assertEq(token.balanceOf(guardian), 0, "guardian holds tokens");
        assertFalse(fund.hasRole(fund.ADMIN_ROLE(), guardian), "guardian became admin");
        assertFalse(fund.hasRole(0x00, guardian), "guardian became top");
        assertEq(fund.getRoleMemberCount(0x00), 1, "one top");
        assertTrue(fund.hasRole(0x00, address(timelock)), "the timelock is the top");
    }

    // ---- roll-over ---------------------------------------------------------------------------------------

    /// @notice At every settlement the rolling positions kept their shares and moved into the next pool worth
    /// shares x settlement price, together adding up to what rolled over (checked by the handler, counted here).
    function invariant_rollOverConservesValue() public view {
        assertEq(handler.accountingMismatches(), 0, handler.firstSurprise());
        for (uint256 v = 1; v <= VAULTS; ++v) {
            IInvestmentFund.VaultInfo memory vault = fund.getVault(v);
            uint256 rolling;
            for (uint256 i; i < investors.length; ++i) {
                IInvestmentFund.PositionInfo memory p = fund.getPosition(investors[i], v);
                if (p.rollOver && p.poolId == vault.currentPoolId) rolling += p.shares;
            }
            assertEq(vault.rollingShares, rolling, "rollingShares != rolling positions' shares");
        }
    }

    // ---- phases -------------------------------------------------------------------------------------------

    /// @notice Each vault has exactly one current pool (open or locked, as the handler saw it); every earlier
    /// pool of the vault is settled; pools carry their vault and consecutive rounds.
    function invariant_phaseRules() public view {
        uint256 count = fund.poolCount();
        uint256[] memory rounds = new uint256[](VAULTS + 1);
        for (uint256 poolId = 1; poolId <= count; ++poolId) {
            IInvestmentFund.PoolInfo memory info = fund.getPoolInfo(poolId);
            assertTrue(info.vaultId >= 1 && info.vaultId <= VAULTS, "pool without vault");
            assertEq(info.round, ++rounds[info.vaultId], "rounds are not consecutive");
            bool current = fund.currentPoolId(info.vaultId) == poolId;
            if (current) {
                assertTrue(info.state != IInvestmentFund.PoolState.Settled, "current pool settled");
                assertEq(
                    info.state == IInvestmentFund.PoolState.Locked, handler.ghostLocked(info.vaultId), "lock state"
                );
            } else {
                assertEq(uint256(info.state), uint256(IInvestmentFund.PoolState.Settled), "old pool not settled");
            }
        }
        assertEq(uint256(fund.poolState(count + 1)), uint256(IInvestmentFund.PoolState.None), "future pool");
        assertEq(fund.emergencyState(), handler.ghostEmergency(), "emergency state");
        for (uint256 v = 1; v <= VAULTS; ++v) {
            IInvestmentFund.VaultInfo memory vault = fund.getVault(v);
            assertEq(vault.paused, handler.ghostPaused(v), "paused");
            assertEq(vault.windingDown, handler.ghostWindingDown(v), "wind-down");
        }
    }

    // ---- voting --------------------------------------------------------------------------------------------

    /// @notice One vote per investor per proposal; tallies equal the voters' power at the end of block
    /// snapshot - 1 from the full history; `getPastVotingPower` agrees at every snapshot.
    function invariant_votesMatchFullHistory() public view {
        uint256 count = governor.proposalCount();
        assertEq(count, governance.ghostProposalCount(), "proposal count");
        uint256 blockNumber = vm.getBlockNumber();
        for (uint256 id = 1; id <= count; ++id) {
            GovernanceHandler.GhostProposal memory p = governance.ghostProposal(id);
            (,, uint256 votesFor, uint256 votesAgainst,,, bool executed,) = governor.getProposalDetails(id);
            assertEq(votesFor, p.expectedFor, "votesFor");
            assertEq(votesAgainst, p.expectedAgainst, "votesAgainst");
            assertEq(executed, p.executed, "executed");
            for (uint256 i; i < investors.length; ++i) {
                assertLe(governance.ghostVotes(id, investors[i]), 1, "voted twice");
                if (p.snapshotBlock < blockNumber) {
                    assertEq(
                        fund.getPastVotes(investors[i], p.snapshotBlock - 1),
                        governance.expectedWeight(id, investors[i]),
                        "getPastVotingPower at snapshot - 1"
                    );
                }
            }
        }
    }

    // ---- model agreement -------------------------------------------------------------------------------------

    /// @notice Every valid call succeeded and every invalid one reverted.
    function invariant_callsBehaveAsModelled() public view {
        string memory surprise = string.concat(handler.firstSurprise(), governance.firstSurprise());
        assertEq(handler.unexpectedReverts() + governance.unexpectedReverts(), 0, surprise);
        assertEq(handler.unexpectedSuccesses() + governance.unexpectedSuccesses(), 0, surprise);
        assertEq(governance.accountingMismatches(), 0, surprise);
    }

    function _weigh(bytes4 selector, uint256 weight) internal {
        for (uint256 i; i < weight; ++i) {
            _selectors.push(selector);
        }
    }
}
