// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {FundGovernor} from "../src/FundGovernor.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {MockUSDC} from "../src/mocks/MockUSDC.sol";
import {FundViewsCalls} from "./utils/FundViewsCalls.sol";

using FundViewsCalls for InvestmentFund;

/// @notice Shared set-up for the fund's tests: a deployed fund (vault 1, futures; vault 2, NFT lending) on a
/// 6-decimal token, an admin, an operator, three trading wallets that approve the fund, and helpers for each
/// phase of a vault's round. Helpers without a vault id act on vault 1.
/// @dev Default trading wallets: vault 1 -> traderA 60% / traderB 40%; vault 2 -> nftDesk 100%.
abstract contract FundFixture is Test {
    uint256 internal constant USDC = 1e6;
    /// @dev The NAV report hash the tests' settlements carry.
    bytes32 internal constant REPORT = keccak256("a round's NAV report");
    uint256 internal constant MINIMUM = 100 * USDC;
    uint256 internal constant LOCKUP = 30 days;
    uint256 internal constant FUTURES = 1;
    uint256 internal constant NFT = 2;

    MockUSDC internal token;
    InvestmentFund internal fund;
    FundGovernor internal governor;

    address internal admin = makeAddr("admin");
    address internal operator = makeAddr("operator");
    address internal fundWallet = makeAddr("fundWallet");
    address internal traderA = makeAddr("traderA");
    address internal traderB = makeAddr("traderB");
    address internal nftDesk = makeAddr("nftDesk");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");
    address internal stranger = makeAddr("stranger");

    function setUp() public virtual {
        token = new MockUSDC();
        _deploy();
    }

    /// @dev Deploys a fresh fund on `token`, grants the operator role and has the trading wallets approve it.
    function _deploy() internal {
        vm.prank(admin);
        fund = new InvestmentFund(token, fundWallet, MINIMUM, LOCKUP);
        governor = FundGovernor(fund.governor());
        bytes32 operatorRole = fund.OPERATOR_ROLE();
        vm.prank(admin);
        fund.grantRole(operatorRole, operator);
        _approveFundFrom(traderA);
        _approveFundFrom(traderB);
        _approveFundFrom(nftDesk);
    }

    // ---- helpers -------------------------------------------------------------------------------

    function _approveFundFrom(address account) internal {
        vm.prank(account);
        token.approve(address(fund), type(uint256).max);
    }

    function _whitelist(address investor) internal {
        vm.prank(admin);
        fund.whitelistInvestor(investor);
    }

    /// @dev Mints, approves and invests `amount` for `investor` in vault 1 (whitelisting them first if needed).
    function _invest(address investor, uint256 amount) internal {
        _investIn(FUTURES, investor, amount);
    }

    /// @dev Mints, approves and invests `amount` for `investor` in `vaultId`.
    function _investIn(uint256 vaultId, address investor, uint256 amount) internal {
        if (!fund.isWhitelisted(investor)) _whitelist(investor);
        token.mint(investor, amount);
        vm.startPrank(investor);
        token.approve(address(fund), amount);
        fund.invest(vaultId, amount);
        vm.stopPrank();
    }

    function _setRollOver(address investor, uint256 vaultId, bool enabled) internal {
        vm.prank(investor);
        fund.setRollOver(vaultId, enabled);
    }

    function _withdraw(address investor) internal returns (uint256) {
        return _withdrawFrom(FUTURES, investor);
    }

    function _withdrawFrom(uint256 vaultId, address investor) internal returns (uint256 payout) {
        vm.prank(investor);
        payout = fund.withdraw(vaultId);
    }

    function _addDefaultWallets() internal {
        _addDefaultWallets(FUTURES);
    }

    /// @dev Vault 1: traderA 60% / traderB 40%. Any other vault: nftDesk 100%.
    function _addDefaultWallets(uint256 vaultId) internal {
        vm.startPrank(admin);
        if (vaultId == FUTURES) {
            fund.addTradingWallet(vaultId, traderA, "Futures", 6_000);
            fund.addTradingWallet(vaultId, traderB, "Options", 4_000);
        } else {
            fund.addTradingWallet(vaultId, nftDesk, "NFT lending", 10_000);
        }
        vm.stopPrank();
    }

    function _lock() internal {
        _lock(FUTURES);
    }

    /// @dev Locks `vaultId`'s current pool with the default wallets (if it has none yet).
    function _lock(uint256 vaultId) internal {
        (address[] memory wallets,,) = fund.getTradingWallets(fund.currentPoolId(vaultId));
        if (wallets.length == 0) _addDefaultWallets(vaultId);
        vm.prank(admin);
        fund.startLockupPeriod(vaultId);
    }

    function _settle(uint256 totalReturned) internal {
        _settle(FUTURES, totalReturned);
    }

    /// @dev Has the trading wallets return `totalReturned` in all (minting any profit to them), collects it,
    /// and settles after the lockup end: `endLockupPeriodAtLoss` below the principal, `endLockupPeriod` otherwise.
    function _settle(uint256 vaultId, uint256 totalReturned) internal {
        uint256 poolId = fund.currentPoolId(vaultId);
        (address[] memory wallets,,) = fund.getTradingWallets(poolId);
        uint256 remaining = totalReturned;
        for (uint256 i; i < wallets.length; ++i) {
            uint256 share = i + 1 == wallets.length ? remaining : totalReturned / wallets.length;
            remaining -= share;
            uint256 held = token.balanceOf(wallets[i]);
            if (held < share) token.mint(wallets[i], share - held);
            if (share != 0) {
                vm.prank(operator);
                fund.collectFundsFromTradingWallet(vaultId, wallets[i], share);
            }
        }
        (,, uint256 end,,,,) = fund.investmentPools(poolId);
        if (block.timestamp < end) vm.warp(end);
        (,,,, uint256 principal,,) = fund.investmentPools(poolId);
        vm.prank(operator);
        if (totalReturned < principal) fund.endLockupPeriodAtLoss(vaultId, totalReturned, REPORT);
        else fund.endLockupPeriod(vaultId, totalReturned, REPORT);
    }

    /// @dev Runs a whole round of `vaultId` returning `totalReturned`.
    function _round(uint256 vaultId, uint256 totalReturned) internal {
        _lock(vaultId);
        _settle(vaultId, totalReturned);
    }

    function _nextBlock() internal {
        vm.roll(block.number + 1);
        vm.warp(block.timestamp + 12);
    }

    function _propose(address proposer, string memory text, uint256 period) internal returns (uint256 id) {
        vm.prank(proposer);
        id = governor.createProposal(text, period);
    }

    function _invested(address investor) internal view returns (uint256 amount) {
        (amount,,,,) = fund.getInvestorData(investor);
    }

    function _totalWithdrawn(address investor) internal view returns (uint256 amount) {
        (,,, amount,) = fund.getInvestorData(investor);
    }

    function _position(address investor, uint256 vaultId) internal view returns (IInvestmentFund.PositionInfo memory) {
        return fund.getPosition(investor, vaultId);
    }

    /// @dev The pool `investor`'s vault-1 position is in (0 if none).
    function _positionPool(address investor) internal view returns (uint256) {
        return fund.getPosition(investor, FUTURES).poolId;
    }

    function _pool(uint256 poolId) internal view returns (IInvestmentFund.PoolInfo memory) {
        return fund.getPoolInfo(poolId);
    }

    function _collected(uint256 poolId) internal view returns (uint256) {
        return fund.getPoolInfo(poolId).collected;
    }

    function _settled(uint256 poolId) internal view returns (bool) {
        return fund.poolState(poolId) == IInvestmentFund.PoolState.Settled;
    }

    function _currentPool() internal view returns (uint256) {
        return fund.currentPoolId(FUTURES);
    }

    function _sel(bytes4 selector) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(selector);
    }

    function _err(bytes4 selector, uint256 value) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(selector, value);
    }

    function _errAddr(bytes4 selector, address value) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(selector, value);
    }

    // Selector shortcuts, so tests read like the spec.
    bytes4 internal constant POOL_LOCKED = IInvestmentFund.PoolLocked.selector;
}
