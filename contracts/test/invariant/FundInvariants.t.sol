// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FundFixture} from "../FundFixture.sol";
import {FuzzSelector} from "../utils/Test.sol";
import {FundHandler} from "./FundHandler.sol";
import {GovernanceHandler} from "./GovernanceHandler.sol";

/// @title FundInvariantsTest
/// @notice Stateful fuzzing of the fund through `FundHandler`: solvency, pool accounting, profit split,
/// withdrawals, voting weights against a full voting-power history, access control and phase rules.
/// forge-config: default.invariant.depth = 150
/// forge-config: default.invariant.fail-on-revert = true
contract FundInvariantsTest is FundFixture {
    FundHandler internal handler;
    GovernanceHandler internal governance;
    address[] internal investors;
    address internal traderC = makeAddr("traderC");
    bytes4[] internal _selectors;

    function setUp() public override {
        super.setUp();
        investors = [alice, bob, carol, makeAddr("dave"), makeAddr("erin")];
        address[] memory wallets = new address[](3);
        (wallets[0], wallets[1], wallets[2]) = (traderA, traderB, traderC);
        uint256[] memory allocations = new uint256[](3);
        (allocations[0], allocations[1], allocations[2]) = (5_000, 3_000, 2_000);
        // The handler adds the three trading wallets; alice, bob and carol start whitelisted, dave and erin do not.
        handler =
            new FundHandler(fund, token, admin, operator, fundWallet, stranger, investors, wallets, allocations, 3);
        governance = new GovernanceHandler(handler, investors);
        handler.setGovernance(governance);

        // Weights: a selector listed k times is picked k times as often.
        _weigh(FundHandler.invest.selector, 6);
        _weigh(FundHandler.withdraw.selector, 3);
        _weigh(FundHandler.emergencyWithdraw.selector, 1);
        _weigh(FundHandler.lock.selector, 1);
        _weigh(FundHandler.collect.selector, 2);
        _weigh(FundHandler.settle.selector, 3);
        _weigh(FundHandler.toggleEmergency.selector, 2);
        _weigh(FundHandler.whitelist.selector, 1);
        _weigh(FundHandler.delist.selector, 1);
        _weigh(FundHandler.createProposal.selector, 2);
        _weigh(FundHandler.vote.selector, 3);
        _weigh(FundHandler.execute.selector, 1);
        _weigh(FundHandler.advanceTime.selector, 1);
        _weigh(FundHandler.advanceBlock.selector, 4);
        _weigh(FundHandler.privilegedCallByNonRole.selector, 1);
        _weigh(FundHandler.donate.selector, 1);
        _weigh(FundHandler.sweep.selector, 1);
        _weigh(FundHandler.reconfigureWallets.selector, 1);
        targetContract(address(handler));
        targetSelector(FuzzSelector({addr: address(handler), selectors: _selectors}));
    }

    // ---- 1. solvency -------------------------------------------------------------------------------

    /// @notice The fund's balance covers everything it owes, and `totalOwed` matches the ghost books.
    function invariant_balanceCoversTotalOwed() public view {
        assertGe(token.balanceOf(address(fund)), fund.totalOwed(), "balance < totalOwed");
        assertEq(fund.totalOwed(), handler.ghostTotalOwed(), "totalOwed != ghost books");
    }

    // ---- 2. current pool principal -----------------------------------------------------------------

    /// @notice The open or locked pool's totalFunds is the sum of its investors' principals.
    function invariant_currentPoolFundsEqualPrincipals() public view {
        uint256 poolId = fund.currentPoolId();
        uint256 sum;
        uint256 ghostSum;
        for (uint256 i; i < investors.length; ++i) {
            if (fund.positionPoolOf(investors[i]) == poolId) sum += _invested(investors[i]);
            if (handler.ghostPositionPool(investors[i]) == poolId) ghostSum += handler.ghostPrincipal(investors[i]);
        }
        (uint256 totalFunds,,,,,,) = fund.investmentPools(poolId);
        assertEq(sum, totalFunds, "sum of principals != totalFunds");
        assertEq(ghostSum, totalFunds, "ghost principals != totalFunds");
        assertEq(handler.ghostPrincipalSum(poolId), totalFunds, "ghost principal sum != totalFunds");
    }

    // ---- 3. profit split, payouts and dust ---------------------------------------------------------

    /// @notice For every settled pool: returned = investors' total + fee, the fee is 20% of the profit (0 on a
    /// loss), payouts never exceed the investors' total, and after everyone withdrew only dust (< investors) remains.
    function invariant_settledPoolSplitAndPayouts() public view {
        uint256 current = fund.currentPoolId();
        for (uint256 poolId = 1; poolId < current; ++poolId) {
            (,,,, uint256 pre, uint256 post, uint256 profit) = fund.investmentPools(poolId);
            uint256 returned = fund.poolCollected(poolId);
            uint256 fee = handler.ghostFee(poolId);
            assertEq(returned, handler.ghostCollected(poolId), "collected != ghost collected");
            assertEq(pre, handler.ghostPreLockup(poolId), "preLockupTotal != ghost");
            assertEq(returned, post + fee, "totalReturned != investors' total + fee");
            if (returned <= pre) {
                assertEq(fee, 0, "fee charged without profit");
                assertEq(profit, 0, "profit recorded on a loss");
            } else {
                assertEq(profit, returned - pre, "profitGenerated");
                assertEq(fee, profit * fund.FUND_PROFIT_PERCENTAGE() / fund.BASIS_POINTS(), "fee != 20% of profit");
            }
            uint256 paid = handler.ghostPayouts(poolId);
            assertLe(paid, post, "payouts exceed postLockupTotal");
            uint256 count = handler.ghostInvestorCount(poolId);
            if (handler.ghostWithdrawnCount(poolId) == count) {
                assertLt(post - paid, count == 0 ? 1 : count, "dust >= number of investors");
            }
        }
        assertEq(token.balanceOf(fundWallet), handler.ghostFeesPaid() + handler.ghostSwept(), "fund wallet income");
    }

    // ---- 4. the last investor can exit -------------------------------------------------------------

    /// @notice What every remaining investor of a settled pool may withdraw is covered by the balance, on top of
    /// what the current pool holds, and each preview matches the pro-rata share.
    function invariant_remainingInvestorsCanExit() public view {
        uint256 current = fund.currentPoolId();
        uint256 previews;
        for (uint256 i; i < investors.length; ++i) {
            address investor = investors[i];
            uint256 preview = fund.previewWithdraw(investor);
            uint256 poolId = fund.positionPoolOf(investor);
            if (poolId != 0 && poolId < current && _invested(investor) != 0) {
                (,,,, uint256 pre, uint256 post,) = fund.investmentPools(poolId);
                assertEq(preview, _invested(investor) * post / pre, "preview != pro-rata share");
            } else {
                assertEq(preview, 0, "preview outside a settled position");
            }
            previews += preview;
        }
        (, uint256 totalFunds, bool locked,) = fund.getCurrentPoolData();
        uint256 currentPart = locked ? fund.poolCollected(current) : totalFunds;
        assertLe(previews + currentPart, token.balanceOf(address(fund)), "previews + current pool > balance");
        assertLe(previews, fund.totalOwed() - currentPart, "previews > unclaimed payouts");
    }

    // ---- 5. no double withdrawal -------------------------------------------------------------------

    /// @notice Each actor withdraws a settled pool at most once, and the fund agrees on who withdrew.
    function invariant_noDoubleWithdrawal() public view {
        uint256 current = fund.currentPoolId();
        for (uint256 poolId = 1; poolId < current; ++poolId) {
            for (uint256 i; i < investors.length; ++i) {
                assertLe(handler.ghostWithdrawals(poolId, investors[i]), 1, "withdrew a pool twice");
            }
        }
        for (uint256 i; i < investors.length; ++i) {
            (uint256 invested, uint256 lastWithdrawn, bool withdrawnCurrent,,) = fund.getInvestorData(investors[i]);
            uint256 poolId = fund.positionPoolOf(investors[i]);
            if (withdrawnCurrent) {
                assertEq(invested, 0, "withdrawn position still has principal");
                assertEq(handler.ghostWithdrawals(poolId, investors[i]), 1, "fund says withdrawn, ghost disagrees");
            }
            if (lastWithdrawn != 0) {
                assertEq(handler.ghostWithdrawals(lastWithdrawn, investors[i]), 1, "lastWithdrawn");
            }
        }
    }

    // ---- 6. voting -----------------------------------------------------------------------------------

    /// @notice One vote per investor per proposal; votesFor/votesAgainst equal the sums of the voters' power at
    /// the end of block snapshot - 1 from the full ghost history; getPastVotingPower agrees at every snapshot.
    function invariant_votesMatchFullHistory() public view {
        uint256 count = fund.proposalCount();
        assertEq(count, governance.ghostProposalCount(), "proposal count");
        uint256 blockNumber = vm.getBlockNumber();
        for (uint256 id = 1; id <= count; ++id) {
            GovernanceHandler.GhostProposal memory p = governance.ghostProposal(id);
            (,, uint256 votesFor, uint256 votesAgainst,, uint256 endTime, bool executed,) = fund.getProposalDetails(id);
            assertEq(votesFor, p.expectedFor, "votesFor != ghost snapshot weights");
            assertEq(votesAgainst, p.expectedAgainst, "votesAgainst != ghost snapshot weights");
            assertEq(endTime, p.endTime, "endTime");
            assertEq(executed, p.executed, "executed");
            assertEq(fund.proposalProposer(id), p.proposer, "proposer");
            uint256 weights;
            for (uint256 i; i < investors.length; ++i) {
                uint256 votes = governance.ghostVotes(id, investors[i]);
                weights += governance.ghostVoteWeight(id, investors[i]);
                if (votes == 1) {
                    assertEq(governance.ghostVoteWeight(id, investors[i]), governance.expectedWeight(id, investors[i]));
                }
                assertLe(votes, 1, "voted twice");
                assertEq(fund.hasVoted(id, investors[i]), votes == 1, "hasVoted");
                if (p.snapshotBlock < blockNumber) {
                    assertEq(
                        fund.getPastVotingPower(investors[i], p.snapshotBlock - 1),
                        governance.expectedWeight(id, investors[i]),
                        "getPastVotingPower at snapshot - 1"
                    );
                }
            }
            assertEq(votesFor + votesAgainst, weights, "votes != sum of the voters' snapshot weights");
        }
    }

    /// @notice The current voting power is the latest entry of the full history. (Past blocks are checked at
    /// proposal snapshots by `invariant_votesMatchFullHistory`: `getPastVotingPower` is documented as exact
    /// only there and since the previous change.)
    function invariant_currentVotingPowerMatchesHistory() public view {
        uint256 blockNumber = vm.getBlockNumber();
        for (uint256 i; i < investors.length; ++i) {
            address investor = investors[i];
            (,,,, uint256 power) = fund.getInvestorData(investor);
            assertEq(power, handler.ghostPowerAt(investor, blockNumber), "current voting power");
        }
    }

    // ---- 7. access ---------------------------------------------------------------------------------

    /// @notice Only whitelisted actors ever opened or added to a position; no privileged call by a non-role
    /// holder ever succeeded; roles are unchanged.
    function invariant_accessControl() public view {
        assertFalse(handler.ghostNonWhitelistedPosition(), "a non-whitelisted actor invested");
        assertFalse(handler.ghostPrivilegedCallSucceeded(), "a privileged call by a non-role holder succeeded");
        assertEq(fund.getRoleMemberCount(fund.ADMIN_ROLE()), 1, "admin count");
        assertEq(fund.getRoleMemberCount(fund.OPERATOR_ROLE()), 1, "operator count");
        assertEq(fund.getRoleMemberCount(fund.DEFAULT_ADMIN_ROLE()), 1, "default admin count");
        assertEq(fund.fundWallet(), fundWallet, "fund wallet");
        for (uint256 i; i < investors.length; ++i) {
            assertEq(fund.isWhitelisted(investors[i]), handler.ghostWhitelisted(investors[i]), "whitelist");
        }
        assertFalse(fund.isWhitelisted(stranger), "outsider whitelisted");
    }

    /// @notice Removing an investor from the whitelist stops them creating proposals (per the NatSpec of
    /// `removeInvestorFromWhitelist`).
    function invariant_onlyWhitelistedCreateProposals() public view {
        assertFalse(governance.ghostDelistedProposer(), "a delisted investor created a proposal");
    }

    // ---- 8. phases ---------------------------------------------------------------------------------

    /// @notice At most the current pool is locked; earlier pools are settled; the current one is not; no invest
    /// succeeded while the pool was locked or in emergency; the phase mirrors agree with the fund.
    function invariant_phaseRules() public view {
        uint256 current = fund.currentPoolId();
        assertEq(current, handler.ghostPoolId(), "current pool");
        for (uint256 poolId = 1; poolId < current; ++poolId) {
            (,,, bool locked,,,) = fund.investmentPools(poolId);
            assertFalse(locked, "an earlier pool is locked");
            assertTrue(fund.isPoolSettled(poolId), "an earlier pool is not settled");
        }
        (,,, bool currentLocked,,,) = fund.investmentPools(current);
        assertEq(currentLocked, handler.ghostLocked(), "lock state");
        assertFalse(fund.isPoolSettled(current), "current pool settled");
        (,,, bool nextLocked,,,) = fund.investmentPools(current + 1);
        assertFalse(nextLocked || fund.isPoolSettled(current + 1), "a future pool moved");
        assertEq(fund.emergencyState(), handler.ghostEmergency(), "emergency state");
        for (uint256 poolId = 1; poolId < current || (poolId == current && currentLocked); ++poolId) {
            assertEq(_walletsHash(poolId), handler.ghostLockedWallets(poolId), "a locked pool's trading wallets");
        }
        if (!currentLocked) assertEq(_walletsHash(current), handler.ghostWalletsHash(), "open pool's trading wallets");
        assertFalse(handler.ghostInvestWhileClosed(), "invested while locked or in emergency");
    }

    // ---- model agreement -----------------------------------------------------------------------------

    /// @notice Every valid call succeeded, every invalid one reverted, and payouts, fees and transfers matched
    /// the handler's own arithmetic.
    function invariant_callsBehaveAsModelled() public view {
        string memory surprise = string.concat(handler.firstSurprise(), governance.firstSurprise());
        assertEq(
            handler.unexpectedReverts() + governance.unexpectedReverts(),
            0,
            string.concat("valid call reverted: ", surprise)
        );
        assertEq(
            handler.unexpectedSuccesses() + governance.unexpectedSuccesses(),
            0,
            string.concat("invalid call succeeded: ", surprise)
        );
        assertEq(
            handler.accountingMismatches() + governance.accountingMismatches(),
            0,
            string.concat("accounting mismatch: ", surprise)
        );
    }

    // ---- helpers -------------------------------------------------------------------------------------

    function _walletsHash(uint256 poolId) internal view returns (bytes32) {
        (address[] memory wallets, uint256[] memory allocations,) = fund.getTradingWallets(poolId);
        return keccak256(abi.encode(wallets, allocations));
    }

    function _weigh(bytes4 selector, uint256 weight) internal {
        for (uint256 i; i < weight; ++i) {
            _selectors.push(selector);
        }
    }
}
