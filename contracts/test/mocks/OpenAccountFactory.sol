// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Erc1271TestAccount} from "./Erc1271TestAccount.sol";

/// @title OpenAccountFactory
/// @notice Deploys an owner's Erc1271TestAccount at a CREATE2 address known in advance, for anyone who calls it, as
/// Coinbase Smart Wallet's and Safe's factories do: the deployment an ERC-6492 signature carries can then be run by a
/// verifier before the account exists.
/// @dev Test-only (the API's sign-in tests).
contract OpenAccountFactory {
    /// @notice Emitted when an account is deployed.
    event AccountCreated(address indexed account, address indexed owner, uint256 salt);

    /// @notice Deploys `owner`'s account for `salt` (or returns it when it exists already).
    function createAccount(address owner, uint256 salt) external returns (Erc1271TestAccount account) {
        address predicted = getAddress(owner, salt);
        if (predicted.code.length > 0) return Erc1271TestAccount(predicted);
        account = new Erc1271TestAccount{salt: bytes32(salt)}(owner);
        emit AccountCreated(address(account), owner, salt);
    }

    /// @notice The address `createAccount(owner, salt)` deploys to.
    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(Erc1271TestAccount).creationCode, abi.encode(owner)));
        return
            address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(salt), codeHash)))));
    }
}
