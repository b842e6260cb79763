// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

import {FundFixture} from "./FundFixture.sol";
import {IInvestmentFund} from "../src/interfaces/IInvestmentFund.sol";
import {InvestmentFund} from "../src/InvestmentFund.sol";

/// @notice `investWithPermit`: one transaction with an EIP-2612 signature instead of approve + invest, safe against
/// a front-run permit, and crediting exactly what `invest` credits.
contract InvestWithPermitTest is FundFixture {
    bytes32 internal constant PERMIT_TYPEHASH =
        keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)");

    uint256 internal investorKey = uint256(keccak256("permit investor"));
    address internal investor;
    uint256 internal otherKey = uint256(keccak256("someone else"));

    struct Sig {
        uint8 v;
        bytes32 r;
        bytes32 s;
    }

    function setUp() public override {
        super.setUp();
        investor = vm.addr(investorKey);
        _whitelist(investor);
        token.mint(investor, 10_000 * USDC);
    }

    /// @dev Signs a permit of `owner` for the fund over `value` with the current nonce, by `key`.
    function _sign(uint256 key, address owner, uint256 value, uint256 deadline) internal view returns (Sig memory sig) {
        bytes32 structHash =
            keccak256(abi.encode(PERMIT_TYPEHASH, owner, address(fund), value, token.nonces(owner), deadline));
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash));
        (sig.v, sig.r, sig.s) = vm.sign(key, digest);
    }

    function _investWithPermit(address caller, uint256 amount, uint256 deadline, Sig memory sig) internal {
        vm.prank(caller);
        fund.investWithPermit(FUTURES, amount, deadline, sig.v, sig.r, sig.s);
    }

    function test_investWithPermit_investsInOneTransactionWithoutApprove() public {
        assertEq(token.allowance(investor, address(fund)), 0);
        uint256 deadline = block.timestamp + 1 hours;
        Sig memory sig = _sign(investorKey, investor, 1_000 * USDC, deadline);

        vm.expectEmit(true, true, true, true, address(fund));
        emit IInvestmentFund.Invested(investor, FUTURES, 1, 1_000 * USDC, 1_000 * USDC);
        _investWithPermit(investor, 1_000 * USDC, deadline, sig);

        assertEq(token.balanceOf(address(fund)), 1_000 * USDC);
        assertEq(token.balanceOf(investor), 9_000 * USDC);
        assertEq(token.allowance(investor, address(fund)), 0, "the permit's allowance is used up exactly");
        assertEq(token.nonces(investor), 1, "the permit was consumed");
        assertEq(_invested(investor), 1_000 * USDC);
        assertEq(_position(investor, FUTURES).shares, 1_000 * USDC);
    }

    /// @notice The books after `investWithPermit` are those after approve + `invest` of the same amounts.
    function test_investWithPermit_creditsExactlyAsInvest() public {
        uint256 deadline = block.timestamp + 1 hours;
        _investWithPermit(investor, 700 * USDC, deadline, _sign(investorKey, investor, 700 * USDC, deadline));
        _invest(alice, 700 * USDC);
        _nextBlock();
        _investWithPermit(investor, 300 * USDC, deadline, _sign(investorKey, investor, 300 * USDC, deadline));
        _invest(alice, 300 * USDC);
        _nextBlock();

        IInvestmentFund.PositionInfo memory viaPermit = _position(investor, FUTURES);
        IInvestmentFund.PositionInfo memory viaApprove = _position(alice, FUTURES);
        assertEq(viaPermit.shares, viaApprove.shares);
        assertEq(viaPermit.principal, viaApprove.principal);
        assertEq(viaPermit.poolId, viaApprove.poolId);
        assertEq(viaPermit.value, viaApprove.value);
        assertEq(_invested(investor), _invested(alice));
        assertEq(fund.getPastVotes(investor, block.number - 1), fund.getPastVotes(alice, block.number - 1));
        assertEq(_pool(1).totalFunds, 2_000 * USDC);
        assertEq(_pool(1).totalShares, 2_000 * USDC);
        assertEq(fund.totalOwed(), token.balanceOf(address(fund)), "solvency: owed equals held");
    }

    function test_RevertIf_permitExpiredWithoutAllowance() public {
        uint256 deadline = block.timestamp + 1 hours;
        Sig memory sig = _sign(investorKey, investor, 1_000 * USDC, deadline);
        vm.warp(deadline + 1);
        vm.expectRevert(_sel(IInvestmentFund.PermitFailed.selector));
        _investWithPermit(investor, 1_000 * USDC, deadline, sig);
        assertEq(token.balanceOf(address(fund)), 0);
    }

    function test_RevertIf_permitSignedByAnotherKey() public {
        uint256 deadline = block.timestamp + 1 hours;
        Sig memory sig = _sign(otherKey, investor, 1_000 * USDC, deadline);
        vm.expectRevert(_sel(IInvestmentFund.PermitFailed.selector));
        _investWithPermit(investor, 1_000 * USDC, deadline, sig);
    }

    /// @notice A signature is bound to its owner: someone else submitting the investor's permit as their own
    /// investment gets nothing (the permit is for the investor, the caller has no allowance).
    function test_RevertIf_permitOfAnotherAccountIsSubmittedByCaller() public {
        _whitelist(bob);
        token.mint(bob, 1_000 * USDC);
        uint256 deadline = block.timestamp + 1 hours;
        Sig memory sig = _sign(investorKey, investor, 1_000 * USDC, deadline);
        vm.expectRevert(_sel(IInvestmentFund.PermitFailed.selector));
        _investWithPermit(bob, 1_000 * USDC, deadline, sig);
        assertEq(token.balanceOf(investor), 10_000 * USDC);
    }

    /// @notice A permit is consumed once: replaying it after the first investment finds no allowance left.
    function test_RevertIf_permitReplayed() public {
        uint256 deadline = block.timestamp + 1 hours;
        Sig memory sig = _sign(investorKey, investor, 1_000 * USDC, deadline);
        _investWithPermit(investor, 1_000 * USDC, deadline, sig);
        _nextBlock();
        vm.expectRevert(_sel(IInvestmentFund.PermitFailed.selector));
        _investWithPermit(investor, 1_000 * USDC, deadline, sig);
        assertEq(_invested(investor), 1_000 * USDC);
    }

    /// @notice Someone who saw the signature in the mempool submits `token.permit` first: the permit's nonce is
    /// used, so the fund's own `permit` call fails, but the allowance is in place and the investment goes through.
    function test_investWithPermit_succeedsWhenPermitWasFrontRun() public {
        uint256 deadline = block.timestamp + 1 hours;
        Sig memory sig = _sign(investorKey, investor, 1_000 * USDC, deadline);
        vm.prank(stranger);
        token.permit(investor, address(fund), 1_000 * USDC, deadline, sig.v, sig.r, sig.s);
        assertEq(token.allowance(investor, address(fund)), 1_000 * USDC);

        _investWithPermit(investor, 1_000 * USDC, deadline, sig);
        assertEq(_invested(investor), 1_000 * USDC);
        assertEq(token.balanceOf(address(fund)), 1_000 * USDC);
        assertEq(token.allowance(investor, address(fund)), 0);
    }

    /// @notice The permit failed and the allowance there is (from an earlier, smaller approval) does not cover the
    /// amount: the custom error, and nothing moves.
    function test_RevertIf_permitFailedAndAllowanceInsufficient() public {
        vm.prank(investor);
        token.approve(address(fund), 999 * USDC);
        uint256 deadline = block.timestamp + 1 hours;
        Sig memory sig = _sign(otherKey, investor, 1_000 * USDC, deadline);
        vm.expectRevert(_sel(IInvestmentFund.PermitFailed.selector));
        _investWithPermit(investor, 1_000 * USDC, deadline, sig);
        assertEq(token.allowance(investor, address(fund)), 999 * USDC);
        assertEq(token.balanceOf(address(fund)), 0);
    }

    /// @notice The rules of `invest` still apply after a valid permit, and the whole call reverts (the permit too).
    function test_RevertIf_notWhitelistedEvenWithValidPermit() public {
        uint256 strangerKey = uint256(keccak256("stranger key"));
        address unlisted = vm.addr(strangerKey);
        token.mint(unlisted, 1_000 * USDC);
        uint256 deadline = block.timestamp + 1 hours;
        Sig memory sig = _sign(strangerKey, unlisted, 1_000 * USDC, deadline);
        vm.expectRevert(_errAddr(IInvestmentFund.NotWhitelisted.selector, unlisted));
        _investWithPermit(unlisted, 1_000 * USDC, deadline, sig);
        assertEq(token.nonces(unlisted), 0, "the permit was rolled back with the call");
        assertEq(token.allowance(unlisted, address(fund)), 0);
    }

    function test_RevertIf_belowMinimumWithPermit() public {
        uint256 deadline = block.timestamp + 1 hours;
        Sig memory sig = _sign(investorKey, investor, MINIMUM - 1, deadline);
        vm.expectRevert(abi.encodeWithSelector(IInvestmentFund.BelowMinimumInvestment.selector, MINIMUM - 1, MINIMUM));
        _investWithPermit(investor, MINIMUM - 1, deadline, sig);
    }

    /// @notice A token without EIP-2612 (no `permit`) falls back to the allowance like a failed permit.
    function test_investWithPermit_tokenWithoutPermitUsesAllowance() public {
        NoPermitToken plain = new NoPermitToken();
        vm.prank(admin);
        InvestmentFund plainFund = new InvestmentFund(plain, fundWallet, MINIMUM, LOCKUP);
        vm.prank(admin);
        plainFund.whitelistInvestor(investor);
        plain.mint(investor, 1_000 * USDC);

        vm.prank(investor);
        vm.expectRevert(_sel(IInvestmentFund.PermitFailed.selector));
        plainFund.investWithPermit(FUTURES, 1_000 * USDC, block.timestamp, 0, bytes32(0), bytes32(0));

        vm.prank(investor);
        plain.approve(address(plainFund), 1_000 * USDC);
        vm.prank(investor);
        plainFund.investWithPermit(FUTURES, 1_000 * USDC, block.timestamp, 0, bytes32(0), bytes32(0));
        assertEq(plain.balanceOf(address(plainFund)), 1_000 * USDC);
    }
}

/// @dev An ERC-20 without `permit`.
contract NoPermitToken is ERC20 {
    constructor() ERC20("Plain", "PLN") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
