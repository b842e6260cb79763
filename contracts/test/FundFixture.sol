// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {MockUSDC} from "../src/mocks/MockUSDC.sol";

/// @notice Shared set-up for the fund's tests: a deployed fund on a 6-decimal token, an admin, an
/// operator, two trading wallets that approve the fund, and helpers for each phase of a pool.
abstract contract FundFixture is Test {
    uint256 internal constant USDC = 1e6;
    uint256 internal constant MINIMUM = 100 * USDC;
    uint256 internal constant LOCKUP = 30 days;

    MockUSDC internal token;
    InvestmentFund internal fund;

    address internal admin = makeAddr("admin");
    address internal operator = makeAddr("operator");
    address internal fundWallet = makeAddr("fundWallet");
    address internal traderA = makeAddr("traderA");
    address internal traderB = makeAddr("traderB");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");
    address internal stranger = makeAddr("stranger");

    function setUp() public virtual {
        token = new MockUSDC();
        vm.prank(admin);
        fund = new InvestmentFund(token, fundWallet, MINIMUM, LOCKUP);
        bytes32 operatorRole = fund.OPERATOR_ROLE();
        vm.prank(admin);
        fund.grantRole(operatorRole, operator);
        _approveFundFrom(traderA);
        _approveFundFrom(traderB);
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

    /// @dev Mints, approves and invests `amount` for `investor` (whitelisting them first if needed).
    function _invest(address investor, uint256 amount) internal {
        if (!fund.isWhitelisted(investor)) _whitelist(investor);
        token.mint(investor, amount);
        vm.startPrank(investor);
        token.approve(address(fund), amount);
        fund.invest(amount);
        vm.stopPrank();
    }

    function _addDefaultWallets() internal {
        vm.startPrank(admin);
        fund.addTradingWallet(traderA, "Futures", 6_000);
        fund.addTradingWallet(traderB, "NFT lending", 4_000);
        vm.stopPrank();
    }

    /// @dev Locks the current pool with the default wallets (if it has none yet).
    function _lock() internal {
        (address[] memory wallets,,) = fund.getTradingWallets(fund.currentPoolId());
        if (wallets.length == 0) _addDefaultWallets();
        vm.prank(admin);
        fund.startLockupPeriod();
    }

    /// @dev Has the trading wallets return `totalReturned` in all (minting any profit to them), collects
    /// it, and settles after the lockup end.
    function _settle(uint256 totalReturned) internal {
        uint256 poolId = fund.currentPoolId();
        (address[] memory wallets,,) = fund.getTradingWallets(poolId);
        uint256 remaining = totalReturned;
        for (uint256 i; i < wallets.length; ++i) {
            uint256 share = i + 1 == wallets.length ? remaining : totalReturned / wallets.length;
            remaining -= share;
            uint256 held = token.balanceOf(wallets[i]);
            if (held < share) token.mint(wallets[i], share - held);
            if (share != 0) {
                vm.prank(operator);
                fund.collectFundsFromTradingWallet(wallets[i], share);
            }
        }
        (,, uint256 end,,,,) = fund.investmentPools(poolId);
        if (block.timestamp < end) vm.warp(end);
        vm.prank(operator);
        fund.endLockupPeriod(totalReturned);
    }

    function _nextBlock() internal {
        vm.roll(block.number + 1);
        vm.warp(block.timestamp + 12);
    }

    function _propose(address proposer, string memory text, uint256 period) internal returns (uint256 id) {
        vm.prank(proposer);
        id = fund.createProposal(text, period);
    }

    function _invested(address investor) internal view returns (uint256 amount) {
        (amount,,,,) = fund.getInvestorData(investor);
    }

    function _totalWithdrawn(address investor) internal view returns (uint256 amount) {
        (,,, amount,) = fund.getInvestorData(investor);
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
