// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MockIdRegistry} from "../src/mocks/MockIdRegistry.sol";
import {Test} from "./utils/Test.sol";

/// @notice MockIdRegistry: the real registry's `idOf` / `custodyOf` reads, self-registration of a chosen fid, one fid
/// per custody address and one custody address per fid.
contract MockIdRegistryTest is Test {
    MockIdRegistry internal registry;
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");

    function setUp() public {
        registry = new MockIdRegistry();
    }

    function test_unregistered_readsAsZero() public view {
        assertEq(registry.idOf(alice), 0);
        assertEq(registry.custodyOf(1), address(0));
    }

    function test_register_makesTheCallerTheCustodyAddress() public {
        vm.expectEmit();
        emit MockIdRegistry.Register(alice, 7, address(0));
        vm.prank(alice);
        registry.register(7);
        assertEq(registry.idOf(alice), 7);
        assertEq(registry.custodyOf(7), alice);
        assertEq(registry.idOf(bob), 0);
    }

    function test_register_refusesFidZero() public {
        vm.prank(alice);
        vm.expectRevert(MockIdRegistry.InvalidFid.selector);
        registry.register(0);
    }

    function test_register_refusesASecondFid() public {
        vm.prank(alice);
        registry.register(7);
        vm.prank(alice);
        vm.expectRevert(MockIdRegistry.HasId.selector);
        registry.register(8);
        assertEq(registry.custodyOf(8), address(0));
    }

    function test_register_refusesATakenFid() public {
        vm.prank(alice);
        registry.register(7);
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(MockIdRegistry.FidTaken.selector, uint256(7), alice));
        registry.register(7);
        assertEq(registry.idOf(bob), 0);
    }

    function testFuzz_register_anyFid(uint256 fid) public {
        fid = bound(fid, 1, type(uint256).max);
        vm.prank(alice);
        registry.register(fid);
        assertEq(registry.idOf(alice), fid);
        assertEq(registry.custodyOf(fid), alice);
    }
}
