// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {MockPriceFeed} from "../src/mocks/MockPriceFeed.sol";
import {Test} from "./utils/Test.sol";

/// @notice MockPriceFeed: Chainlink's AggregatorV3Interface reads, new rounds per answer, back-dated and unanswered
/// rounds, and owner-only updates.
contract MockPriceFeedTest is Test {
    MockPriceFeed internal feed;
    address internal stranger = makeAddr("stranger");

    function setUp() public {
        vm.warp(1_800_000_000);
        feed = new MockPriceFeed(8, "ETH / USD", 2_500e8);
    }

    function test_describesItself() public view {
        assertEq(uint256(feed.decimals()), 8);
        assertEq(feed.description(), "ETH / USD");
        assertEq(feed.version(), 4);
        assertEq(feed.owner(), address(this));
    }

    function test_latestRoundData_isTheInitialAnswer() public view {
        (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound) =
            feed.latestRoundData();
        assertEq(uint256(roundId), 1);
        assertEq(answer, 2_500e8);
        assertEq(startedAt, 1_800_000_000);
        assertEq(updatedAt, 1_800_000_000);
        assertEq(uint256(answeredInRound), 1);
    }

    function test_setAnswer_opensAnAnsweredRound() public {
        vm.warp(1_800_000_060);
        vm.expectEmit();
        emit MockPriceFeed.AnswerUpdated(-1, 2, 1_800_000_060);
        feed.setAnswer(-1);
        (uint80 roundId, int256 answer,, uint256 updatedAt, uint80 answeredInRound) = feed.latestRoundData();
        assertEq(uint256(roundId), 2);
        assertEq(answer, -1);
        assertEq(updatedAt, 1_800_000_060);
        assertEq(uint256(answeredInRound), 2);
        // The earlier round stays readable.
        (, int256 first,, uint256 firstUpdatedAt,) = feed.getRoundData(1);
        assertEq(first, 2_500e8);
        assertEq(firstUpdatedAt, 1_800_000_000);
    }

    function test_setUpdatedAt_backDatesTheLatestRound() public {
        feed.setUpdatedAt(1_799_990_000);
        (,,, uint256 updatedAt,) = feed.latestRoundData();
        assertEq(updatedAt, 1_799_990_000);
    }

    function test_setUpdatedAt_refusesTheFuture() public {
        vm.expectRevert(abi.encodeWithSelector(MockPriceFeed.UpdatedAtInFuture.selector, 1_800_000_001, 1_800_000_000));
        feed.setUpdatedAt(1_800_000_001);
    }

    function test_startRound_isNotAnswered() public {
        vm.warp(1_800_000_100);
        feed.startRound();
        (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound) =
            feed.latestRoundData();
        assertEq(uint256(roundId), 2);
        assertEq(answer, 2_500e8);
        assertEq(startedAt, 1_800_000_100);
        assertEq(updatedAt, 1_800_000_000);
        assertEq(uint256(answeredInRound), 1);
        assertLt(uint256(answeredInRound), uint256(roundId));
    }

    function test_getRoundData_refusesUnknownRounds() public {
        vm.expectRevert(abi.encodeWithSelector(MockPriceFeed.RoundNotFound.selector, uint80(0)));
        feed.getRoundData(0);
        vm.expectRevert(abi.encodeWithSelector(MockPriceFeed.RoundNotFound.selector, uint80(2)));
        feed.getRoundData(2);
    }

    function test_onlyTheOwnerChangesTheFeed() public {
        bytes memory notOwner = abi.encodeWithSelector(MockPriceFeed.NotOwner.selector, stranger);
        vm.prank(stranger);
        vm.expectRevert(notOwner);
        feed.setAnswer(1);
        vm.prank(stranger);
        vm.expectRevert(notOwner);
        feed.setUpdatedAt(0);
        vm.prank(stranger);
        vm.expectRevert(notOwner);
        feed.startRound();
    }

    function testFuzz_setAnswer_reportsAnyAnswer(int256 answer) public {
        feed.setAnswer(answer);
        (, int256 latest,,,) = feed.latestRoundData();
        assertEq(latest, answer);
    }
}
