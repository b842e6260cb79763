// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title MockUSDC
/// @notice A 6-decimal investment token with EIP-2612 permit, for the local chain and tests only.
/// @dev Anyone can mint: it is a faucet. Never deploy it as a real investment token.
contract MockUSDC is ERC20, ERC20Permit {
    constructor() ERC20("Mock USD Coin", "mUSDC") ERC20Permit("Mock USD Coin") {}

    /// @notice USDC's 6 decimals.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Mints `amount` to `to` (local faucet).
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
