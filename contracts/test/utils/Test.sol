// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Vm} from "./Vm.sol";
import {console} from "./console.sol";

/// @notice An invariant target: a contract and the selectors the fuzzer may call on it.
struct FuzzSelector {
    address addr;
    bytes4[] selectors;
}

/// @title Test
/// @notice Our small stand-in for forge-std's Test: cheatcodes, assertions, fuzz helpers and invariant targeting.
/// @dev Failed assertions revert with "<err>: <left> <op> <right>", so the test fails showing both values.
abstract contract Test {
    /// @notice The cheatcode contract.
    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);

    /// @notice Marks this contract as a test contract.
    bool public IS_TEST = true;

    /// @dev The message prefix of assertions called without `err`.
    string private constant DEFAULT_ERR = "assertion failed";

    address[] private _targetedContracts;
    address[] private _targetedSenders;
    address[] private _excludedContracts;
    address[] private _excludedSenders;
    FuzzSelector[] private _targetedSelectors;

    // ---------------------------------------------------------------------------------------
    // Failure
    // ---------------------------------------------------------------------------------------

    /// @notice Fails the test.
    function fail() internal pure virtual {
        revert(DEFAULT_ERR);
    }

    /// @notice Fails the test with `err`.
    function fail(string memory err) internal pure virtual {
        revert(err);
    }

    // ---------------------------------------------------------------------------------------
    // Booleans
    // ---------------------------------------------------------------------------------------

    /// @notice Asserts that `condition` is true.
    function assertTrue(bool condition) internal pure virtual {
        assertTrue(condition, DEFAULT_ERR);
    }

    /// @notice Asserts that `condition` is true, failing with `err`.
    function assertTrue(bool condition, string memory err) internal pure virtual {
        if (!condition) _fail(err, "expected true, got false");
    }

    /// @notice Asserts that `condition` is false.
    function assertFalse(bool condition) internal pure virtual {
        assertFalse(condition, DEFAULT_ERR);
    }

    /// @notice Asserts that `condition` is false, failing with `err`.
    function assertFalse(bool condition, string memory err) internal pure virtual {
        if (condition) _fail(err, "expected false, got true");
    }

    // ---------------------------------------------------------------------------------------
    // Equality
    // ---------------------------------------------------------------------------------------

    /// @notice Asserts that two uint256 values are equal.
    function assertEq(uint256 left, uint256 right) internal pure virtual {
        assertEq(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that two uint256 values are equal, failing with `err`.
    function assertEq(uint256 left, uint256 right, string memory err) internal pure virtual {
        if (left != right) _fail(err, vm.toString(left), " != ", vm.toString(right));
    }

    /// @notice Asserts that two int256 values are equal.
    function assertEq(int256 left, int256 right) internal pure virtual {
        assertEq(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that two int256 values are equal, failing with `err`.
    function assertEq(int256 left, int256 right, string memory err) internal pure virtual {
        if (left != right) _fail(err, vm.toString(left), " != ", vm.toString(right));
    }

    /// @notice Asserts that two addresses are equal.
    function assertEq(address left, address right) internal pure virtual {
        assertEq(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that two addresses are equal, failing with `err`.
    function assertEq(address left, address right, string memory err) internal pure virtual {
        if (left != right) _fail(err, vm.toString(left), " != ", vm.toString(right));
    }

    /// @notice Asserts that two bools are equal.
    function assertEq(bool left, bool right) internal pure virtual {
        assertEq(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that two bools are equal, failing with `err`.
    function assertEq(bool left, bool right, string memory err) internal pure virtual {
        if (left != right) _fail(err, vm.toString(left), " != ", vm.toString(right));
    }

    /// @notice Asserts that two bytes32 values are equal.
    function assertEq(bytes32 left, bytes32 right) internal pure virtual {
        assertEq(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that two bytes32 values are equal, failing with `err`.
    function assertEq(bytes32 left, bytes32 right, string memory err) internal pure virtual {
        if (left != right) _fail(err, vm.toString(left), " != ", vm.toString(right));
    }

    /// @notice Asserts that two strings are equal.
    function assertEq(string memory left, string memory right) internal pure virtual {
        assertEq(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that two strings are equal, failing with `err`.
    function assertEq(string memory left, string memory right, string memory err) internal pure virtual {
        if (keccak256(bytes(left)) != keccak256(bytes(right))) {
            _fail(err, string.concat('"', left, '"'), " != ", string.concat('"', right, '"'));
        }
    }

    /// @notice Asserts that two byte strings are equal.
    function assertEq(bytes memory left, bytes memory right) internal pure virtual {
        assertEq(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that two byte strings are equal, failing with `err`.
    function assertEq(bytes memory left, bytes memory right, string memory err) internal pure virtual {
        if (keccak256(left) != keccak256(right)) _fail(err, vm.toString(left), " != ", vm.toString(right));
    }

    // ---------------------------------------------------------------------------------------
    // Ordering and closeness (uint256)
    // ---------------------------------------------------------------------------------------

    /// @notice Asserts that `left > right`.
    function assertGt(uint256 left, uint256 right) internal pure virtual {
        assertGt(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that `left > right`, failing with `err`.
    function assertGt(uint256 left, uint256 right, string memory err) internal pure virtual {
        if (left <= right) _fail(err, vm.toString(left), " <= ", vm.toString(right));
    }

    /// @notice Asserts that `left >= right`.
    function assertGe(uint256 left, uint256 right) internal pure virtual {
        assertGe(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that `left >= right`, failing with `err`.
    function assertGe(uint256 left, uint256 right, string memory err) internal pure virtual {
        if (left < right) _fail(err, vm.toString(left), " < ", vm.toString(right));
    }

    /// @notice Asserts that `left < right`.
    function assertLt(uint256 left, uint256 right) internal pure virtual {
        assertLt(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that `left < right`, failing with `err`.
    function assertLt(uint256 left, uint256 right, string memory err) internal pure virtual {
        if (left >= right) _fail(err, vm.toString(left), " >= ", vm.toString(right));
    }

    /// @notice Asserts that `left <= right`.
    function assertLe(uint256 left, uint256 right) internal pure virtual {
        assertLe(left, right, DEFAULT_ERR);
    }

    /// @notice Asserts that `left <= right`, failing with `err`.
    function assertLe(uint256 left, uint256 right, string memory err) internal pure virtual {
        if (left > right) _fail(err, vm.toString(left), " > ", vm.toString(right));
    }

    /// @notice Asserts that `left` and `right` differ by at most `maxDelta`.
    function assertApproxEqAbs(uint256 left, uint256 right, uint256 maxDelta) internal pure virtual {
        assertApproxEqAbs(left, right, maxDelta, DEFAULT_ERR);
    }

    /// @notice Asserts that `left` and `right` differ by at most `maxDelta`, failing with `err`.
    function assertApproxEqAbs(uint256 left, uint256 right, uint256 maxDelta, string memory err) internal pure virtual {
        uint256 delta = left > right ? left - right : right - left;
        if (delta > maxDelta) {
            _fail(
                err,
                vm.toString(left),
                " !~= ",
                string.concat(
                    vm.toString(right), " (max delta ", vm.toString(maxDelta), ", delta ", vm.toString(delta), ")"
                )
            );
        }
    }

    // ---------------------------------------------------------------------------------------
    // Fuzzing helpers
    // ---------------------------------------------------------------------------------------

    /// @notice Maps `x` into [min, max]: unchanged when already inside, otherwise wrapped around the range.
    /// @dev As in forge-std, the extreme inputs 0..3 and max-3..max land on the range's edges, which fuzzers favour.
    function bound(uint256 x, uint256 min, uint256 max) internal pure virtual returns (uint256) {
        require(min <= max, "bound: max is less than min");
        if (x >= min && x <= max) return x;

        uint256 size = max - min + 1; // cannot overflow: x outside [min, max] means the range is not all of uint256
        if (x <= 3 && x < size) return min + x;
        if (x >= type(uint256).max - 3 && type(uint256).max - x < size) return max - (type(uint256).max - x);
        if (x > max) return min + (x - max - 1) % size;
        return max - (min - x - 1) % size;
    }

    /// @notice Returns a deterministic address derived from `name`, labelled `name` in traces.
    function makeAddr(string memory name) internal virtual returns (address account) {
        account = vm.addr(uint256(keccak256(bytes(name))));
        vm.label(account, name);
    }

    // ---------------------------------------------------------------------------------------
    // Invariant targeting (forge reads the public getters below)
    // ---------------------------------------------------------------------------------------

    /// @notice Lets the invariant fuzzer call `target` (all of its functions unless selectors are targeted).
    function targetContract(address target) internal virtual {
        _targetedContracts.push(target);
    }

    /// @notice Lets the invariant fuzzer call only `selector.selectors` on `selector.addr`.
    function targetSelector(FuzzSelector memory selector) internal virtual {
        _targetedSelectors.push(selector);
    }

    /// @notice Makes the invariant fuzzer send calls from `sender` (and the other targeted senders only).
    function targetSender(address sender) internal virtual {
        _targetedSenders.push(sender);
    }

    /// @notice Keeps the invariant fuzzer from sending calls from `sender`.
    function excludeSender(address sender) internal virtual {
        _excludedSenders.push(sender);
    }

    /// @notice Keeps the invariant fuzzer from calling `target`.
    function excludeContract(address target) internal virtual {
        _excludedContracts.push(target);
    }

    /// @notice The contracts the invariant fuzzer may call.
    function targetContracts() public view returns (address[] memory) {
        return _targetedContracts;
    }

    /// @notice The contract selectors the invariant fuzzer may call.
    function targetSelectors() public view returns (FuzzSelector[] memory) {
        return _targetedSelectors;
    }

    /// @notice The senders the invariant fuzzer uses.
    function targetSenders() public view returns (address[] memory) {
        return _targetedSenders;
    }

    /// @notice The senders the invariant fuzzer never uses.
    function excludeSenders() public view returns (address[] memory) {
        return _excludedSenders;
    }

    /// @notice The contracts the invariant fuzzer never calls.
    function excludeContracts() public view returns (address[] memory) {
        return _excludedContracts;
    }

    // ---------------------------------------------------------------------------------------
    // Internals
    // ---------------------------------------------------------------------------------------

    /// @dev Reverts with "<err>: <detail>".
    function _fail(string memory err, string memory detail) private pure {
        revert(string.concat(err, ": ", detail));
    }

    /// @dev Reverts with "<err>: <left><op><right>".
    function _fail(string memory err, string memory left, string memory op, string memory right) private pure {
        _fail(err, string.concat(left, op, right));
    }
}
