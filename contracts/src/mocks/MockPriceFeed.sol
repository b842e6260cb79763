// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title AggregatorV3Interface
/// @notice The read side of a Chainlink price feed, as consumers (the API's pricer) call it.
interface AggregatorV3Interface {
    /// @notice The number of decimals of `answer`.
    function decimals() external view returns (uint8);

    /// @notice What the feed prices, e.g. "ETH / USD".
    function description() external view returns (string memory);

    /// @notice The aggregator's version.
    function version() external view returns (uint256);

    /// @notice The data of round `roundId`.
    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);

    /// @notice The data of the latest round.
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound);
}

/// @title MockPriceFeed
/// @notice A Chainlink-style price feed whose answer its owner sets, for the local chain and tests only.
/// @dev Every `setAnswer` opens and answers a new round; `startRound` opens one that is not answered (it carries the
/// previous answer, as a timed-out Chainlink round does); `setUpdatedAt` back-dates the latest round. Never deploy it
/// on a real network.
contract MockPriceFeed is AggregatorV3Interface {
    /// @notice One round's data.
    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
        uint80 answeredInRound;
    }

    /// @notice The version the mock reports (Chainlink's current aggregators report 4).
    uint256 public constant VERSION = 4;

    /// @notice The account allowed to change the answer (the deployer).
    address public immutable owner;

    uint8 private immutable _decimals;
    string private _description;
    uint80 private _latestRound;
    mapping(uint80 roundId => Round) private _rounds;

    /// @notice Chainlink's event for a new answer: emitted by the constructor (round 1) and by `setAnswer`, right after
    /// the round's `NewRound`.
    /// @param current The new answer, with `decimals()` decimals (zero and negative answers are allowed here).
    /// @param roundId The round it answers.
    /// @param updatedAt When it was answered (unix time, seconds): the block's time.
    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    /// @notice Chainlink's event for a new round: emitted by the constructor and `setAnswer` (an answered round) and by
    /// `startRound` (a round that carries the previous answer).
    /// @param roundId The new round's id (from 1).
    /// @param startedBy The account that opened it (the owner).
    /// @param startedAt When it was opened (unix time, seconds): the block's time.
    event NewRound(uint256 indexed roundId, address indexed startedBy, uint256 startedAt);

    /// @notice Raised when someone other than the owner changes the feed.
    /// @param caller The caller.
    error NotOwner(address caller);

    /// @notice Raised by `getRoundData` for a round that does not exist.
    /// @param roundId The round asked for.
    error RoundNotFound(uint80 roundId);

    /// @notice Raised when an update time lies in the future.
    /// @param updatedAt The update time given (unix time, seconds).
    /// @param nowTimestamp The current block's time (unix time, seconds).
    error UpdatedAtInFuture(uint256 updatedAt, uint256 nowTimestamp);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    /// @param decimals_ the decimals of the answer (Chainlink's USD feeds use 8)
    /// @param description_ what the feed prices, e.g. "ETH / USD"
    /// @param initialAnswer the answer of round 1, updated now
    constructor(uint8 decimals_, string memory description_, int256 initialAnswer) {
        owner = msg.sender;
        _decimals = decimals_;
        _description = description_;
        _answer(initialAnswer);
    }

    /// @inheritdoc AggregatorV3Interface
    function decimals() external view returns (uint8) {
        return _decimals;
    }

    /// @inheritdoc AggregatorV3Interface
    function description() external view returns (string memory) {
        return _description;
    }

    /// @inheritdoc AggregatorV3Interface
    function version() external pure returns (uint256) {
        return VERSION;
    }

    /// @inheritdoc AggregatorV3Interface
    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        if (roundId == 0 || roundId > _latestRound) revert RoundNotFound(roundId);
        return _round(roundId);
    }

    /// @inheritdoc AggregatorV3Interface
    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return _round(_latestRound);
    }

    /// @notice Opens a new round answered with `answer` now (zero and negative answers are allowed, for tests).
    function setAnswer(int256 answer) external onlyOwner {
        _answer(answer);
    }

    /// @notice Sets the latest round's update time, e.g. to make the feed stale.
    /// @param updatedAt a time no later than the current block's
    function setUpdatedAt(uint256 updatedAt) external onlyOwner {
        if (updatedAt > block.timestamp) revert UpdatedAtInFuture(updatedAt, block.timestamp);
        _rounds[_latestRound].updatedAt = updatedAt;
    }

    /// @notice Opens a new round that is not answered: it reports the previous answer and update time, and the
    /// previous round as `answeredInRound`.
    function startRound() external onlyOwner {
        Round memory previous = _rounds[_latestRound];
        uint80 roundId = ++_latestRound;
        _rounds[roundId] = Round({
            answer: previous.answer,
            startedAt: block.timestamp,
            updatedAt: previous.updatedAt,
            answeredInRound: previous.answeredInRound
        });
        emit NewRound(roundId, msg.sender, block.timestamp);
    }

    function _answer(int256 answer) private {
        uint80 roundId = ++_latestRound;
        _rounds[roundId] =
            Round({answer: answer, startedAt: block.timestamp, updatedAt: block.timestamp, answeredInRound: roundId});
        emit NewRound(roundId, msg.sender, block.timestamp);
        emit AnswerUpdated(answer, roundId, block.timestamp);
    }

    function _round(uint80 roundId) private view returns (uint80, int256, uint256, uint256, uint80) {
        Round memory round = _rounds[roundId];
        return (roundId, round.answer, round.startedAt, round.updatedAt, round.answeredInRound);
    }
}
