// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "../utils/Test.sol";
import {FundGovernor} from "../../src/FundGovernor.sol";
import {InvestmentFund} from "../../src/InvestmentFund.sol";
import {MockUSDC} from "../../src/mocks/MockUSDC.sol";

/// @title HandlerBase
/// @notice What the invariant handlers share: the fund, the fixed actors, and the bookkeeping of surprises.
/// @dev Most actions make a valid call; about one in `INVALID_ONE_IN` deliberately makes an invalid one. Every
/// call's outcome is compared with the handler's own model: a valid call that reverted, or an invalid call that
/// succeeded, is counted in `unexpectedReverts` / `unexpectedSuccesses` and described in `firstSurprise`.
abstract contract HandlerBase is Test {
    uint256 internal constant INVALID_ONE_IN = 5;

    InvestmentFund public immutable fund;
    FundGovernor public immutable governor;
    MockUSDC public immutable token;
    /// @notice Holds no role and is never whitelisted.
    address public immutable outsider;

    address[] internal _actors;

    /// @notice Valid calls (by the handler's model) that reverted.
    uint256 public unexpectedReverts;
    /// @notice Invalid calls (by the handler's model) that succeeded.
    uint256 public unexpectedSuccesses;
    /// @notice Payouts, fees, transfers or event data that differ from the handler's own arithmetic.
    uint256 public accountingMismatches;
    /// @notice The first surprise (unexpected revert or success, or mismatch), for the failure message.
    string public firstSurprise;

    /// @notice Successful and failed calls per action, for debugging a campaign.
    mapping(bytes32 action => uint256) public okCalls;
    mapping(bytes32 action => uint256) public failedCalls;

    constructor(InvestmentFund fund_, MockUSDC token_, address outsider_, address[] memory actors_) {
        fund = fund_;
        governor = FundGovernor(fund_.governor());
        token = token_;
        outsider = outsider_;
        _actors = actors_;
    }

    /// @dev Whether this call should be a deliberately invalid one (derived from `seed`, about one in five).
    function _invalidMode(uint256 seed) internal pure returns (bool) {
        return uint256(keccak256(abi.encode(seed, "invalid"))) % INVALID_ONE_IN == 0;
    }

    function _actor(uint256 seed) internal view returns (address) {
        return _actors[seed % _actors.length];
    }

    /// @dev The first actor, starting at `seed`, for which `ok` holds (address(0) if none).
    function _findActor(uint256 seed, function(address) view returns (bool) ok) internal view returns (address) {
        uint256 n = _actors.length;
        for (uint256 i; i < n; ++i) {
            address a = _actors[(seed % n + i) % n];
            if (ok(a)) return a;
        }
        return address(0);
    }

    /// @dev Counts a call and compares its outcome with the model's expectation.
    function _record(bytes32 action, bool ok, bool expected, bytes memory reason) internal {
        if (ok) ++okCalls[action];
        else ++failedCalls[action];
        if (ok == expected) return;
        if (ok) ++unexpectedSuccesses;
        else ++unexpectedReverts;
        _surprise(
            string.concat(_name(action), ok ? ": unexpected success" : ": unexpected revert ", vm.toString(reason))
        );
    }

    function _mismatch(string memory what) internal {
        ++accountingMismatches;
        _surprise(what);
    }

    function _surprise(string memory what) private {
        if (bytes(firstSurprise).length == 0) firstSurprise = what;
    }

    /// @dev The action label without its zero padding.
    function _name(bytes32 action) private pure returns (string memory name) {
        uint256 length;
        while (length < 32 && action[length] != 0) ++length;
        bytes memory b = new bytes(length);
        for (uint256 i; i < length; ++i) {
            b[i] = action[i];
        }
        name = string(b);
    }
}
