// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title MockWBTC
/// @notice An 8-decimal wrapped-bitcoin stand-in with EIP-2612 permit, for the local chain's DEX and tests only.
/// @dev Anyone can mint: it is a faucet. Never deploy it on a real network.
contract MockWBTC is ERC20, ERC20Permit {
    constructor() ERC20("Mock Wrapped BTC", "mWBTC") ERC20Permit("Mock Wrapped BTC") {}

    /// @notice WBTC's 8 decimals.
    function decimals() public pure override returns (uint8) {
        return 8;
    }

    /// @notice Mints `amount` to `to` (local faucet).
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
