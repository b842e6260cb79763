// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title BlacklistToken
/// @notice A 6-decimal test token that, like USDC, refuses every transfer to or from a blacklisted address.
/// @dev Test-only. Anyone may mint and blacklist.
contract BlacklistToken is ERC20 {
    /// @notice Thrown when a transfer involves a blacklisted address.
    error Blacklisted(address account);

    /// @notice Whether an address is blacklisted.
    mapping(address account => bool) public blacklisted;

    constructor() ERC20("Blacklist Token", "BLK") {}

    /// @notice 6 decimals, like USDC.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Mints `amount` to `to`; anyone may call it.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Blacklists or clears `account`.
    function setBlacklisted(address account, bool value) external {
        blacklisted[account] = value;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (blacklisted[from]) revert Blacklisted(from);
        if (blacklisted[to]) revert Blacklisted(to);
        super._update(from, to, value);
    }
}
