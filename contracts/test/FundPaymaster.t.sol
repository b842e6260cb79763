// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {IPaymaster} from "@account-abstraction/contracts/interfaces/IPaymaster.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

import {FundFixture} from "./FundFixture.sol";
import {Vm} from "./utils/Vm.sol";
import {console} from "./utils/Test.sol";
import {FundPaymaster, ISimpleAccountCalls} from "../src/FundPaymaster.sol";
import {IFundPaymaster} from "../src/interfaces/IFundPaymaster.sol";
import {IFundGovernor} from "../src/interfaces/IFundGovernor.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";

/// @dev The part of the npm package's SimpleAccountFactory (v0.8) the tests call.
interface ISimpleAccountFactory {
    function createAccount(address owner, uint256 salt) external returns (address);
    function getAddress(address owner, uint256 salt) external view returns (address);
}

/// @notice FundPaymaster on a real EntryPoint v0.8 and SimpleAccountFactory, deployed from the prebuilt artifacts of the
/// npm package account-abstraction/contracts 0.8.0: smart accounts of whitelisted investors invest holding 0 ETH, within
/// the budget the fund's admins set.
contract FundPaymasterTest is FundFixture {
    string internal constant ARTIFACTS = "../node_modules/@account-abstraction/contracts/artifacts/";
    uint256 internal constant GAS_PRICE = 1 gwei;
    uint256 internal constant VERIFICATION_GAS = 400_000;
    uint256 internal constant CALL_GAS = 300_000;
    uint256 internal constant PM_VERIFICATION_GAS = 100_000;
    uint256 internal constant PM_POST_OP_GAS = 50_000;
    uint256 internal constant PRE_VERIFICATION_GAS = 60_000;
    /// @dev What the EntryPoint asks the paymaster to cover for one operation (`maxCost`).
    uint256 internal constant MAX_COST =
        (VERIFICATION_GAS + CALL_GAS + PM_VERIFICATION_GAS + PM_POST_OP_GAS + PRE_VERIFICATION_GAS) * GAS_PRICE;

    IEntryPoint internal entryPoint;
    ISimpleAccountFactory internal factory;
    FundPaymaster internal paymaster;

    address internal paymasterOwner = makeAddr("paymasterOwner");
    address payable internal bundler = payable(makeAddr("bundler"));
    uint256 internal ownerKey = uint256(keccak256("smart account owner"));
    address internal accountOwner;
    address internal account;

    function setUp() public override {
        super.setUp();
        entryPoint = IEntryPoint(vm.deployCode(string.concat(ARTIFACTS, "EntryPoint.json")));
        factory = ISimpleAccountFactory(
            vm.deployCode(string.concat(ARTIFACTS, "SimpleAccountFactory.json"), abi.encode(entryPoint))
        );
        paymaster = new FundPaymaster(entryPoint, fund, paymasterOwner);
        vm.deal(address(this), 100 ether);
        paymaster.deposit{value: 10 ether}();
        vm.prank(admin);
        paymaster.setSponsorBudget(0.01 ether);

        accountOwner = vm.addr(ownerKey);
        account = factory.getAddress(accountOwner, 0);
        _whitelist(account);
        token.mint(account, 10_000 * USDC);
    }

    // ---- helpers -------------------------------------------------------------------------------

    function _initCode(address owner, uint256 salt) internal view returns (bytes memory) {
        return abi.encodePacked(address(factory), abi.encodeCall(ISimpleAccountFactory.createAccount, (owner, salt)));
    }

    /// @dev `executeBatch([token.approve(fund, amount), fund.invest(vault 1, amount)])`.
    function _approveAndInvest(uint256 amount) internal view returns (bytes memory) {
        ISimpleAccountCalls.Call[] memory calls = new ISimpleAccountCalls.Call[](2);
        calls[0] = ISimpleAccountCalls.Call(address(token), 0, abi.encodeCall(IERC20.approve, (address(fund), amount)));
        calls[1] = ISimpleAccountCalls.Call(address(fund), 0, abi.encodeCall(IInvestmentFund.invest, (FUTURES, amount)));
        return abi.encodeCall(ISimpleAccountCalls.executeBatch, (calls));
    }

    /// @dev A signed, paymaster-sponsored operation of the account of `key` (salt 0); with `initCode` when the
    /// account does not exist yet.
    function _op(uint256 key, bytes memory callData) internal view returns (PackedUserOperation memory op) {
        address owner = vm.addr(key);
        op.sender = factory.getAddress(owner, 0);
        op.nonce = entryPoint.getNonce(op.sender, 0);
        if (op.sender.code.length == 0) op.initCode = _initCode(owner, 0);
        op.callData = callData;
        op.accountGasLimits = bytes32((VERIFICATION_GAS << 128) | CALL_GAS);
        op.preVerificationGas = PRE_VERIFICATION_GAS;
        op.gasFees = bytes32((GAS_PRICE << 128) | GAS_PRICE);
        op.paymasterAndData =
            abi.encodePacked(address(paymaster), uint128(PM_VERIFICATION_GAS), uint128(PM_POST_OP_GAS));
        _signOp(key, op);
    }

    function _signOp(uint256 key, PackedUserOperation memory op) internal view {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, entryPoint.getUserOpHash(op));
        op.signature = abi.encodePacked(r, s, v);
    }

    function _handle(PackedUserOperation memory op) internal {
        PackedUserOperation[] memory ops = new PackedUserOperation[](1);
        ops[0] = op;
        _handleAll(ops);
    }

    function _handleAll(PackedUserOperation[] memory ops) internal {
        vm.prank(bundler, bundler);
        entryPoint.handleOps(ops, bundler);
    }

    function _rejected(uint256 opIndex, bytes memory inner) internal pure returns (bytes memory) {
        return abi.encodeWithSelector(IEntryPoint.FailedOpWithRevert.selector, opIndex, "AA33 reverted", inner);
    }

    // ---- sponsorship ---------------------------------------------------------------------------

    /// @notice A whitelisted investor's smart account (deployed by this very operation) approves and invests in one
    /// operation, holding 0 ETH; the paymaster's deposit pays, and the account's budget records the cost.
    function test_sponsorsWhitelistedAccountsFirstOperation() public {
        assertEq(account.code.length, 0, "not deployed yet");
        assertEq(account.balance, 0);
        uint256 depositBefore = paymaster.getDeposit();

        vm.recordLogs();
        _handle(_op(ownerKey, _approveAndInvest(1_000 * USDC)));
        uint256 handleOpsGas = vm.lastCallGas().gasTotalUsed;
        Vm.Log[] memory logs = vm.getRecordedLogs();

        assertGt(account.code.length, 0, "deployed by its first operation");
        assertEq(account.balance, 0, "the account never held ETH");
        assertEq(entryPoint.balanceOf(account), 0, "nor a deposit at the EntryPoint");
        assertEq(_invested(account), 1_000 * USDC, "the investment went through");
        assertEq(token.balanceOf(address(fund)), 1_000 * USDC);
        assertEq(token.allowance(account, address(fund)), 0);

        (bool success, uint256 charged, uint256 gasUsed) = _userOperationEvent(logs);
        assertTrue(success, "the operation succeeded");
        assertEq(depositBefore - paymaster.getDeposit(), charged, "the paymaster's deposit paid for it");
        uint256 recorded = _gasSponsoredCost(logs);
        assertEq(paymaster.sponsoredGas(account), recorded, "the budget records postOp's actualGasCost");
        assertGt(recorded, 0);
        // postOp's actualGasCost is the cost before the postOp itself (and the unused-gas penalty).
        assertLe(recorded, charged);
        assertEq(paymaster.remainingSponsorship(account), 0.01 ether - recorded);
        console.log("sponsored userOp (deploy account + approve + invest): handleOps gas", handleOpsGas);
        console.log("  EntryPoint actualGasUsed / charged wei", gasUsed, charged);
        console.log("  recorded in sponsoredGas (wei)", recorded);
    }

    /// @notice The second operation (account deployed, approve + invest again) is sponsored too, and the budget
    /// adds up the two costs.
    function test_repeatOperationAddsToSponsoredGas() public {
        _handle(_op(ownerKey, _approveAndInvest(1_000 * USDC)));
        uint256 first = paymaster.sponsoredGas(account);
        _nextBlock();
        vm.recordLogs();
        _handle(_op(ownerKey, _approveAndInvest(500 * USDC)));
        uint256 handleOpsGas = vm.lastCallGas().gasTotalUsed;
        Vm.Log[] memory logs = vm.getRecordedLogs();
        (bool success,, uint256 gasUsed) = _userOperationEvent(logs);
        assertTrue(success);
        assertEq(paymaster.sponsoredGas(account), first + _gasSponsoredCost(logs));
        assertEq(_invested(account), 1_500 * USDC);
        assertEq(account.balance, 0);
        console.log("sponsored userOp (deployed account, approve + invest): handleOps gas", handleOpsGas);
        console.log("  EntryPoint actualGasUsed", gasUsed);
    }

    /// @notice An operation that reverts in execution (here: below the minimum investment) is still paid for and
    /// counted against the budget: nothing is invested, the approval is rolled back with the batch.
    function test_revertedOperationIsChargedToTheBudget() public {
        vm.recordLogs();
        _handle(_op(ownerKey, _approveAndInvest(MINIMUM - 1)));
        Vm.Log[] memory logs = vm.getRecordedLogs();
        (bool success,,) = _userOperationEvent(logs);
        assertFalse(success);
        assertEq(_invested(account), 0);
        assertEq(token.allowance(account, address(fund)), 0);
        assertEq(paymaster.sponsoredGas(account), _gasSponsoredCost(logs));
        assertGt(paymaster.sponsoredGas(account), 0);
    }

    function test_RevertIf_accountNotWhitelisted() public {
        uint256 strangerKey = uint256(keccak256("unlisted owner"));
        address unlisted = factory.getAddress(vm.addr(strangerKey), 0);
        PackedUserOperation memory op = _op(strangerKey, _approveAndInvest(1_000 * USDC));
        vm.expectRevert(_rejected(0, abi.encodeWithSelector(IFundPaymaster.AccountNotWhitelisted.selector, unlisted)));
        _handle(op);
        assertEq(paymaster.sponsoredGas(unlisted), 0);
    }

    function test_RevertIf_delistedAccount() public {
        vm.prank(admin);
        fund.removeInvestorFromWhitelist(account);
        PackedUserOperation memory op = _op(ownerKey, _approveAndInvest(1_000 * USDC));
        vm.expectRevert(_rejected(0, abi.encodeWithSelector(IFundPaymaster.AccountNotWhitelisted.selector, account)));
        _handle(op);
    }

    /// @notice The first operation fits the budget; what is left after it does not cover the next one's maxCost.
    function test_RevertIf_budgetExhausted() public {
        vm.prank(admin);
        paymaster.setSponsorBudget(MAX_COST + MAX_COST / 4);
        _handle(_op(ownerKey, _approveAndInvest(1_000 * USDC)));
        uint256 spent = paymaster.sponsoredGas(account);
        assertGt(spent, MAX_COST / 4, "one sponsored operation costs more than a quarter of its maxCost");

        _nextBlock();
        PackedUserOperation memory op = _op(ownerKey, _approveAndInvest(500 * USDC));
        vm.expectRevert(
            _rejected(
                0,
                abi.encodeWithSelector(
                    IFundPaymaster.SponsorBudgetExceeded.selector, account, spent + MAX_COST, MAX_COST + MAX_COST / 4
                )
            )
        );
        _handle(op);
        assertEq(paymaster.sponsoredGas(account), spent);
    }

    function test_RevertIf_budgetZero() public {
        vm.prank(admin);
        paymaster.setSponsorBudget(0);
        PackedUserOperation memory op = _op(ownerKey, _approveAndInvest(1_000 * USDC));
        vm.expectRevert(
            _rejected(0, abi.encodeWithSelector(IFundPaymaster.SponsorBudgetExceeded.selector, account, MAX_COST, 0))
        );
        _handle(op);
    }

    /// @notice Two operations of one account in one bundle cannot both pass on one maxCost of budget: validation
    /// reserves the first one's maxCost before the second is validated.
    function test_RevertIf_twoOperationsInOneBundleExceedBudget() public {
        _handle(_op(ownerKey, _approveAndInvest(1_000 * USDC))); // deploys the account
        uint256 spent = paymaster.sponsoredGas(account);
        vm.prank(admin);
        paymaster.setSponsorBudget(spent + MAX_COST);
        PackedUserOperation[] memory ops = new PackedUserOperation[](2);
        ops[0] = _op(ownerKey, _approveAndInvest(100 * USDC));
        ops[1] = _op(ownerKey, _approveAndInvest(100 * USDC));
        ops[1].nonce = ops[0].nonce + 1;
        _signOp(ownerKey, ops[1]);
        vm.expectRevert(
            _rejected(
                1,
                abi.encodeWithSelector(
                    IFundPaymaster.SponsorBudgetExceeded.selector, account, spent + 2 * MAX_COST, spent + MAX_COST
                )
            )
        );
        _handleAll(ops);
    }

    /// @notice Only calls to the fund or its token are sponsored: a transfer of ETH or a call elsewhere is not.
    function test_RevertIf_callTargetsAnotherContract() public {
        bytes memory elsewhere = abi.encodeCall(
            ISimpleAccountCalls.execute, (address(paymaster), 0, abi.encodeCall(paymaster.sponsorBudget, ()))
        );
        PackedUserOperation memory op = _op(ownerKey, elsewhere);
        vm.expectRevert(_rejected(0, abi.encodeWithSelector(IFundPaymaster.CallNotSponsored.selector)));
        _handle(op);

        ISimpleAccountCalls.Call[] memory calls = new ISimpleAccountCalls.Call[](2);
        calls[0] = ISimpleAccountCalls.Call(address(token), 0, abi.encodeCall(IERC20.approve, (address(fund), 1)));
        calls[1] = ISimpleAccountCalls.Call(stranger, 0, "");
        op = _op(ownerKey, abi.encodeCall(ISimpleAccountCalls.executeBatch, (calls)));
        vm.expectRevert(_rejected(0, abi.encodeWithSelector(IFundPaymaster.CallNotSponsored.selector)));
        _handle(op);

        op = _op(ownerKey, abi.encodeCall(ISimpleAccountCalls.execute, (address(fund), 1, "")));
        vm.expectRevert(_rejected(0, abi.encodeWithSelector(IFundPaymaster.CallNotSponsored.selector)));
        _handle(op);

        op = _op(ownerKey, abi.encodeCall(ISimpleAccountCalls.executeBatch, (new ISimpleAccountCalls.Call[](0))));
        vm.expectRevert(_rejected(0, abi.encodeWithSelector(IFundPaymaster.CallNotSponsored.selector)));
        _handle(op);

        op = _op(ownerKey, "");
        vm.expectRevert(_rejected(0, abi.encodeWithSelector(IFundPaymaster.CallNotSponsored.selector)));
        _handle(op);
    }

    /// @notice A single `execute` to the fund is sponsored (for example `withdraw`, `setRollOver`, `vote`).
    function test_sponsorsSingleExecuteToTheFund() public {
        _handle(_op(ownerKey, _approveAndInvest(1_000 * USDC)));
        uint256 spent = paymaster.sponsoredGas(account);
        _handle(
            _op(
                ownerKey,
                abi.encodeCall(
                    ISimpleAccountCalls.execute,
                    (address(fund), 0, abi.encodeCall(IInvestmentFund.setRollOver, (FUTURES, true)))
                )
            )
        );
        assertTrue(_position(account, FUTURES).rollOver);
        assertGt(paymaster.sponsoredGas(account), spent);
    }

    /// @notice A call to the fund's governor is sponsored too: a smart account with 0 ETH proposes and votes.
    function test_sponsorsCallsToTheGovernor() public {
        _handle(_op(ownerKey, _approveAndInvest(1_000 * USDC)));
        vm.roll(block.number + 1);
        uint256 spent = paymaster.sponsoredGas(account);
        _handle(
            _op(
                ownerKey,
                abi.encodeCall(
                    ISimpleAccountCalls.execute,
                    (address(governor), 0, abi.encodeCall(IFundGovernor.createProposal, ("Sponsored", 1 days)))
                )
            )
        );
        assertEq(governor.proposalCount(), 1);
        assertEq(governor.proposalProposer(1), account);
        assertGt(paymaster.sponsoredGas(account), spent);
    }

    // ---- budget administration ------------------------------------------------------------------

    function test_onlyFundAdminsSetTheBudget() public {
        vm.expectRevert(abi.encodeWithSelector(IFundPaymaster.NotFundAdmin.selector, stranger));
        vm.prank(stranger);
        paymaster.setSponsorBudget(1 ether);
        // The paymaster's owner is not a fund admin either.
        vm.expectRevert(abi.encodeWithSelector(IFundPaymaster.NotFundAdmin.selector, paymasterOwner));
        vm.prank(paymasterOwner);
        paymaster.setSponsorBudget(1 ether);
        vm.expectRevert(abi.encodeWithSelector(IFundPaymaster.NotFundAdmin.selector, operator));
        vm.prank(operator);
        paymaster.setSponsorBudget(1 ether);
        assertEq(paymaster.sponsorBudget(), 0.01 ether);

        vm.expectEmit(true, true, true, true, address(paymaster));
        emit IFundPaymaster.SponsorBudgetSet(admin, 1 ether);
        vm.prank(admin);
        paymaster.setSponsorBudget(1 ether);
        assertEq(paymaster.sponsorBudget(), 1 ether);

        // A newly granted fund admin may set it; a revoked one no longer may.
        bytes32 adminRole = fund.ADMIN_ROLE();
        vm.prank(admin);
        fund.grantRole(adminRole, bob);
        vm.prank(bob);
        paymaster.setSponsorBudget(2 ether);
        assertEq(paymaster.sponsorBudget(), 2 ether);
        vm.prank(admin);
        fund.revokeRole(adminRole, bob);
        vm.expectRevert(abi.encodeWithSelector(IFundPaymaster.NotFundAdmin.selector, bob));
        vm.prank(bob);
        paymaster.setSponsorBudget(3 ether);
    }

    function test_remainingSponsorshipIsZeroWhenBudgetLoweredBelowSpent() public {
        _handle(_op(ownerKey, _approveAndInvest(1_000 * USDC)));
        uint256 spent = paymaster.sponsoredGas(account);
        vm.prank(admin);
        paymaster.setSponsorBudget(spent - 1);
        assertEq(paymaster.remainingSponsorship(account), 0);
        vm.prank(admin);
        paymaster.setSponsorBudget(spent + 5);
        assertEq(paymaster.remainingSponsorship(account), 5);
        assertEq(paymaster.remainingSponsorship(stranger), spent + 5);
    }

    function test_wiring() public view {
        assertEq(address(paymaster.entryPoint()), address(entryPoint));
        assertEq(paymaster.fund(), address(fund));
        assertEq(paymaster.investmentToken(), address(token));
        assertEq(paymaster.governor(), fund.governor());
        assertEq(paymaster.owner(), paymasterOwner);
        assertEq(paymaster.ADMIN_ROLE(), fund.ADMIN_ROLE());
    }

    function test_RevertIf_deployedWithZeroAddresses() public {
        vm.expectRevert(IFundPaymaster.InvalidAddress.selector);
        new FundPaymaster(entryPoint, fund, address(0));
        vm.expectRevert();
        new FundPaymaster(entryPoint, IInvestmentFund(address(0)), paymasterOwner);
    }

    function test_RevertIf_postOpOrValidationNotFromEntryPoint() public {
        vm.expectRevert("Sender not EntryPoint");
        paymaster.postOp(IPaymaster.PostOpMode.opSucceeded, abi.encode(account, bytes32(0), uint256(0)), 1, 1);
        PackedUserOperation memory op = _op(ownerKey, _approveAndInvest(1_000 * USDC));
        vm.expectRevert("Sender not EntryPoint");
        paymaster.validatePaymasterUserOp(op, bytes32(0), MAX_COST);
    }

    function test_onlyOwnerWithdrawsTheDeposit() public {
        vm.expectRevert(abi.encodeWithSignature("OwnableUnauthorizedAccount(address)", admin));
        vm.prank(admin);
        paymaster.withdrawTo(payable(admin), 1 ether);
        vm.prank(paymasterOwner);
        paymaster.withdrawTo(payable(paymasterOwner), 1 ether);
        assertEq(paymasterOwner.balance, 1 ether);
    }

    // ---- log readers ---------------------------------------------------------------------------

    function _userOperationEvent(Vm.Log[] memory logs)
        internal
        view
        returns (bool success, uint256 actualGasCost, uint256 actualGasUsed)
    {
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter == address(entryPoint) && logs[i].topics[0] == IEntryPoint.UserOperationEvent.selector)
            {
                (, success, actualGasCost, actualGasUsed) = abi.decode(logs[i].data, (uint256, bool, uint256, uint256));
                return (success, actualGasCost, actualGasUsed);
            }
        }
        revert("no UserOperationEvent");
    }

    function _gasSponsoredCost(Vm.Log[] memory logs) internal view returns (uint256 actualGasCost) {
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter == address(paymaster) && logs[i].topics[0] == IFundPaymaster.GasSponsored.selector) {
                (actualGasCost,) = abi.decode(logs[i].data, (uint256, uint256));
                return actualGasCost;
            }
        }
        revert("no GasSponsored");
    }
}
