// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title Erc1271TestAccount
/// @notice A minimal smart account that answers ERC-1271 `isValidSignature` with its owner's ECDSA signature of the
/// hash, as Coinbase Smart Wallet's or Safe's accounts answer for their owners.
/// @dev Test-only (the API's sign-in tests). It holds no funds and executes nothing.
contract Erc1271TestAccount is IERC1271 {
    /// @notice The key that signs for this account.
    address public immutable owner;

    /// @param owner_ The key that signs for this account.
    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice ERC-1271: the magic value when `signature` is the owner's signature of `hash`, else `0xffffffff`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error,) = ECDSA.tryRecover(hash, signature);
        return error == ECDSA.RecoverError.NoError && signer == owner
            ? IERC1271.isValidSignature.selector
            : bytes4(0xffffffff);
    }
}
