// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title MockIdRegistry
/// @notice A stand-in for Farcaster's IdRegistry (Optimism, `0x00000000Fc6c5F01Fc30151999387Bb99A9f489b`) on the local
/// chain: it answers the two reads Sign In With Farcaster verification makes (`idOf`, `custodyOf`) with the real
/// contract's signatures, and lets an account register itself as the custody address of a chosen fid.
/// @dev The local Farcaster relay puts this contract's runtime code at the real registry's address with `anvil_setCode`,
/// so it has no constructor, no owner and no immutables: everything lives in storage, which starts empty. Unlike the
/// real registry (fids handed out in order through the IdGateway, paid for with storage units) the caller picks its
/// fid, so a local stack gets the same fid on every start. Never deploy it on a real network.
contract MockIdRegistry {
    /// @notice The fid each custody address owns (0: none), as the real registry's `idOf`.
    mapping(address owner => uint256 fid) public idOf;

    /// @notice The custody address of each fid (the zero address: unregistered), as the real registry's `custodyOf`.
    mapping(uint256 fid => address owner) public custodyOf;

    /// @notice The real registry's event for a new fid (`recovery` is always the zero address here): emitted by
    /// `register` when the caller becomes the custody address of the fid it chose.
    /// @param to The custody address that now owns the fid (the caller).
    /// @param id The fid registered.
    /// @param recovery The fid's recovery address; always the zero address in this mock.
    event Register(address indexed to, uint256 indexed id, address recovery);

    /// @notice Raised when the caller already owns a fid (the real registry's error of the same name).
    error HasId();

    /// @notice Raised when the requested fid belongs to another custody address.
    /// @param fid The fid asked for.
    /// @param custody Its custody address.
    error FidTaken(uint256 fid, address custody);

    /// @notice Raised for fid 0, which the real registry never assigns (`idOf` answers 0 for "no fid").
    error InvalidFid();

    /// @notice Makes the caller the custody address of `fid`.
    /// @param fid the fid to own, greater than 0 and not yet registered
    function register(uint256 fid) external {
        if (fid == 0) revert InvalidFid();
        if (idOf[msg.sender] != 0) revert HasId();
        address custody = custodyOf[fid];
        if (custody != address(0)) revert FidTaken(fid, custody);
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        emit Register(msg.sender, fid, address(0));
    }
}
