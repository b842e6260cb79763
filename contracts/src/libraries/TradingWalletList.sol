// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ShortString, ShortStrings} from "@openzeppelin/contracts/utils/ShortStrings.sol";

import {IInvestmentFund} from "../interfaces/IInvestmentFund.sol";

/// @title TradingWalletList
/// @notice A vault's trading wallets and their allocations: adding, removing, listing, and sending a pool's funds out
/// by allocation at lockup. An external library (deployed once and linked, the way Aave V3 splits its pool logic), so
/// its code does not count towards the fund's EIP-170 size; it runs by DELEGATECALL in the fund's context, so events
/// come from the fund and `address(this)` is the fund.
/// @dev Every loop is bounded by `MAX_TRADING_WALLETS`. An address is a trading wallet of at most one vault at a time
/// (`vaultOf`), so one vault's operator can never pull another vault's funds through a shared wallet.
library TradingWalletList {
    using SafeERC20 for IERC20;

    /// @notice Most trading wallets a vault can have; bounds every loop over them.
    uint256 internal constant MAX_TRADING_WALLETS = 10;
    /// @notice Longest trading-wallet type name, in bytes.
    uint256 internal constant MAX_WALLET_TYPE_LENGTH = 31;
    /// @notice Denominator of allocations (100% = 10,000).
    uint256 internal constant BASIS_POINTS = 10_000;

    /// @dev One slot each, so copying and shifting the list is cheap.
    struct TradingWallet {
        address wallet;
        uint96 allocation;
        ShortString walletType;
    }

    /// @notice Adds `wallet` to `vaultId`'s list (`wallets`), with `allocation` basis points of each lockup.
    /// @dev Reverts with `InvalidAddress` (zero, the fund, or `token`), `InvalidWalletType`, `InvalidAllocation`,
    /// `TooManyTradingWallets`, `TradingWalletAlreadyAdded` (of this or any other vault) or `AllocationExceedsLimit`.
    function add(
        TradingWallet[] storage wallets,
        mapping(address wallet => uint256 vaultId) storage vaultOf,
        address token,
        uint256 vaultId,
        uint256 poolId,
        address wallet,
        string calldata walletType,
        uint256 allocation
    ) external {
        // The fund itself or the token as a "trading wallet" would strand the pool's funds at lockup.
        if (wallet == address(0) || wallet == address(this) || wallet == token) {
            revert IInvestmentFund.InvalidAddress();
        }
        uint256 typeLength = bytes(walletType).length;
        if (typeLength == 0 || typeLength > MAX_WALLET_TYPE_LENGTH) revert IInvestmentFund.InvalidWalletType();
        if (allocation == 0 || allocation > BASIS_POINTS) revert IInvestmentFund.InvalidAllocation(allocation);
        uint256 count = wallets.length;
        if (count >= MAX_TRADING_WALLETS) revert IInvestmentFund.TooManyTradingWallets();
        if (vaultOf[wallet] != 0) revert IInvestmentFund.TradingWalletAlreadyAdded(wallet);
        uint256 allocated = allocation + totalAllocation(wallets);
        if (allocated > BASIS_POINTS) revert IInvestmentFund.AllocationExceedsLimit(allocated);
        vaultOf[wallet] = vaultId;
        // Safe: allocation <= BASIS_POINTS was checked above.
        // forge-lint: disable-next-line(unsafe-typecast)
        wallets.push(
            TradingWallet({
                wallet: wallet, allocation: uint96(allocation), walletType: ShortStrings.toShortString(walletType)
            })
        );
        emit IInvestmentFund.TradingWalletAdded(vaultId, poolId, wallet, walletType, allocation);
    }

    /// @notice Removes the wallet at `index` from `vaultId`'s list, keeping the others' order.
    /// @dev Reverts with `TradingWalletIndexOutOfBounds`.
    function remove(
        TradingWallet[] storage wallets,
        mapping(address wallet => uint256 vaultId) storage vaultOf,
        uint256 vaultId,
        uint256 poolId,
        uint256 index
    ) external {
        uint256 count = wallets.length;
        if (index >= count) revert IInvestmentFund.TradingWalletIndexOutOfBounds(index, count);
        address removed = wallets[index].wallet;
        for (uint256 i = index; i + 1 < count; ++i) {
            wallets[i] = wallets[i + 1];
        }
        wallets.pop();
        delete vaultOf[removed];
        emit IInvestmentFund.TradingWalletRemoved(vaultId, poolId, removed, index);
    }

    /// @notice Reverts with `AllocationIncomplete` unless the allocations add up to exactly 100%.
    function requireComplete(TradingWallet[] storage wallets) external view {
        uint256 allocated = totalAllocation(wallets);
        if (allocated != BASIS_POINTS) revert IInvestmentFund.AllocationIncomplete(allocated);
    }

    /// @notice Sends `total` of `token` out by allocation (the last wallet takes the rounding remainder).
    /// @dev Called after the pool's state is written (checks-effects-interactions).
    function distribute(TradingWallet[] storage wallets, IERC20 token, uint256 poolId, uint256 total) external {
        uint256 count = wallets.length;
        uint256 sent;
        for (uint256 i; i < count; ++i) {
            TradingWallet storage w = wallets[i];
            uint256 share = i + 1 == count ? total - sent : total * w.allocation / BASIS_POINTS;
            sent += share;
            emit IInvestmentFund.FundsSentToTradingWallet(poolId, w.wallet, share);
            if (share != 0) token.safeTransfer(w.wallet, share);
        }
    }

    /// @notice The list as the spec's `getTradingWallets` returns it.
    function list(TradingWallet[] storage wallets)
        external
        view
        returns (address[] memory addresses, uint256[] memory allocations, string[] memory walletTypes)
    {
        uint256 count = wallets.length;
        addresses = new address[](count);
        allocations = new uint256[](count);
        walletTypes = new string[](count);
        for (uint256 i; i < count; ++i) {
            addresses[i] = wallets[i].wallet;
            allocations[i] = wallets[i].allocation;
            walletTypes[i] = ShortStrings.toString(wallets[i].walletType);
        }
    }

    /// @dev Sum of the list's allocations, in basis points.
    function totalAllocation(TradingWallet[] storage wallets) internal view returns (uint256 allocated) {
        uint256 count = wallets.length;
        for (uint256 i; i < count; ++i) {
            allocated += wallets[i].allocation;
        }
    }
}
