// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title console
/// @notice Minimal console on the Hardhat/forge-std console ABI: forge prints these calls with `-vv` or more; elsewhere they are no-ops.
library console {
    /// @notice The address forge listens on for console calls ("console.log" in hex).
    address internal constant CONSOLE_ADDRESS = 0x000000000000000000636F6e736F6c652e6c6f67;

    /// @notice Logs a string.
    function log(string memory message) internal pure {
        _send(abi.encodeWithSignature("log(string)", message));
    }

    /// @notice Logs a uint256.
    function log(uint256 value) internal pure {
        _send(abi.encodeWithSignature("log(uint256)", value));
    }

    /// @notice Logs an int256.
    function log(int256 value) internal pure {
        _send(abi.encodeWithSignature("log(int256)", value));
    }

    /// @notice Logs a bool.
    function log(bool value) internal pure {
        _send(abi.encodeWithSignature("log(bool)", value));
    }

    /// @notice Logs an address.
    function log(address value) internal pure {
        _send(abi.encodeWithSignature("log(address)", value));
    }

    /// @notice Logs a bytes32 as hex.
    function logBytes32(bytes32 value) internal pure {
        _send(abi.encodeWithSignature("log(bytes32)", value));
    }

    /// @notice Logs bytes as hex.
    function logBytes(bytes memory value) internal pure {
        _send(abi.encodeWithSignature("log(bytes)", value));
    }

    /// @notice Logs a label and a uint256.
    function log(string memory message, uint256 value) internal pure {
        _send(abi.encodeWithSignature("log(string,uint256)", message, value));
    }

    /// @notice Logs a label and an int256.
    function log(string memory message, int256 value) internal pure {
        _send(abi.encodeWithSignature("log(string,int256)", message, value));
    }

    /// @notice Logs a label and an address.
    function log(string memory message, address value) internal pure {
        _send(abi.encodeWithSignature("log(string,address)", message, value));
    }

    /// @notice Logs a label and a string.
    function log(string memory message, string memory value) internal pure {
        _send(abi.encodeWithSignature("log(string,string)", message, value));
    }

    /// @notice Logs a label and a bool.
    function log(string memory message, bool value) internal pure {
        _send(abi.encodeWithSignature("log(string,bool)", message, value));
    }

    /// @notice Logs a label and two uint256 values.
    function log(string memory message, uint256 a, uint256 b) internal pure {
        _send(abi.encodeWithSignature("log(string,uint256,uint256)", message, a, b));
    }

    /// @dev Makes the (view) static call usable from pure code, so logging never forces a mutability change.
    function _send(bytes memory payload) private pure {
        function(bytes memory) internal view viewSend = _staticcall;
        function(bytes memory) internal pure pureSend;
        assembly ("memory-safe") {
            pureSend := viewSend
        }
        pureSend(payload);
    }

    /// @dev Static-calls the console address; the result is ignored.
    function _staticcall(bytes memory payload) private view {
        (bool ok,) = CONSOLE_ADDRESS.staticcall(payload);
        ok; // the console never reverts in forge, and does not exist elsewhere
    }
}
