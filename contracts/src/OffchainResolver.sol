// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {ERC165} from "@openzeppelin/contracts/utils/introspection/ERC165.sol";

/// @title IExtendedResolver
/// @notice ENSIP-10 wildcard resolution: one entry point that answers any resolver call for a DNS-encoded name.
interface IExtendedResolver {
    /// @notice Answers `data` (an ENS resolver call such as `addr(bytes32)`) for the DNS-encoded `name`.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory);
}

/// @notice EIP-3668 (CCIP-Read): the caller fetches `callData` from one of `urls` and calls
/// `sender.callbackFunction(response, extraData)` with the answer.
/// @param sender The contract to call back (this resolver).
/// @param urls The gateway URL templates to try, in order.
/// @param callData The request to send to the gateway: the `resolve(name, data)` call.
/// @param callbackFunction The selector of the function to call with the answer (`resolveWithProof`).
/// @param extraData Data to pass back to the callback unchanged (the same `resolve` call).
error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);

/// @title OffchainResolver
/// @notice An ENS resolver for Fundament's names: every query is answered by the Fundament API's CCIP-Read gateway
/// (EIP-3668) and the gateway's answer is accepted only when one of the owner's signers signed it and it has not
/// expired.
/// @dev The flow (ENSIP-10 + EIP-3668):
/// 1. A client calls `resolve(name, data)`; it reverts `OffchainLookup(this, urls, callData, resolveWithProof,
///    callData)` where `callData = abi.encodeCall(IExtendedResolver.resolve, (name, data))`.
/// 2. The client sends `callData` to a gateway URL (`{sender}` and `{data}` replaced, else a POST).
/// 3. The gateway answers `abi.encode(bytes result, uint64 expires, bytes signature)`, signing
///    `signatureHash(expires, callData, result)`.
/// 4. The client calls `resolveWithProof(answer, callData)`, which returns `result` once the signature and expiry
///    check out. `result` is the ABI-encoded return value of `data` (e.g. an `address` for `addr(bytes32)`).
contract OffchainResolver is IExtendedResolver, ERC165, Ownable {
    /// @notice The gateway URL templates (e.g. `https://api.example.com/ccip/{sender}/{data}.json`).
    string[] private _urls;

    /// @notice The addresses whose signature the resolver accepts on a gateway answer.
    mapping(address signer => bool allowed) private _signers;

    /// @notice The gateway URLs were replaced: by the constructor and by the owner (`setUrls`). Clients resolving a
    /// name are sent to these from now on.
    /// @param urls The new gateway URL templates, tried in order by clients (at least one, none empty).
    event UrlsSet(string[] urls);

    /// @notice `signer` may now sign gateway answers: added by the constructor or by the owner (`addSigner`).
    /// @param signer The signing address now accepted.
    event SignerAdded(address indexed signer);

    /// @notice `signer` may no longer sign gateway answers (`removeSigner`, by the owner): its answers are refused from
    /// now on, also those signed before and not yet expired.
    /// @param signer The signing address no longer accepted.
    event SignerRemoved(address indexed signer);

    /// @notice The gateway answer expired at `expires` (unix seconds), before the current block.
    /// @param expires When the answer expired (unix time, seconds).
    error ResponseExpired(uint64 expires);

    /// @notice The gateway answer is not signed by an allowed signer (`recovered` is who signed it, or zero for a
    /// malformed signature).
    /// @param recovered The address recovered from the signature (zero for a malformed signature).
    error InvalidSignature(address recovered);

    /// @notice A signer cannot be the zero address.
    error ZeroSigner();

    /// @notice `signer` is already allowed.
    /// @param signer The address already allowed.
    error SignerAlreadyAdded(address signer);

    /// @notice `signer` is not an allowed signer.
    /// @param signer The address that is not an allowed signer.
    error SignerNotFound(address signer);

    /// @notice The resolver needs at least one gateway URL, and none may be empty.
    error InvalidUrls();

    /// @param urls_ The gateway URL templates, tried in order by clients.
    /// @param signers_ The gateway's signing addresses.
    /// @param initialOwner Who manages the URLs and signers.
    constructor(string[] memory urls_, address[] memory signers_, address initialOwner) Ownable(initialOwner) {
        _setUrls(urls_);
        for (uint256 i = 0; i < signers_.length; ++i) {
            _addSigner(signers_[i]);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Resolution
    // ---------------------------------------------------------------------------------------

    /// @inheritdoc IExtendedResolver
    /// @dev Always reverts `OffchainLookup`: the answer comes from the gateway, through `resolveWithProof`.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory callData = abi.encodeCall(IExtendedResolver.resolve, (name, data));
        revert OffchainLookup(address(this), _urls, callData, this.resolveWithProof.selector, callData);
    }

    /// @notice The CCIP-Read callback: returns the gateway's `result` once its signature and expiry are checked.
    /// @param response The gateway answer: `abi.encode(bytes result, uint64 expires, bytes signature)`.
    /// @param extraData The `callData` the resolver asked the gateway about (the `resolve` call).
    /// @return result The ABI-encoded answer to the original resolver call.
    function resolveWithProof(bytes calldata response, bytes calldata extraData)
        external
        view
        returns (bytes memory result)
    {
        uint64 expires;
        bytes memory signature;
        (result, expires, signature) = abi.decode(response, (bytes, uint64, bytes));
        if (expires < block.timestamp) revert ResponseExpired(expires);
        (address recovered, ECDSA.RecoverError recoverError,) =
            ECDSA.tryRecover(signatureHash(expires, extraData, result), signature);
        if (recoverError != ECDSA.RecoverError.NoError || !_signers[recovered]) revert InvalidSignature(recovered);
    }

    /// @notice The digest a gateway signs (raw, without the EIP-191 message prefix) for an answer to `request`:
    /// `keccak256(0x1900 ‖ this ‖ expires ‖ keccak256(request) ‖ keccak256(result))`.
    /// @param expires When the answer expires (unix seconds).
    /// @param request The `resolve` call the gateway answered (the lookup's `callData`).
    /// @param result The answer.
    function signatureHash(uint64 expires, bytes memory request, bytes memory result) public view returns (bytes32) {
        return keccak256(abi.encodePacked(hex"1900", address(this), expires, keccak256(request), keccak256(result)));
    }

    /// @inheritdoc ERC165
    function supportsInterface(bytes4 interfaceId) public view virtual override returns (bool) {
        return interfaceId == type(IExtendedResolver).interfaceId || super.supportsInterface(interfaceId);
    }

    // ---------------------------------------------------------------------------------------
    // Configuration (owner)
    // ---------------------------------------------------------------------------------------

    /// @notice The gateway URL templates clients are sent to.
    function urls() external view returns (string[] memory) {
        return _urls;
    }

    /// @notice Whether `account` may sign gateway answers.
    function isSigner(address account) external view returns (bool) {
        return _signers[account];
    }

    /// @notice Replaces the gateway URLs.
    /// @param urls_ At least one non-empty URL template.
    function setUrls(string[] calldata urls_) external onlyOwner {
        _setUrls(urls_);
    }

    /// @notice Allows `signer` to sign gateway answers.
    function addSigner(address signer) external onlyOwner {
        _addSigner(signer);
    }

    /// @notice Stops accepting answers signed by `signer`.
    function removeSigner(address signer) external onlyOwner {
        if (!_signers[signer]) revert SignerNotFound(signer);
        _signers[signer] = false;
        emit SignerRemoved(signer);
    }

    function _setUrls(string[] memory urls_) private {
        if (urls_.length == 0) revert InvalidUrls();
        for (uint256 i = 0; i < urls_.length; ++i) {
            if (bytes(urls_[i]).length == 0) revert InvalidUrls();
        }
        _urls = urls_;
        emit UrlsSet(urls_);
    }

    function _addSigner(address signer) private {
        if (signer == address(0)) revert ZeroSigner();
        if (_signers[signer]) revert SignerAlreadyAdded(signer);
        _signers[signer] = true;
        emit SignerAdded(signer);
    }
}
