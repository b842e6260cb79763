// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";

import {IExtendedResolver, OffchainLookup, OffchainResolver} from "../src/OffchainResolver.sol";
import {Test} from "./utils/Test.sol";

/// @notice OffchainResolver: the CCIP-Read lookup it asks for, the gateway answers it accepts (signed by an allowed
/// signer, not expired, for exactly this request and result) and the owner-only management of URLs and signers.
contract OffchainResolverTest is Test {
    string internal constant URL = "https://api.fundament.test/ccip/{sender}/{data}.json";
    uint64 internal constant TTL = 300;

    OffchainResolver internal resolver;
    address internal owner = makeAddr("owner");
    uint256 internal signerKey = uint256(keccak256("gateway signer"));
    address internal signer;
    uint256 internal strangerKey = uint256(keccak256("stranger"));

    /// @dev `alice.fundament`, DNS-encoded.
    bytes internal name = abi.encodePacked(uint8(5), "alice", uint8(9), "fundament", uint8(0));
    /// @dev `addr(namehash("alice.fundament"))`.
    bytes internal query;
    /// @dev What the resolver asks the gateway: `resolve(name, query)`.
    bytes internal request;
    /// @dev The gateway's answer to `addr(bytes32)`: an ABI-encoded address.
    bytes internal result = abi.encode(address(0xA11CE));

    event SignerAdded(address indexed signer);
    event SignerRemoved(address indexed signer);
    event UrlsSet(string[] urls);

    function setUp() public {
        signer = vm.addr(signerKey);
        address[] memory signers = new address[](1);
        signers[0] = signer;
        resolver = new OffchainResolver(_urls(URL), signers, owner);
        bytes32 node = _namehash();
        query = abi.encodeWithSignature("addr(bytes32)", node);
        request = abi.encodeCall(IExtendedResolver.resolve, (name, query));
        vm.warp(1_800_000_000);
    }

    // ---------------------------------------------------------------------------------------
    // Lookup
    // ---------------------------------------------------------------------------------------

    function test_Resolve_RevertsOffchainLookupToTheGateway() public {
        vm.expectRevert(
            abi.encodeWithSelector(
                OffchainLookup.selector,
                address(resolver),
                _urls(URL),
                request,
                OffchainResolver.resolveWithProof.selector,
                request
            )
        );
        resolver.resolve(name, query);
    }

    function test_SupportsInterface_ExtendedResolverAndErc165() public view {
        assertTrue(resolver.supportsInterface(0x9061b923), "IExtendedResolver");
        assertTrue(resolver.supportsInterface(type(IExtendedResolver).interfaceId), "type(IExtendedResolver)");
        assertTrue(resolver.supportsInterface(type(IERC165).interfaceId), "IERC165");
        assertFalse(resolver.supportsInterface(0x3b3b57de), "addr(bytes32) is answered through resolve only");
        assertFalse(resolver.supportsInterface(0xffffffff), "0xffffffff");
    }

    // ---------------------------------------------------------------------------------------
    // Gateway answers
    // ---------------------------------------------------------------------------------------

    function test_ResolveWithProof_ReturnsTheSignedResult() public view {
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory response = _answer(signerKey, expires, request, result);
        assertEq(resolver.resolveWithProof(response, request), result);
        assertEq(abi.decode(resolver.resolveWithProof(response, request), (address)), address(0xA11CE));
    }

    function test_ResolveWithProof_AcceptsAnAnswerUntilItsExpiry() public {
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory response = _answer(signerKey, expires, request, result);
        vm.warp(expires);
        assertEq(resolver.resolveWithProof(response, request), result);
    }

    function test_SignatureHash_IsTheGatewayFormat() public view {
        bytes32 expected =
            keccak256(abi.encodePacked(hex"1900", address(resolver), uint64(7), keccak256(request), keccak256(result)));
        assertEq(resolver.signatureHash(7, request, result), expected);
    }

    function test_RevertIf_SignedByAnotherKey() public {
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory response = _answer(strangerKey, expires, request, result);
        vm.expectRevert(abi.encodeWithSelector(OffchainResolver.InvalidSignature.selector, vm.addr(strangerKey)));
        resolver.resolveWithProof(response, request);
    }

    function test_RevertIf_Expired() public {
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory response = _answer(signerKey, expires, request, result);
        vm.warp(uint256(expires) + 1);
        vm.expectRevert(abi.encodeWithSelector(OffchainResolver.ResponseExpired.selector, expires));
        resolver.resolveWithProof(response, request);
    }

    function test_RevertIf_ResultTampered() public {
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory signature = _sign(signerKey, expires, request, result);
        bytes memory forged = abi.encode(abi.encode(address(0xBAD)), expires, signature);
        vm.expectPartialRevert(OffchainResolver.InvalidSignature.selector);
        resolver.resolveWithProof(forged, request);
    }

    function test_RevertIf_ExpiryExtended() public {
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory signature = _sign(signerKey, expires, request, result);
        bytes memory forged = abi.encode(result, expires + 1 days, signature);
        vm.expectPartialRevert(OffchainResolver.InvalidSignature.selector);
        resolver.resolveWithProof(forged, request);
    }

    function test_RevertIf_AnswerIsForAnotherRequest() public {
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory response = _answer(signerKey, expires, request, result);
        bytes memory otherName = abi.encodePacked(uint8(3), "bob", uint8(9), "fundament", uint8(0));
        bytes memory otherRequest = abi.encodeCall(IExtendedResolver.resolve, (otherName, query));
        vm.expectPartialRevert(OffchainResolver.InvalidSignature.selector);
        resolver.resolveWithProof(response, otherRequest);
    }

    function test_RevertIf_SignedForAnotherResolver() public {
        address[] memory signers = new address[](1);
        signers[0] = signer;
        OffchainResolver other = new OffchainResolver(_urls(URL), signers, owner);
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory response = _answer(signerKey, expires, request, result);
        vm.expectPartialRevert(OffchainResolver.InvalidSignature.selector);
        other.resolveWithProof(response, request);
    }

    function test_RevertIf_SignatureMalformed() public {
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory response = abi.encode(result, expires, hex"1234");
        vm.expectRevert(abi.encodeWithSelector(OffchainResolver.InvalidSignature.selector, address(0)));
        resolver.resolveWithProof(response, request);
    }

    function test_RevertIf_SignerRemoved() public {
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory response = _answer(signerKey, expires, request, result);
        vm.prank(owner);
        resolver.removeSigner(signer);
        vm.expectRevert(abi.encodeWithSelector(OffchainResolver.InvalidSignature.selector, signer));
        resolver.resolveWithProof(response, request);
    }

    function testFuzz_RevertIf_ResultTampered(bytes memory tampered) public {
        vm.assume(keccak256(tampered) != keccak256(result));
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        bytes memory signature = _sign(signerKey, expires, request, result);
        vm.expectPartialRevert(OffchainResolver.InvalidSignature.selector);
        resolver.resolveWithProof(abi.encode(tampered, expires, signature), request);
    }

    // ---------------------------------------------------------------------------------------
    // Signers and URLs (owner only)
    // ---------------------------------------------------------------------------------------

    function test_Constructor_SetsUrlsSignersAndOwner() public view {
        assertEq(resolver.owner(), owner);
        assertTrue(resolver.isSigner(signer), "signer");
        assertFalse(resolver.isSigner(vm.addr(strangerKey)), "stranger");
        string[] memory urls = resolver.urls();
        assertEq(urls.length, 1);
        assertEq(urls[0], URL);
    }

    function test_AddSigner_AcceptsTheNewSignersAnswers() public {
        address stranger = vm.addr(strangerKey);
        vm.expectEmit(true, true, true, true, address(resolver));
        emit SignerAdded(stranger);
        vm.prank(owner);
        resolver.addSigner(stranger);
        assertTrue(resolver.isSigner(stranger), "added");
        uint64 expires = uint64(vm.getBlockTimestamp()) + TTL;
        assertEq(resolver.resolveWithProof(_answer(strangerKey, expires, request, result), request), result);
    }

    function test_RemoveSigner_EmitsSignerRemoved() public {
        vm.expectEmit(true, true, true, true, address(resolver));
        emit SignerRemoved(signer);
        vm.prank(owner);
        resolver.removeSigner(signer);
        assertFalse(resolver.isSigner(signer), "removed");
    }

    function test_SetUrls_ReplacesTheGatewayUrls() public {
        string[] memory urls = _urls("https://other.test/ccip");
        vm.expectEmit(true, true, true, true, address(resolver));
        emit UrlsSet(urls);
        vm.prank(owner);
        resolver.setUrls(urls);
        assertEq(resolver.urls()[0], "https://other.test/ccip");
    }

    function test_RevertIf_NotOwnerAddsSigner() public {
        address stranger = vm.addr(strangerKey);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vm.prank(stranger);
        resolver.addSigner(stranger);
    }

    function test_RevertIf_NotOwnerRemovesSigner() public {
        address stranger = vm.addr(strangerKey);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vm.prank(stranger);
        resolver.removeSigner(signer);
    }

    function test_RevertIf_NotOwnerSetsUrls() public {
        address stranger = vm.addr(strangerKey);
        string[] memory urls = _urls("https://evil.test/{sender}/{data}.json");
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vm.prank(stranger);
        resolver.setUrls(urls);
    }

    function test_RevertIf_SignerIsZero() public {
        vm.expectRevert(OffchainResolver.ZeroSigner.selector);
        vm.prank(owner);
        resolver.addSigner(address(0));
    }

    function test_RevertIf_SignerAddedTwice() public {
        vm.expectRevert(abi.encodeWithSelector(OffchainResolver.SignerAlreadyAdded.selector, signer));
        vm.prank(owner);
        resolver.addSigner(signer);
    }

    function test_RevertIf_RemovingAnUnknownSigner() public {
        address stranger = vm.addr(strangerKey);
        vm.expectRevert(abi.encodeWithSelector(OffchainResolver.SignerNotFound.selector, stranger));
        vm.prank(owner);
        resolver.removeSigner(stranger);
    }

    function test_RevertIf_UrlsEmpty() public {
        string[] memory none = new string[](0);
        vm.expectRevert(OffchainResolver.InvalidUrls.selector);
        vm.prank(owner);
        resolver.setUrls(none);
        vm.expectRevert(OffchainResolver.InvalidUrls.selector);
        vm.prank(owner);
        resolver.setUrls(_urls(""));
    }

    // ---------------------------------------------------------------------------------------
    // Helpers
    // ---------------------------------------------------------------------------------------

    function _urls(string memory url) internal pure returns (string[] memory urls) {
        urls = new string[](1);
        urls[0] = url;
    }

    /// @dev namehash("alice.fundament").
    function _namehash() internal pure returns (bytes32 node) {
        node = keccak256(abi.encodePacked(node, keccak256("fundament")));
        node = keccak256(abi.encodePacked(node, keccak256("alice")));
    }

    function _sign(uint256 key, uint64 expires, bytes memory request_, bytes memory result_)
        internal
        view
        returns (bytes memory)
    {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, resolver.signatureHash(expires, request_, result_));
        return abi.encodePacked(r, s, v);
    }

    function _answer(uint256 key, uint64 expires, bytes memory request_, bytes memory result_)
        internal
        view
        returns (bytes memory)
    {
        return abi.encode(result_, expires, _sign(key, expires, request_, result_));
    }
}
