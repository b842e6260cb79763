// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

import {Test} from "../utils/Test.sol";
import {FundGovernor} from "../../src/FundGovernor.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {FundViewsCalls} from "../utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice A test token anyone can mint.
interface IMintableToken is IERC20 {
    function mint(address to, uint256 amount) external;
}

/// @notice Set-up shared by the adversarial tests that run the fund on a custom (hostile) token: the fund,
/// its actors, two trading wallets (60% / 40%) that approve the fund, and round helpers that credit only
/// what the fund actually received.
abstract contract AdversarialTokenBase is Test {
    uint256 internal constant USDC = 1e6;
    /// @dev The NAV report hash the tests' settlements carry.
    bytes32 internal constant REPORT = keccak256("a round's NAV report");
    uint256 internal constant MINIMUM = 100 * USDC;
    uint256 internal constant LOCKUP = 30 days;

    IMintableToken internal asset;
    InvestmentFund internal fund;
    FundGovernor internal governor;

    address internal admin = makeAddr("admin");
    address internal operator = makeAddr("operator");
    address internal fundWallet = makeAddr("fundWallet");
    address internal traderA = makeAddr("traderA");
    address internal traderB = makeAddr("traderB");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");
    address internal stranger = makeAddr("stranger");

    /// @dev Deploys a fund on `token_`, grants the operator role, and sets up and approves the wallets.
    function _deployFund(IMintableToken token_) internal {
        asset = token_;
        vm.prank(admin);
        fund = new InvestmentFund(token_, fundWallet, MINIMUM, LOCKUP);
        governor = FundGovernor(fund.governor());
        bytes32 operatorRole = fund.OPERATOR_ROLE();
        vm.startPrank(admin);
        fund.grantRole(operatorRole, operator);
        fund.addTradingWallet(1, traderA, "Futures", 6_000);
        fund.addTradingWallet(1, traderB, "Options", 4_000);
        vm.stopPrank();
        vm.prank(traderA);
        token_.approve(address(fund), type(uint256).max);
        vm.prank(traderB);
        token_.approve(address(fund), type(uint256).max);
    }

    function _whitelist(address investor) internal {
        vm.prank(admin);
        fund.whitelistInvestor(investor);
    }

    /// @dev Mints, approves and invests `amount` for `investor` (whitelisting them first if needed).
    function _invest(address investor, uint256 amount) internal {
        if (!fund.isWhitelisted(investor)) _whitelist(investor);
        asset.mint(investor, amount);
        vm.startPrank(investor);
        asset.approve(address(fund), amount);
        fund.invest(1, amount);
        vm.stopPrank();
    }

    function _lock() internal {
        vm.prank(admin);
        fund.startLockupPeriod(1);
    }

    /// @dev Collects each trading wallet's whole balance (skipping empty ones); returns what the pool collected.
    function _collectAll() internal returns (uint256 collected) {
        address[2] memory wallets = [traderA, traderB];
        for (uint256 i; i < wallets.length; ++i) {
            uint256 held = asset.balanceOf(wallets[i]);
            if (held != 0) {
                vm.prank(operator);
                fund.collectFundsFromTradingWallet(1, wallets[i], held);
            }
        }
        collected = _poolCollected(fund.currentPoolId(1));
    }

    function _warpToLockupEnd() internal {
        (,, uint256 end,,,,) = fund.investmentPools(fund.currentPoolId(1));
        if (vm.getBlockTimestamp() < end) vm.warp(end);
    }

    /// @dev Mints `profit` to trader A, collects everything, and settles with what was collected.
    function _settleWithProfit(uint256 profit) internal returns (uint256 collected) {
        if (profit != 0) asset.mint(traderA, profit);
        collected = _collectAll();
        _warpToLockupEnd();
        _endLockup(collected);
    }

    /// @dev Settles vault 1's locked pool with `collected`, confirming a loss when it is one.
    function _endLockup(uint256 collected) internal {
        (,,,, uint256 principal,,) = fund.investmentPools(fund.currentPoolId(1));
        vm.prank(operator);
        if (collected < principal) fund.endLockupPeriodAtLoss(1, collected, REPORT);
        else fund.endLockupPeriod(1, collected, REPORT);
    }

    function _poolCollected(uint256 poolId) internal view returns (uint256) {
        return fund.getPoolInfo(poolId).collected;
    }

    function _invested(address investor) internal view returns (uint256 amount) {
        (amount,,,,) = fund.getInvestorData(investor);
    }

    function _poolTotalFunds(uint256 poolId) internal view returns (uint256 totalFunds) {
        (totalFunds,,,,,,) = fund.investmentPools(poolId);
    }

    /// @dev The fund's token balance covers everything it owes.
    function _assertSolvent(string memory where) internal view {
        assertGe(asset.balanceOf(address(fund)), fund.totalOwed(), string.concat("insolvent ", where));
    }
}
