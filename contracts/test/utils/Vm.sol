// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Vm
/// @notice The subset of Foundry cheatcodes our tests use (they answer at 0x7109709ECfa91a80626fF3989D68f67F5b1DD12D).
interface Vm {
    /// @notice An event log captured between `recordLogs` and `getRecordedLogs`.
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    // ---------------------------------------------------------------------------------------
    // Callers
    // ---------------------------------------------------------------------------------------

    /// @notice Sets `msg.sender` for the next call.
    function prank(address msgSender) external;

    /// @notice Sets `msg.sender` and `tx.origin` for the next call.
    function prank(address msgSender, address txOrigin) external;

    /// @notice Sets `msg.sender` for every following call until `stopPrank`.
    function startPrank(address msgSender) external;

    /// @notice Ends a `startPrank`.
    function stopPrank() external;

    // ---------------------------------------------------------------------------------------
    // Chain state
    // ---------------------------------------------------------------------------------------

    /// @notice Sets `block.timestamp`.
    function warp(uint256 newTimestamp) external;

    /// @notice Sets `block.number`.
    function roll(uint256 newHeight) external;

    /// @notice Sets `block.chainid`.
    function chainId(uint256 newChainId) external;

    /// @notice Sets the ether balance of `account`.
    function deal(address account, uint256 newBalance) external;

    /// @notice Returns the current `block.number` (not constant-folded by the optimizer, unlike `block.number`).
    function getBlockNumber() external view returns (uint256 height);

    /// @notice Returns the current `block.timestamp` (not constant-folded by the optimizer, unlike `block.timestamp`).
    function getBlockTimestamp() external view returns (uint256 timestamp);

    // ---------------------------------------------------------------------------------------
    // Expectations
    // ---------------------------------------------------------------------------------------

    /// @notice Expects the next call to revert, whatever the reason.
    function expectRevert() external;

    /// @notice Expects the next call to revert with exactly this 4-byte data (an argument-less custom error).
    function expectRevert(bytes4 revertData) external;

    /// @notice Expects the next call to revert with exactly this data (e.g. `abi.encodeWithSelector(...)`).
    function expectRevert(bytes calldata revertData) external;

    /// @notice Expects the next call to revert with data starting with this selector, whatever its arguments.
    function expectPartialRevert(bytes4 revertData) external;

    /// @notice Expects the next emitted event to match the one emitted next by the test, checking all topics and data.
    function expectEmit() external;

    /// @notice Expects the next call to emit the event emitted next, from `emitter`, checking all topics and data.
    function expectEmit(address emitter) external;

    /// @notice Like `expectEmit()`, choosing which of topics 1-3 and the data to check.
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData) external;

    /// @notice Like `expectEmit(bool,bool,bool,bool)`, also checking the emitting contract.
    function expectEmit(bool checkTopic1, bool checkTopic2, bool checkTopic3, bool checkData, address emitter) external;

    /// @notice Starts recording every emitted log.
    function recordLogs() external;

    /// @notice Returns (and clears) the logs recorded since `recordLogs`.
    function getRecordedLogs() external returns (Log[] memory logs);

    // ---------------------------------------------------------------------------------------
    // Artifacts (paths relative to the project root; reading needs `fs_permissions` in foundry.toml)
    // ---------------------------------------------------------------------------------------

    /// @notice Returns the creation bytecode of an artifact (`File.sol:Contract`, or the path of a forge or hardhat
    /// JSON artifact).
    function getCode(string calldata artifactPath) external view returns (bytes memory creationBytecode);

    /// @notice Deploys the artifact's creation bytecode and returns the new contract's address.
    function deployCode(string calldata artifactPath) external returns (address deployedAddress);

    /// @notice Deploys the artifact's creation bytecode with ABI-encoded constructor arguments.
    function deployCode(string calldata artifactPath, bytes calldata constructorArgs)
        external
        returns (address deployedAddress);

    // ---------------------------------------------------------------------------------------
    // Keys and labels
    // ---------------------------------------------------------------------------------------

    /// @notice Returns the address of a private key.
    function addr(uint256 privateKey) external pure returns (address keyAddr);

    /// @notice Signs `digest` with `privateKey` (secp256k1).
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);

    /// @notice Names an address in traces.
    function label(address account, string calldata newLabel) external;

    // ---------------------------------------------------------------------------------------
    // Fuzzing, gas and environment
    // ---------------------------------------------------------------------------------------

    /// @notice Discards the current fuzz input when `condition` is false.
    function assume(bool condition) external pure;

    /// @notice Stops counting gas until `resumeGasMetering`.
    function pauseGasMetering() external;

    /// @notice Resumes counting gas after `pauseGasMetering`.
    function resumeGasMetering() external;

    /// @notice Gas figures of the last call made by the test (`lastCallGas`).
    struct Gas {
        uint64 gasLimit;
        uint64 gasTotalUsed;
        uint64 gasMemoryUsed;
        int64 gasRefunded;
        uint64 gasRemaining;
    }

    /// @notice The gas figures of the last call the test made (its own execution only, no test-side overhead).
    function lastCallGas() external view returns (Gas memory gas);

    /// @notice Records the gas used by the last call under `name` (written to `snapshots/`) and returns it.
    function snapshotGasLastCall(string calldata name) external returns (uint256 gasUsed);

    /// @notice Reads environment variable `name` as a uint256, or returns `defaultValue` when it is unset.
    function envOr(string calldata name, uint256 defaultValue) external view returns (uint256 value);

    // ---------------------------------------------------------------------------------------
    // Formatting
    // ---------------------------------------------------------------------------------------

    /// @notice Formats a uint256 in decimal.
    function toString(uint256 value) external pure returns (string memory stringifiedValue);

    /// @notice Formats an int256 in decimal.
    function toString(int256 value) external pure returns (string memory stringifiedValue);

    /// @notice Formats an address as an EIP-55 checksummed hex string.
    function toString(address value) external pure returns (string memory stringifiedValue);

    /// @notice Formats a bool as "true" or "false".
    function toString(bool value) external pure returns (string memory stringifiedValue);

    /// @notice Formats a bytes32 as a 0x-prefixed hex string.
    function toString(bytes32 value) external pure returns (string memory stringifiedValue);

    /// @notice Formats bytes as a 0x-prefixed hex string.
    function toString(bytes calldata value) external pure returns (string memory stringifiedValue);
}
