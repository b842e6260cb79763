// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title FeeOnTransferToken
/// @notice A 6-decimal test token that burns `feeBps` basis points of every transfer: the sender is
/// debited the full amount, the recipient is credited the rest.
/// @dev Test-only. Mints and burns are not charged.
contract FeeOnTransferToken is ERC20 {
    /// @notice Denominator of `feeBps`.
    uint256 public constant BPS = 10_000;
    /// @notice Fee burned on every transfer, in basis points (10,000 = everything).
    uint256 public feeBps;

    constructor(uint256 feeBps_) ERC20("Fee Token", "FEE") {
        setFeeBps(feeBps_);
    }

    /// @notice 6 decimals, like USDC.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Mints `amount` to `to`; anyone may call it.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Sets the fee, in basis points (at most 10,000).
    function setFeeBps(uint256 feeBps_) public {
        require(feeBps_ <= BPS, "fee too high");
        feeBps = feeBps_;
    }

    /// @notice What the recipient of a transfer of `amount` receives.
    function afterFee(uint256 amount) public view returns (uint256) {
        return amount - amount * feeBps / BPS;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from == address(0) || to == address(0)) {
            super._update(from, to, value);
            return;
        }
        uint256 fee = value * feeBps / BPS;
        if (fee != 0) super._update(from, address(0), fee);
        super._update(from, to, value - fee);
    }
}
