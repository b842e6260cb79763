// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BasePaymaster} from "@account-abstraction/contracts/core/BasePaymaster.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {IPaymaster} from "@account-abstraction/contracts/interfaces/IPaymaster.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";

import {IFundPaymaster} from "./interfaces/IFundPaymaster.sol";
import {IInvestmentFund} from "./interfaces/IInvestmentFund.sol";

/// @dev The two call shapes of a SimpleAccount (account-abstraction v0.8 `BaseAccount`) the paymaster sponsors.
interface ISimpleAccountCalls {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    function execute(address target, uint256 value, bytes calldata data) external;

    function executeBatch(Call[] calldata calls) external;
}

/// @title FundPaymaster
/// @notice Pays the gas of the fund's whitelisted investors' smart accounts (ERC-4337, EntryPoint v0.8), so an
/// investor can invest holding 0 ETH. Each account may be sponsored up to `sponsorBudget()` wei in total, a budget
/// the fund's admins set; only operations that call the fund or its investment token are sponsored.
/// @dev Validation (`_validatePaymasterUserOp`) rejects by reverting with a custom error (the EntryPoint reports
/// it as `FailedOpWithRevert(i, "AA33 reverted", error)`); SIG_VALIDATION_FAILED is kept for signature failures
/// and this paymaster signs nothing. It accepts an operation when:
/// - `fund.isWhitelisted(sender)` (`AccountNotWhitelisted`);
/// - its call data is a SimpleAccount `execute` or `executeBatch` of value-less calls whose targets are the fund
///   or the investment token (`CallNotSponsored`): the budget pays for investing, not for anything else;
/// - `sponsoredGas[sender] + maxCost <= sponsorBudget` (`SponsorBudgetExceeded`).
/// It then reserves `maxCost` in `sponsoredGas[sender]`, so several operations of one account in one bundle cannot
/// overdraw the budget (the EntryPoint validates them all before executing any), and `postOp` replaces the
/// reservation by the `actualGasCost` the EntryPoint reports. If `postOp` itself reverted, the EntryPoint charges
/// the whole prefund (`maxCost`), which is exactly what stays reserved. `actualGasCost` excludes the postOp's own
/// gas and the EntryPoint's unused-gas penalty, which the paymaster's deposit pays on top.
///
/// ERC-7562 (the bundlers' validation rules): this paymaster returns a context and, during validation, reads its
/// own storage and the fund's whitelist (another contract's storage). An unstaked paymaster may do none of that,
/// so a public bundler serves it only once it is staked (`addStake`, by the owner, with the bundler's minimum stake
/// and unstake delay) and has a deposit (`deposit`). The local bundler (`npm start`, tests) runs with its safe
/// mode off, which skips these rules.
contract FundPaymaster is BasePaymaster, IFundPaymaster {
    /// @notice The fund's admin role (the same constant as `InvestmentFund.ADMIN_ROLE`).
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");

    /// @inheritdoc IFundPaymaster
    address public immutable fund;
    /// @inheritdoc IFundPaymaster
    address public immutable investmentToken;
    /// @inheritdoc IFundPaymaster
    address public immutable governor;

    /// @inheritdoc IFundPaymaster
    uint256 public sponsorBudget;
    /// @inheritdoc IFundPaymaster
    mapping(address account => uint256) public sponsoredGas;

    /// @param entryPoint_ The EntryPoint v0.8 this paymaster serves (checked through ERC-165).
    /// @param fund_ The fund whose whitelist decides who is sponsored and whose admins set the budget.
    /// @param owner_ Owns the paymaster's deposit and stake (`withdrawTo`, `addStake`, `unlockStake`, `withdrawStake`).
    /// @dev The budget starts at 0: nothing is sponsored until an admin calls `setSponsorBudget`.
    constructor(IEntryPoint entryPoint_, IInvestmentFund fund_, address owner_) BasePaymaster(entryPoint_) {
        if (address(fund_) == address(0) || owner_ == address(0)) revert InvalidAddress();
        fund = address(fund_);
        investmentToken = fund_.investmentToken();
        governor = fund_.governor();
        _transferOwnership(owner_);
    }

    /// @inheritdoc IFundPaymaster
    function setSponsorBudget(uint256 weiPerAccount) external {
        if (!IAccessControl(fund).hasRole(ADMIN_ROLE, msg.sender)) revert NotFundAdmin(msg.sender);
        sponsorBudget = weiPerAccount;
        emit SponsorBudgetSet(msg.sender, weiPerAccount);
    }

    /// @inheritdoc IFundPaymaster
    function remainingSponsorship(address account) external view returns (uint256) {
        uint256 budget = sponsorBudget;
        uint256 spent = sponsoredGas[account];
        return spent >= budget ? 0 : budget - spent;
    }

    /// @dev See the contract's notes: whitelist, call targets, budget; reserves `maxCost` until `postOp`.
    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash, uint256 maxCost)
        internal
        override
        returns (bytes memory context, uint256 validationData)
    {
        address sender = userOp.sender;
        if (!IInvestmentFund(fund).isWhitelisted(sender)) revert AccountNotWhitelisted(sender);
        _checkCalls(userOp.callData);
        uint256 required = sponsoredGas[sender] + maxCost;
        uint256 budget = sponsorBudget;
        if (required > budget) revert SponsorBudgetExceeded(sender, required, budget);
        sponsoredGas[sender] = required;
        return (abi.encode(sender, userOpHash, maxCost), 0);
    }

    /// @dev Replaces the reservation made in validation by what the operation actually cost (in both modes: a
    /// reverted operation is paid for too).
    function _postOp(IPaymaster.PostOpMode, bytes calldata context, uint256 actualGasCost, uint256) internal override {
        (address sender, bytes32 userOpHash, uint256 maxCost) = abi.decode(context, (address, bytes32, uint256));
        // Safe: validation added maxCost to this very entry, and the EntryPoint never reports more than it.
        uint256 spent = sponsoredGas[sender] - maxCost + actualGasCost;
        sponsoredGas[sender] = spent;
        emit GasSponsored(sender, userOpHash, actualGasCost, spent);
    }

    /// @dev Accepts `execute(target, 0, data)` and `executeBatch(calls)` (at least one call, each of value 0)
    /// whose every target is the fund or the investment token.
    function _checkCalls(bytes calldata callData) private view {
        if (callData.length < 4) revert CallNotSponsored();
        bytes4 selector = bytes4(callData[:4]);
        if (selector == ISimpleAccountCalls.execute.selector) {
            (address target, uint256 value,) = abi.decode(callData[4:], (address, uint256, bytes));
            _checkCall(target, value);
        } else if (selector == ISimpleAccountCalls.executeBatch.selector) {
            ISimpleAccountCalls.Call[] memory calls = abi.decode(callData[4:], (ISimpleAccountCalls.Call[]));
            uint256 count = calls.length;
            if (count == 0) revert CallNotSponsored();
            for (uint256 i; i < count; ++i) {
                _checkCall(calls[i].target, calls[i].value);
            }
        } else {
            revert CallNotSponsored();
        }
    }

    function _checkCall(address target, uint256 value) private view {
        if (value != 0 || (target != fund && target != governor && target != investmentToken)) {
            revert CallNotSponsored();
        }
    }
}
