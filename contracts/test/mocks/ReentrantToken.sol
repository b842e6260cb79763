// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title ReentrantToken
/// @notice A 6-decimal test token that, when armed, calls back into a target (the fund) from inside a
/// transfer, before or after the balances move. The call is made by the token itself, so the fund sees
/// `msg.sender == address(this)`: tests give the token whatever role, whitelist entry, balance and
/// allowance the re-entrant call needs, so that only the reentrancy guard can stop it.
/// @dev Test-only. Fires once per arming, on a transfer between two non-zero addresses (not on mint or burn).
contract ReentrantToken is ERC20 {
    /// @notice Contract called back during the next transfer.
    address public target;
    /// @notice Calldata of the call-back.
    bytes public callData;
    /// @notice Whether the next transfer calls back.
    bool public armed;
    /// @notice Whether a failed call-back reverts the transfer with the same data (true) or is recorded (false).
    bool public bubble;
    /// @notice Whether the call-back happens after the balances moved (true) or before (false).
    bool public callAfterUpdate;

    /// @notice Whether a call-back was made since the last arming.
    bool public attempted;
    /// @notice Whether the last call-back succeeded.
    bool public reentrySucceeded;
    /// @notice Return or revert data of the last call-back.
    bytes public reentryReturnData;

    constructor() ERC20("Reentrant Token", "REENT") {}

    /// @notice 6 decimals, like USDC.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Mints `amount` to `to`; anyone may call it.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Approves `spender` to spend the token contract's own balance (so it can act as an investor).
    function approveFromSelf(address spender, uint256 amount) external {
        _approve(address(this), spender, amount);
    }

    /// @notice Arms the call-back: the next transfer calls `target_` with `callData_`.
    function arm(address target_, bytes calldata callData_, bool bubble_, bool callAfterUpdate_) external {
        target = target_;
        callData = callData_;
        bubble = bubble_;
        callAfterUpdate = callAfterUpdate_;
        armed = true;
        attempted = false;
        reentrySucceeded = false;
        delete reentryReturnData;
    }

    /// @notice Disarms the call-back.
    function disarm() external {
        armed = false;
    }

    /// @notice The first four bytes of the last call-back's return or revert data (zero if shorter).
    function reentryErrorSelector() external view returns (bytes4 selector) {
        bytes memory data = reentryReturnData;
        // Safe: only the first four bytes are wanted.
        // forge-lint: disable-next-line(unsafe-typecast)
        if (data.length >= 4) selector = bytes4(data);
    }

    function _update(address from, address to, uint256 value) internal override {
        bool fire = armed && from != address(0) && to != address(0);
        if (fire && !callAfterUpdate) _callBack();
        super._update(from, to, value);
        if (fire && callAfterUpdate) _callBack();
    }

    function _callBack() private {
        armed = false;
        attempted = true;
        (bool ok, bytes memory data) = target.call(callData);
        reentrySucceeded = ok;
        reentryReturnData = data;
        if (!ok && bubble) {
            assembly ("memory-safe") {
                revert(add(data, 0x20), mload(data))
            }
        }
    }
}
