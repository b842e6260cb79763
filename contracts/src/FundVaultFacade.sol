// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IFundViews} from "./interfaces/IFundViews.sol";
import {IInvestmentFund} from "./interfaces/IInvestmentFund.sol";

/// @title FundVaultFacade
/// @notice One vault of an `InvestmentFund` seen through the read side of ERC-4626 and ERC-7540 (asynchronous
/// redemption), so that a portfolio tracker or an integrator shows a position with no code of its own. Read only:
/// every figure comes from the fund's views at call time; deposits, requests and claims go to the fund itself
/// (`invest`, `setRollOver`, `withdraw`), which is why the ERC's state-changing functions are absent.
/// @dev How a round maps onto ERC-7540: a deposit into an open round is synchronous (shares at once, refundable until
/// the round locks), so no deposit request is ever pending or claimable. A position in a locked round is a redeem
/// request in flight (`pendingRedeemRequest`) unless it rolls over into the next round; a position in a settled round
/// is claimable (`claimableRedeemRequest`, `maxWithdraw`). Deviations from the standards, on purpose:
/// - shares are positions inside the fund, not an ERC-20 token: `share()` is the fund, and they cannot be transferred;
/// - there is one request per investor and vault, so every request id is 0 (the ERC's "aggregated" form);
/// - `totalAssets` is the vault's current round (its open deposits, or the principal out with the traders while
///   locked), not the sum over settled rounds still waiting for withdrawal;
/// - `convertToShares` / `convertToAssets` use the current round's share price; a locked round's worth is only known at
///   its settlement, so they show the price it was entered at.
contract FundVaultFacade {
    /// @notice The fund whose vault this is.
    IFundViews public immutable fund;
    /// @notice The vault.
    uint256 public immutable vaultId;
    /// @dev Share prices are scaled by this (the fund's `SHARE_PRICE_SCALE`).
    uint256 private constant SCALE = 1e18;

    /// @param fund_ The `InvestmentFund` (its views answer at its address).
    /// @param vaultId_ One of its vaults (`VaultNotFound` otherwise).
    constructor(address fund_, uint256 vaultId_) {
        fund = IFundViews(fund_);
        vaultId = vaultId_;
        fund.getVault(vaultId_);
    }

    /// @notice The token deposited and paid out (ERC-4626 `asset`).
    function asset() external view returns (address) {
        return IInvestmentFund(address(fund)).investmentToken();
    }

    /// @notice Where the shares live (ERC-7540 `share`): the fund, which keeps them as positions.
    function share() external view returns (address) {
        return address(fund);
    }

    /// @notice The vault's name.
    function name() external view returns (string memory) {
        return fund.getVault(vaultId).name;
    }

    /// @notice The current round's assets: its deposits while open, its principal while locked.
    function totalAssets() external view returns (uint256) {
        IInvestmentFund.VaultInfo memory vault = fund.getVault(vaultId);
        IInvestmentFund.PoolInfo memory pool = fund.getPoolInfo(vault.currentPoolId);
        return vault.isLocked ? pool.preLockupTotal : pool.totalFunds;
    }

    /// @notice The current round's share price, scaled by 1e18 (what one share costs in it).
    function sharePrice() public view returns (uint256) {
        return fund.getPoolInfo(fund.getVault(vaultId).currentPoolId).startSharePrice;
    }

    /// @notice Shares `assets` would buy in the current round.
    function convertToShares(uint256 assets) external view returns (uint256) {
        return assets * SCALE / sharePrice();
    }

    /// @notice What `shares` cost in the current round.
    function convertToAssets(uint256 shares) external view returns (uint256) {
        return shares * sharePrice() / SCALE;
    }

    /// @notice The most `receiver` can deposit now: when a deposit of the vault's minimum would go through
    /// (`getDepositStatus`), the room under the vault's caps (unlimited without caps), else 0.
    function maxDeposit(address receiver) external view returns (uint256) {
        uint256 minimum = fund.getVault(vaultId).minimumInvestment;
        IInvestmentFund.DepositCheck memory check = fund.getDepositStatus(vaultId, receiver, minimum);
        if (check.status != IInvestmentFund.DepositStatus.Open) return 0;
        return check.roundRoom < check.investorRoom ? check.roundRoom : check.investorRoom;
    }

    /// @notice What `owner` can withdraw now (a refund from an open round, or a settled payout).
    function maxWithdraw(address owner) external view returns (uint256) {
        return fund.getPosition(owner, vaultId).withdrawable;
    }

    /// @notice The shares `owner` can redeem now (all of the position when it is withdrawable, else none).
    function maxRedeem(address owner) external view returns (uint256) {
        IInvestmentFund.PositionInfo memory position = fund.getPosition(owner, vaultId);
        return position.withdrawable == 0 ? 0 : position.shares;
    }

    /// @notice `owner`'s shares in the vault, wherever they are (open, locked or settled round).
    function balanceOf(address owner) external view returns (uint256) {
        return fund.getPosition(owner, vaultId).shares;
    }

    /// @notice Deposits are synchronous: never pending (ERC-7540; request id 0).
    function pendingDepositRequest(uint256, address) external pure returns (uint256) {
        return 0;
    }

    /// @notice Deposits are synchronous: never claimable as a request (ERC-7540; request id 0).
    function claimableDepositRequest(uint256, address) external pure returns (uint256) {
        return 0;
    }

    /// @notice Shares of `controller` in a locked round that leave at its settlement (roll-over off).
    function pendingRedeemRequest(uint256, address controller) external view returns (uint256) {
        IInvestmentFund.PositionInfo memory position = fund.getPosition(controller, vaultId);
        bool locked = position.poolState == IInvestmentFund.PoolState.Locked;
        return locked && !position.rollOver ? position.shares : 0;
    }

    /// @notice Shares of `controller` in a settled round, waiting to be withdrawn.
    function claimableRedeemRequest(uint256, address controller) external view returns (uint256) {
        IInvestmentFund.PositionInfo memory position = fund.getPosition(controller, vaultId);
        return position.poolState == IInvestmentFund.PoolState.Settled ? position.shares : 0;
    }

    /// @notice ERC-165: ERC-7540's redeem side and the operator-free read interface are not claimed, since the
    /// state-changing functions live on the fund; only ERC-165 itself.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7;
    }
}
