// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";

import {IInvestmentFund} from "./interfaces/IInvestmentFund.sol";

/// @title InvestmentFund
/// @notice An on-chain investment fund. Whitelisted investors deposit the investment token into the open
/// pool; an admin locks the pool, which sends its funds to the pool's trading wallets by allocation; at the
/// end of the lockup the funds are collected back and the pool is settled: profit (only when more came back
/// than went out) is split between the fund wallet (`FUND_PROFIT_PERCENTAGE`) and the pool's investors
/// (`POOL_PROFIT_PERCENTAGE`), a loss is shared pro rata, and the next pool opens.
///
/// Principal does not roll over. After settlement each investor withdraws their share of the settled pool
/// exactly once (`withdraw`) and may then invest into the open pool again; investing while holding an
/// unwithdrawn settled position reverts with `UnwithdrawnPosition`, so nobody's money moves without them.
///
/// Accounting rules that keep the fund solvent:
/// - Every amount credited (on `invest` and on `collectFundsFromTradingWallet`) is the balance change the
///   contract actually saw, so a fee-on-transfer token can never inflate an account.
/// - `endLockupPeriod(totalReturned)` must report exactly what was collected for the pool.
/// - Payouts round down, so the sum of payouts never exceeds what the pool's investors are owed.
/// - No function loops over investors; loops over trading wallets are bounded by `MAX_TRADING_WALLETS`.
///
/// Governance: voting power is the invested principal of the current position. A vote is weighted by the
/// voter's power at the end of the block before the proposal was created, so power gained afterwards (a
/// flash deposit, an invest-vote-withdraw loop) does not count.
/// @dev Functions that move tokens are `nonReentrant`. `invest` and `collectFundsFromTradingWallet` pull
/// tokens before updating state because they credit the observed balance delta; the reentrancy guard makes
/// that safe.
contract InvestmentFund is IInvestmentFund, AccessControlEnumerable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;
    using Checkpoints for Checkpoints.Trace208;

    // ----------------------------------------------------------------------------------------------
    // Constants
    // ----------------------------------------------------------------------------------------------

    /// @notice Role of the fund's administrators (trading wallets, whitelist, admins, lockups, emergency).
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @notice Role of the trading desk: may collect funds back from the trading wallets and settle a pool.
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");

    /// @notice Denominator of every percentage and allocation (100% = 10,000).
    uint256 public constant BASIS_POINTS = 10_000;
    /// @notice Share of a pool's profit paid to the fund wallet, in basis points.
    uint256 public constant FUND_PROFIT_PERCENTAGE = 2_000;
    /// @notice Share of a pool's profit kept by the pool's investors, in basis points.
    uint256 public constant POOL_PROFIT_PERCENTAGE = BASIS_POINTS - FUND_PROFIT_PERCENTAGE;

    /// @notice Most trading wallets a pool can have; bounds every loop over them.
    uint256 public constant MAX_TRADING_WALLETS = 10;
    /// @notice Longest trading-wallet type name, in bytes.
    uint256 public constant MAX_WALLET_TYPE_LENGTH = 64;
    /// @notice Longest proposal description, in bytes.
    uint256 public constant MAX_DESCRIPTION_LENGTH = 2_000;
    /// @notice Shortest and longest voting period of a proposal.
    uint256 public constant MIN_VOTING_PERIOD = 1 hours;
    uint256 public constant MAX_VOTING_PERIOD = 90 days;
    /// @notice Shortest and longest lockup period of a pool.
    uint256 public constant MIN_LOCKUP_PERIOD = 1 hours;
    uint256 public constant MAX_LOCKUP_PERIOD = 365 days;

    // ----------------------------------------------------------------------------------------------
    // Storage (packed so that `invest` and `vote` touch as few slots as possible)
    // ----------------------------------------------------------------------------------------------

    /// @dev Fund-wide settings read by `invest`: one slot.
    struct Config {
        uint32 currentPoolId;
        bool emergencyState;
        uint96 minimumInvestment;
        uint48 lockupPeriodDuration;
        // Creation block of the newest proposal: decides whether a voting-power entry may be forgotten.
        uint48 lastProposalBlock;
    }

    struct Pool {
        // slot 0: what `invest` reads and writes
        uint128 totalFunds;
        uint48 lockupStartTime;
        uint48 lockupEndTime;
        bool isLocked;
        bool settled;
        // slot 1: what `withdraw` reads
        uint128 preLockupTotal;
        uint128 postLockupTotal;
        // slot 2
        uint128 profitGenerated;
        uint128 collected;
    }

    /// @dev An investor's position and a two-entry history of their voting power: the current power
    /// (`investedAmount`, in effect from block `powerChangedAt`) and the one before it (`previousPower`,
    /// in effect from `previousChangedAt`). Older entries go to `_powerArchive` only when a proposal's
    /// snapshot could still ask for them, so repeat deposits do not pay for a new storage slot each time.
    struct Investor {
        // slot 0
        uint128 investedAmount;
        uint32 positionPoolId;
        uint48 powerChangedAt;
        bool whitelisted;
        // slot 1
        uint128 previousPower;
        uint48 previousChangedAt;
        uint32 lastWithdrawnPoolId;
        // slot 2
        uint256 totalWithdrawn;
    }

    struct TradingWallet {
        address wallet;
        uint96 allocation;
        string walletType;
    }

    /// @dev Slot 0 holds everything `vote` needs, and is non-zero from creation so a vote only ever
    /// rewrites it.
    struct Proposal {
        uint88 votesFor;
        uint88 votesAgainst;
        uint40 endTime;
        uint40 snapshotBlock;
        uint40 startTime;
        bool executed;
        address proposer;
        string description;
    }

    /// @notice The token investors deposit.
    IERC20 public immutable investmentToken;

    Config private _config;
    address private _fundWallet;
    uint256 private _proposalCount;
    /// @dev Sum of what settled pools still owe their investors (payouts not yet withdrawn).
    uint256 private _unclaimedPayouts;

    uint256 private _totalProfitGenerated;
    uint256 private _highestProfit;
    uint256 private _profitablePoolCount;
    uint256 private _settledPoolCount;

    mapping(uint256 poolId => Pool) private _pools;
    mapping(address investor => Investor) private _investors;
    mapping(address investor => Checkpoints.Trace208) private _powerArchive;
    mapping(uint256 proposalId => Proposal) private _proposals;
    mapping(uint256 proposalId => mapping(address voter => bool)) private _hasVoted;
    mapping(address account => uint256) private _discordCodes;

    /// @dev Trading wallets are copy-on-write across pools: a new pool uses the list of the pool it
    /// inherited from (`_walletSource`) until an admin changes it, which copies the list first.
    mapping(uint256 poolId => TradingWallet[]) private _tradingWallets;
    mapping(uint256 poolId => uint256) private _walletSource;

    // ----------------------------------------------------------------------------------------------
    // Construction
    // ----------------------------------------------------------------------------------------------

    /// @param investmentToken_ The token investors deposit.
    /// @param fundWallet_ Receives the fund's share of each pool's profit.
    /// @param minimumInvestment_ Smallest deposit accepted, in token units.
    /// @param lockupPeriodDuration_ Length of a pool's lockup, in seconds.
    /// @dev The deployer receives `DEFAULT_ADMIN_ROLE` and `ADMIN_ROLE`. Admins manage the admin role
    /// themselves (spec: an admin grants or revokes admin); the last holder of either role cannot leave.
    constructor(
        IERC20 investmentToken_,
        address fundWallet_,
        uint256 minimumInvestment_,
        uint256 lockupPeriodDuration_
    ) {
        if (address(investmentToken_) == address(0) || fundWallet_ == address(0)) {
            revert InvalidAddress();
        }
        investmentToken = investmentToken_;
        _fundWallet = fundWallet_;
        _config.currentPoolId = 1;
        _setMinimumInvestment(minimumInvestment_);
        _setLockupPeriodDuration(lockupPeriodDuration_);
        _walletSource[1] = 1;

        _setRoleAdmin(ADMIN_ROLE, ADMIN_ROLE);
        _setRoleAdmin(OPERATOR_ROLE, ADMIN_ROLE);
        _grantRole(DEFAULT_ADMIN_ROLE, msg.sender);
        _grantRole(ADMIN_ROLE, msg.sender);
        emit FundWalletUpdated(fundWallet_);
        emit PoolOpened(1);
    }

    // ----------------------------------------------------------------------------------------------
    // Modifiers
    // ----------------------------------------------------------------------------------------------

    modifier onlyAdminOrOperator() {
        if (!hasRole(ADMIN_ROLE, msg.sender) && !hasRole(OPERATOR_ROLE, msg.sender)) {
            revert NotAdminOrOperator(msg.sender);
        }
        _;
    }

    // ----------------------------------------------------------------------------------------------
    // Investors
    // ----------------------------------------------------------------------------------------------

    /// @notice Deposits `amount` of the investment token into the open pool.
    /// @dev Requires an allowance of at least `amount`. Credits what actually arrived.
    /// Reverts with `NotWhitelisted`, `EmergencyActive`, `BelowMinimumInvestment`, `PoolLocked`,
    /// `UnwithdrawnPosition` (withdraw the settled pool first) or `NothingReceived`.
    /// @param amount Token units to deposit.
    function invest(uint256 amount) external nonReentrant {
        Investor storage investor = _investors[msg.sender];
        if (!investor.whitelisted) revert NotWhitelisted(msg.sender);
        Config memory config = _config;
        if (config.emergencyState) revert EmergencyActive();
        if (amount < config.minimumInvestment) revert BelowMinimumInvestment(amount, config.minimumInvestment);
        uint32 poolId = config.currentPoolId;
        Pool storage pool = _pools[poolId];
        if (pool.isLocked) revert PoolLocked(poolId);

        uint128 principal = investor.investedAmount;
        if (investor.positionPoolId != poolId) {
            if (principal != 0) revert UnwithdrawnPosition(investor.positionPoolId);
            investor.positionPoolId = poolId;
        }

        uint256 received = _pull(msg.sender, amount);

        uint128 credited = received.toUint128();
        pool.totalFunds += credited;
        _setPower(investor, msg.sender, principal + credited, config.lastProposalBlock);
        emit Invested(msg.sender, poolId, received);
    }

    /// @notice Withdraws the caller's share of the settled pool they invested in: principal plus their
    /// part of the investors' profit, or minus their part of a loss. Once per position.
    /// @dev Reverts with `NothingToWithdraw` or `PoolNotSettled`. Works in an emergency too.
    /// @return payout Token units sent to the caller.
    function withdraw() external nonReentrant returns (uint256 payout) {
        Investor storage investor = _investors[msg.sender];
        if (investor.investedAmount == 0) revert NothingToWithdraw();
        uint32 poolId = investor.positionPoolId;
        if (!_pools[poolId].settled) revert PoolNotSettled(poolId);
        payout = _withdrawSettled(investor, poolId);
        emit Withdrawn(msg.sender, poolId, payout);
        investmentToken.safeTransfer(msg.sender, payout);
    }

    /// @notice In an emergency, returns what the contract holds for the caller: the full principal of a
    /// position in the open pool, or the share of a settled pool. Nobody can block another investor's exit.
    /// @dev A position in a locked pool cannot be paid from here while its funds are with the trading
    /// wallets: in an emergency an admin or operator may collect and settle before the lockup ends, after
    /// which this function pays the settled share. Reverts with `NotInEmergency`, `NothingToWithdraw` or
    /// `PoolLocked`.
    /// @return payout Token units sent to the caller.
    function emergencyWithdraw() external nonReentrant returns (uint256 payout) {
        Config memory config = _config;
        if (!config.emergencyState) revert NotInEmergency();
        Investor storage investor = _investors[msg.sender];
        uint128 principal = investor.investedAmount;
        if (principal == 0) revert NothingToWithdraw();
        uint32 poolId = investor.positionPoolId;
        Pool storage pool = _pools[poolId];
        if (pool.settled) {
            payout = _withdrawSettled(investor, poolId);
        } else {
            if (pool.isLocked) revert PoolLocked(poolId);
            payout = principal;
            pool.totalFunds -= principal;
            _setPower(investor, msg.sender, 0, config.lastProposalBlock);
        }
        emit EmergencyWithdrawn(msg.sender, poolId, payout);
        investmentToken.safeTransfer(msg.sender, payout);
    }

    /// @notice Stores and returns a fresh six-digit Discord verification code for the caller.
    /// @return code The new code.
    function generateDiscordCode() external returns (uint256 code) {
        code = uint256(keccak256(abi.encode(msg.sender, block.prevrandao, block.number, _discordCodes[msg.sender])))
            % 1_000_000;
        _discordCodes[msg.sender] = code;
        emit DiscordCodeGenerated(msg.sender, code);
    }

    // ----------------------------------------------------------------------------------------------
    // Pools (admin and operator)
    // ----------------------------------------------------------------------------------------------

    /// @notice Locks the open pool: snapshots its total as `preLockupTotal`, sets the lockup end and sends
    /// the funds to the pool's trading wallets by allocation (the last wallet receives the rounding dust).
    /// @dev Admin only. Reverts with `EmergencyActive`, `PoolLocked`, `EmptyPool` or `AllocationIncomplete`
    /// (allocations must add up to exactly `BASIS_POINTS`).
    function startLockupPeriod() external onlyRole(ADMIN_ROLE) nonReentrant {
        Config memory config = _config;
        if (config.emergencyState) revert EmergencyActive();
        uint256 poolId = config.currentPoolId;
        Pool storage pool = _pools[poolId];
        if (pool.isLocked) revert PoolLocked(poolId);
        uint256 total = pool.totalFunds;
        if (total == 0) revert EmptyPool();
        TradingWallet[] storage wallets = _tradingWallets[_walletSource[poolId]];
        uint256 count = wallets.length;
        uint256 allocated;
        for (uint256 i; i < count; ++i) {
            allocated += wallets[i].allocation;
        }
        if (allocated != BASIS_POINTS) revert AllocationIncomplete(allocated);

        uint48 start = uint48(block.timestamp);
        uint48 end = start + config.lockupPeriodDuration;
        pool.isLocked = true;
        pool.lockupStartTime = start;
        pool.lockupEndTime = end;
        // Safe: total is the pool's uint128 totalFunds.
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.preLockupTotal = uint128(total);
        emit LockupStarted(poolId, total, start, end);

        uint256 sent;
        for (uint256 i; i < count; ++i) {
            TradingWallet storage w = wallets[i];
            uint256 share = i + 1 == count ? total - sent : total * w.allocation / BASIS_POINTS;
            sent += share;
            emit FundsSentToTradingWallet(poolId, w.wallet, share);
            investmentToken.safeTransfer(w.wallet, share);
        }
    }

    /// @notice Pulls `amount` back from one of the locked pool's trading wallets (which must have approved
    /// this contract) and credits the pool with what arrived.
    /// @dev Admin or operator. Reverts with `PoolNotLocked`, `TradingWalletNotFound` or `NothingReceived`.
    /// @param wallet A trading wallet of the current pool.
    /// @param amount Token units to pull.
    function collectFundsFromTradingWallet(address wallet, uint256 amount) external onlyAdminOrOperator nonReentrant {
        uint256 poolId = _config.currentPoolId;
        Pool storage pool = _pools[poolId];
        if (!pool.isLocked) revert PoolNotLocked(poolId);
        if (!_isTradingWallet(poolId, wallet)) revert TradingWalletNotFound(wallet);
        uint256 received = _pull(wallet, amount);
        pool.collected += received.toUint128();
        emit FundsCollected(poolId, wallet, received);
    }

    /// @notice Settles the locked pool and opens the next one. `totalReturned` must equal what was collected
    /// for the pool (a confirmation that the books agree). Profit, only when more came back than went out, is
    /// split: `FUND_PROFIT_PERCENTAGE` to the fund wallet, the rest to the pool's investors; a loss is shared
    /// pro rata. Emits `ProfitDistributed`.
    /// @dev Admin or operator. Only after the lockup end, except in an emergency. Reverts with
    /// `PoolNotLocked`, `LockupNotEnded` or `ReturnedAmountMismatch`.
    /// @param totalReturned Token units returned by the trading wallets for this pool.
    function endLockupPeriod(uint256 totalReturned) external onlyAdminOrOperator nonReentrant {
        Config memory config = _config;
        uint32 poolId = config.currentPoolId;
        Pool storage pool = _pools[poolId];
        if (!pool.isLocked) revert PoolNotLocked(poolId);
        if (!config.emergencyState && block.timestamp < pool.lockupEndTime) revert LockupNotEnded(pool.lockupEndTime);
        if (totalReturned != pool.collected) revert ReturnedAmountMismatch(totalReturned, pool.collected);

        uint256 principal = pool.preLockupTotal;
        uint256 profit = totalReturned > principal ? totalReturned - principal : 0;
        uint256 fundFee = profit * FUND_PROFIT_PERCENTAGE / BASIS_POINTS;
        uint256 investorsTotal = totalReturned - fundFee;

        pool.isLocked = false;
        pool.settled = true;
        // Safe: investorsTotal <= totalReturned == pool.collected, a uint128.
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.postLockupTotal = uint128(investorsTotal);
        // Safe: profit <= totalReturned == pool.collected, a uint128.
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.profitGenerated = uint128(profit);
        _unclaimedPayouts += investorsTotal;
        _settledPoolCount += 1;
        if (profit != 0) {
            _totalProfitGenerated += profit;
            _profitablePoolCount += 1;
            if (profit > _highestProfit) _highestProfit = profit;
        }
        uint32 nextPoolId = poolId + 1;
        _config.currentPoolId = nextPoolId;
        _walletSource[nextPoolId] = _walletSource[poolId];
        emit ProfitDistributed(poolId, totalReturned, profit, fundFee, investorsTotal);
        emit PoolOpened(nextPoolId);

        if (fundFee != 0) investmentToken.safeTransfer(_fundWallet, fundFee);
    }

    /// @notice Adds a trading wallet to the open pool.
    /// @dev Admin only. Reverts with `InvalidAddress` (zero, the fund or the token), `InvalidWalletType`,
    /// `InvalidAllocation`, `AllocationExceedsLimit`, `TooManyTradingWallets`, `TradingWalletAlreadyAdded`
    /// or `PoolLocked`.
    /// @param wallet Address that receives the pool's funds at lockup.
    /// @param walletType A display name for the wallet's strategy (e.g. "Futures").
    /// @param allocation Share of the pool sent to this wallet, in basis points.
    function addTradingWallet(address wallet, string calldata walletType, uint256 allocation)
        external
        onlyRole(ADMIN_ROLE)
    {
        // The fund itself or the token as a "trading wallet" would strand the pool's funds at lockup.
        if (wallet == address(0) || wallet == address(this) || wallet == address(investmentToken)) {
            revert InvalidAddress();
        }
        uint256 typeLength = bytes(walletType).length;
        if (typeLength == 0 || typeLength > MAX_WALLET_TYPE_LENGTH) revert InvalidWalletType();
        if (allocation == 0 || allocation > BASIS_POINTS) revert InvalidAllocation(allocation);
        uint256 poolId = _openPoolForWalletChanges();
        TradingWallet[] storage wallets = _tradingWallets[poolId];
        uint256 count = wallets.length;
        if (count >= MAX_TRADING_WALLETS) revert TooManyTradingWallets();
        uint256 allocated = allocation;
        for (uint256 i; i < count; ++i) {
            if (wallets[i].wallet == wallet) revert TradingWalletAlreadyAdded(wallet);
            allocated += wallets[i].allocation;
        }
        if (allocated > BASIS_POINTS) revert AllocationExceedsLimit(allocated);
        // Safe: allocation <= BASIS_POINTS was checked above.
        // forge-lint: disable-next-line(unsafe-typecast)
        wallets.push(TradingWallet({wallet: wallet, allocation: uint96(allocation), walletType: walletType}));
        emit TradingWalletAdded(poolId, wallet, walletType, allocation);
    }

    /// @notice Removes the open pool's trading wallet at `index`, keeping the order of the others.
    /// @dev Admin only. Reverts with `TradingWalletIndexOutOfBounds` or `PoolLocked`.
    /// @param index Position in `getTradingWallets(currentPoolId())`.
    function removeTradingWallet(uint256 index) external onlyRole(ADMIN_ROLE) {
        uint256 poolId = _openPoolForWalletChanges();
        TradingWallet[] storage wallets = _tradingWallets[poolId];
        uint256 count = wallets.length;
        if (index >= count) revert TradingWalletIndexOutOfBounds(index, count);
        address removed = wallets[index].wallet;
        for (uint256 i = index; i + 1 < count; ++i) {
            wallets[i] = wallets[i + 1];
        }
        wallets.pop();
        emit TradingWalletRemoved(poolId, removed, index);
    }

    // ----------------------------------------------------------------------------------------------
    // Whitelist and settings (admin)
    // ----------------------------------------------------------------------------------------------

    /// @notice Allows `investor` to invest.
    /// @dev Admin only. Reverts with `InvalidAddress` or `AlreadyWhitelisted`.
    function whitelistInvestor(address investor) external onlyRole(ADMIN_ROLE) {
        if (investor == address(0)) revert InvalidAddress();
        Investor storage data = _investors[investor];
        if (data.whitelisted) revert AlreadyWhitelisted(investor);
        data.whitelisted = true;
        emit InvestorWhitelisted(investor);
    }

    /// @notice Stops `investor` from investing or creating proposals. Their existing position stays
    /// theirs: they can still withdraw it, and vote with power they already had.
    /// @dev Admin only. Reverts with `NotWhitelisted`.
    function removeInvestorFromWhitelist(address investor) external onlyRole(ADMIN_ROLE) {
        Investor storage data = _investors[investor];
        if (!data.whitelisted) revert NotWhitelisted(investor);
        data.whitelisted = false;
        emit InvestorRemovedFromWhitelist(investor);
    }

    /// @notice Turns the emergency state on or off. While on, deposits and lockups stop, a locked pool
    /// may be settled early, and investors may `emergencyWithdraw`.
    /// @dev Admin only. Reverts with `EmergencyStateUnchanged`.
    function setEmergencyState(bool emergencyState_) external onlyRole(ADMIN_ROLE) {
        if (_config.emergencyState == emergencyState_) revert EmergencyStateUnchanged();
        _config.emergencyState = emergencyState_;
        emit EmergencyStateChanged(emergencyState_);
    }

    /// @notice Sets the smallest deposit accepted.
    /// @dev Admin only. Reverts with `InvalidMinimumInvestment`.
    function setMinimumInvestment(uint256 minimumInvestment_) external onlyRole(ADMIN_ROLE) {
        _setMinimumInvestment(minimumInvestment_);
    }

    /// @notice Sets the lockup length used by the next `startLockupPeriod`.
    /// @dev Admin only. Reverts with `InvalidLockupPeriodDuration`.
    function setLockupPeriodDuration(uint256 lockupPeriodDuration_) external onlyRole(ADMIN_ROLE) {
        _setLockupPeriodDuration(lockupPeriodDuration_);
    }

    /// @notice Sets the wallet that receives the fund's share of profits.
    /// @dev Default admin only. Reverts with `InvalidAddress`.
    function setFundWallet(address fundWallet_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (fundWallet_ == address(0)) revert InvalidAddress();
        _fundWallet = fundWallet_;
        emit FundWalletUpdated(fundWallet_);
    }

    /// @notice Sends tokens the contract holds beyond everything it owes (e.g. sent to it by mistake) to
    /// the fund wallet.
    /// @dev Admin only. Reverts with `NoExcess`.
    function sweepExcess() external onlyRole(ADMIN_ROLE) nonReentrant {
        uint256 balance = investmentToken.balanceOf(address(this));
        uint256 owed = totalOwed();
        if (balance <= owed) revert NoExcess();
        uint256 excess = balance - owed;
        address to = _fundWallet;
        emit ExcessSwept(to, excess);
        investmentToken.safeTransfer(to, excess);
    }

    // ----------------------------------------------------------------------------------------------
    // Governance
    // ----------------------------------------------------------------------------------------------

    /// @notice Opens a proposal for `votingPeriodSeconds`. The caller must be whitelisted and have had
    /// voting power before this block.
    /// @dev Reverts with `EmptyDescription`, `DescriptionTooLong`, `InvalidVotingPeriod`, `NotWhitelisted`
    /// or `NoVotingPower`.
    /// @param description The proposal text (also its title).
    /// @param votingPeriodSeconds Voting time from now, in seconds.
    /// @return proposalId The new proposal's id (1, 2, ...).
    function createProposal(string calldata description, uint256 votingPeriodSeconds)
        external
        returns (uint256 proposalId)
    {
        uint256 length = bytes(description).length;
        if (length == 0) revert EmptyDescription();
        if (length > MAX_DESCRIPTION_LENGTH) revert DescriptionTooLong(length);
        if (votingPeriodSeconds < MIN_VOTING_PERIOD || votingPeriodSeconds > MAX_VOTING_PERIOD) {
            revert InvalidVotingPeriod(votingPeriodSeconds);
        }
        if (!_investors[msg.sender].whitelisted) revert NotWhitelisted(msg.sender);
        if (_powerAt(msg.sender, block.number) == 0) revert NoVotingPower(msg.sender);

        proposalId = ++_proposalCount;
        Proposal storage proposal = _proposals[proposalId];
        uint40 start = uint40(block.timestamp);
        // Safe: votingPeriodSeconds <= MAX_VOTING_PERIOD was checked above.
        // forge-lint: disable-next-line(unsafe-typecast)
        uint40 end = start + uint40(votingPeriodSeconds);
        proposal.endTime = end;
        proposal.snapshotBlock = uint40(block.number);
        proposal.startTime = start;
        proposal.proposer = msg.sender;
        proposal.description = description;
        _config.lastProposalBlock = uint48(block.number);
        emit ProposalCreated(proposalId, msg.sender, description, start, end);
    }

    /// @notice Votes for (`support` true) or against a proposal, once, with the voting power the caller
    /// had before the proposal was created.
    /// @dev Reverts with `ProposalNotFound`, `VotingClosed`, `AlreadyVoted` or `NoVotingPower`.
    function vote(uint256 proposalId, bool support) external {
        Proposal storage proposal = _proposals[proposalId];
        uint256 end = proposal.endTime;
        if (end == 0) revert ProposalNotFound(proposalId);
        if (block.timestamp >= end || proposal.executed) revert VotingClosed(proposalId);
        if (_hasVoted[proposalId][msg.sender]) revert AlreadyVoted(proposalId, msg.sender);
        uint256 weight = _powerAt(msg.sender, proposal.snapshotBlock);
        if (weight == 0) revert NoVotingPower(msg.sender);

        _hasVoted[proposalId][msg.sender] = true;
        if (support) proposal.votesFor += weight.toUint88();
        else proposal.votesAgainst += weight.toUint88();
        emit Voted(proposalId, msg.sender, support, weight);
    }

    /// @notice Marks a passed proposal executed once its voting period is over. Anyone may call it.
    /// @dev Reverts with `ProposalNotFound`, `VotingNotEnded`, `ProposalAlreadyExecuted` or
    /// `ProposalNotPassed` (a proposal passes with more votes for than against).
    function executeProposal(uint256 proposalId) external {
        Proposal storage proposal = _proposals[proposalId];
        uint256 end = proposal.endTime;
        if (end == 0) revert ProposalNotFound(proposalId);
        if (block.timestamp < end) revert VotingNotEnded(proposalId);
        if (proposal.executed) revert ProposalAlreadyExecuted(proposalId);
        if (proposal.votesFor <= proposal.votesAgainst) revert ProposalNotPassed(proposalId);
        proposal.executed = true;
        emit ProposalExecuted(proposalId);
    }

    // ----------------------------------------------------------------------------------------------
    // Views
    // ----------------------------------------------------------------------------------------------

    /// @notice Wallet that receives the fund's share of profits.
    function fundWallet() external view returns (address) {
        return _fundWallet;
    }

    /// @notice Smallest deposit accepted, in token units.
    function minimumInvestment() external view returns (uint256) {
        return _config.minimumInvestment;
    }

    /// @notice Lockup length applied by the next `startLockupPeriod`, in seconds.
    function lockupPeriodDuration() external view returns (uint256) {
        return _config.lockupPeriodDuration;
    }

    /// @notice Whether the emergency state is on.
    function emergencyState() external view returns (bool) {
        return _config.emergencyState;
    }

    /// @notice Id of the pool that is open or locked now (1, 2, ...).
    function currentPoolId() external view returns (uint256) {
        return _config.currentPoolId;
    }

    /// @notice Number of proposals created; ids run from 1 to this number.
    function proposalCount() external view returns (uint256) {
        return _proposalCount;
    }

    /// @notice Whether `account` may invest.
    function isWhitelisted(address account) external view returns (bool) {
        return _investors[account].whitelisted;
    }

    /// @notice The Discord verification code last generated by `account` (0 if none).
    function discordVerificationCode(address account) external view returns (uint256) {
        return _discordCodes[account];
    }

    /// @notice Whether `voter` has voted on `proposalId`.
    function hasVoted(uint256 proposalId, address voter) external view returns (bool) {
        return _hasVoted[proposalId][voter];
    }

    /// @notice An investor's position.
    /// @return investedAmount Principal of the current position (0 once withdrawn).
    /// @return lastWithdrawnPoolId Last settled pool the investor withdrew from.
    /// @return hasWithdrawnCurrent Whether the position's pool has been withdrawn.
    /// @return totalWithdrawn Sum of all withdrawals, in token units.
    /// @return votingPower Current voting power (equal to the invested principal).
    function getInvestorData(address account)
        external
        view
        returns (
            uint256 investedAmount,
            uint256 lastWithdrawnPoolId,
            bool hasWithdrawnCurrent,
            uint256 totalWithdrawn,
            uint256 votingPower
        )
    {
        Investor storage investor = _investors[account];
        investedAmount = investor.investedAmount;
        lastWithdrawnPoolId = investor.lastWithdrawnPoolId;
        hasWithdrawnCurrent = investor.positionPoolId != 0 && investor.lastWithdrawnPoolId == investor.positionPoolId;
        totalWithdrawn = investor.totalWithdrawn;
        votingPower = investedAmount;
    }

    /// @notice The pool `account`'s current position belongs to (0 if they never invested).
    function positionPoolOf(address account) external view returns (uint256) {
        return _investors[account].positionPoolId;
    }

    /// @notice The weight `account` votes with on `proposalId`: their power at the end of the block before
    /// the proposal was created. Exact for every proposal.
    function getProposalVotingPower(uint256 proposalId, address account) external view returns (uint256) {
        Proposal storage proposal = _proposals[proposalId];
        if (proposal.endTime == 0) revert ProposalNotFound(proposalId);
        return _powerAt(account, proposal.snapshotBlock);
    }

    /// @notice Voting power `account` had at the end of block `blockNumber` (which must be in the past).
    /// @dev Exact for the block before any proposal's creation (every block a vote can ask about) and for
    /// blocks since the account's previous power change. Older blocks that no proposal snapshot covers are
    /// not kept (that is what keeps repeat deposits cheap) and may read an earlier value: use
    /// `getProposalVotingPower` for a proposal's weights.
    function getPastVotingPower(address account, uint256 blockNumber) external view returns (uint256) {
        if (blockNumber >= block.number) revert VotingNotEnded(blockNumber);
        return _powerAt(account, blockNumber + 1);
    }

    /// @notice What `withdraw` would pay `account` now (0 if nothing is withdrawable).
    function previewWithdraw(address account) external view returns (uint256) {
        Investor storage investor = _investors[account];
        Pool storage pool = _pools[investor.positionPoolId];
        if (investor.investedAmount == 0 || !pool.settled) return 0;
        return Math.mulDiv(investor.investedAmount, pool.postLockupTotal, pool.preLockupTotal);
    }

    /// @notice A pool's figures.
    function investmentPools(uint256 poolId)
        external
        view
        returns (
            uint256 totalFunds,
            uint256 lockupStartTime,
            uint256 lockupEndTime,
            bool isLocked,
            uint256 preLockupTotal,
            uint256 postLockupTotal,
            uint256 profitGenerated
        )
    {
        Pool storage pool = _pools[poolId];
        return (
            pool.totalFunds,
            pool.lockupStartTime,
            pool.lockupEndTime,
            pool.isLocked,
            pool.preLockupTotal,
            pool.postLockupTotal,
            pool.profitGenerated
        );
    }

    /// @notice Whether `poolId` has been settled.
    function isPoolSettled(uint256 poolId) external view returns (bool) {
        return _pools[poolId].settled;
    }

    /// @notice Token units collected back from the trading wallets for `poolId`.
    function poolCollected(uint256 poolId) external view returns (uint256) {
        return _pools[poolId].collected;
    }

    /// @notice The current pool's id, total funds, lock state and lockup end.
    function getCurrentPoolData()
        external
        view
        returns (uint256 poolId, uint256 totalFunds, bool isLocked, uint256 lockupEndTime)
    {
        poolId = _config.currentPoolId;
        Pool storage pool = _pools[poolId];
        return (poolId, pool.totalFunds, pool.isLocked, pool.lockupEndTime);
    }

    /// @notice Profit figures over all settled pools. The average is over settled pools.
    function getProfitStatistics()
        external
        view
        returns (
            uint256 totalProfitGenerated,
            uint256 averageProfitPerPool,
            uint256 highestProfit,
            uint256 profitablePoolCount
        )
    {
        uint256 settled = _settledPoolCount;
        totalProfitGenerated = _totalProfitGenerated;
        averageProfitPerPool = settled == 0 ? 0 : totalProfitGenerated / settled;
        highestProfit = _highestProfit;
        profitablePoolCount = _profitablePoolCount;
    }

    /// @notice A pool's trading wallets (a pool inherits the previous pool's list until an admin changes it).
    function getTradingWallets(uint256 poolId)
        external
        view
        returns (address[] memory wallets, uint256[] memory allocations, string[] memory walletTypes)
    {
        TradingWallet[] storage list = _tradingWallets[_walletSource[poolId]];
        uint256 count = list.length;
        wallets = new address[](count);
        allocations = new uint256[](count);
        walletTypes = new string[](count);
        for (uint256 i; i < count; ++i) {
            wallets[i] = list[i].wallet;
            allocations[i] = list[i].allocation;
            walletTypes[i] = list[i].walletType;
        }
    }

    /// @notice A proposal's details; `active` is true while voting is open.
    function getProposalDetails(uint256 proposalId)
        external
        view
        returns (
            uint256 id,
            string memory description,
            uint256 votesFor,
            uint256 votesAgainst,
            uint256 startTime,
            uint256 endTime,
            bool executed,
            bool active
        )
    {
        Proposal storage proposal = _proposals[proposalId];
        if (proposal.endTime == 0) revert ProposalNotFound(proposalId);
        return (
            proposalId,
            proposal.description,
            proposal.votesFor,
            proposal.votesAgainst,
            proposal.startTime,
            proposal.endTime,
            proposal.executed,
            block.timestamp < proposal.endTime && !proposal.executed
        );
    }

    /// @notice Who created a proposal.
    function proposalProposer(uint256 proposalId) external view returns (address) {
        return _proposals[proposalId].proposer;
    }

    /// @notice Everything the contract owes: unwithdrawn payouts of settled pools plus the current pool's
    /// deposits (while open) or collected returns (while locked). Its token balance always covers this.
    function totalOwed() public view returns (uint256) {
        Pool storage pool = _pools[_config.currentPoolId];
        return _unclaimedPayouts + (pool.isLocked ? pool.collected : pool.totalFunds);
    }

    // ----------------------------------------------------------------------------------------------
    // Roles
    // ----------------------------------------------------------------------------------------------

    /// @dev The last holder of `DEFAULT_ADMIN_ROLE` or `ADMIN_ROLE` cannot be revoked or renounce, so the
    /// fund can never be left without administrators by accident.
    function _revokeRole(bytes32 role, address account) internal override returns (bool) {
        if (
            (role == DEFAULT_ADMIN_ROLE || role == ADMIN_ROLE) && getRoleMemberCount(role) == 1
                && hasRole(role, account)
        ) {
            revert LastRoleMember(role);
        }
        return super._revokeRole(role, account);
    }

    // ----------------------------------------------------------------------------------------------
    // Internals
    // ----------------------------------------------------------------------------------------------

    /// @dev Pulls `amount` from `from` and returns what actually arrived.
    function _pull(address from, uint256 amount) private returns (uint256 received) {
        uint256 before = investmentToken.balanceOf(address(this));
        investmentToken.safeTransferFrom(from, address(this), amount);
        received = investmentToken.balanceOf(address(this)) - before;
        if (received == 0) revert NothingReceived();
    }

    /// @dev Closes a position in a settled pool and returns its payout. Effects only; the caller transfers.
    function _withdrawSettled(Investor storage investor, uint32 poolId) private returns (uint256 payout) {
        Pool storage pool = _pools[poolId];
        uint256 principal = investor.investedAmount;
        payout = Math.mulDiv(principal, pool.postLockupTotal, pool.preLockupTotal);
        investor.lastWithdrawnPoolId = poolId;
        investor.totalWithdrawn += payout;
        _unclaimedPayouts -= payout;
        _setPower(investor, msg.sender, 0, _config.lastProposalBlock);
    }

    function _setMinimumInvestment(uint256 minimumInvestment_) private {
        if (minimumInvestment_ == 0 || minimumInvestment_ > type(uint96).max) revert InvalidMinimumInvestment();
        // Safe: the bound was checked on the line above.
        // forge-lint: disable-next-line(unsafe-typecast)
        _config.minimumInvestment = uint96(minimumInvestment_);
        emit MinimumInvestmentUpdated(minimumInvestment_);
    }

    function _setLockupPeriodDuration(uint256 duration) private {
        if (duration < MIN_LOCKUP_PERIOD || duration > MAX_LOCKUP_PERIOD) revert InvalidLockupPeriodDuration(duration);
        // Safe: duration <= MAX_LOCKUP_PERIOD was checked on the line above.
        // forge-lint: disable-next-line(unsafe-typecast)
        _config.lockupPeriodDuration = uint48(duration);
        emit LockupPeriodDurationUpdated(duration);
    }

    /// @dev Returns the open pool's id after giving it its own trading-wallet list (copying the inherited
    /// one, at most `MAX_TRADING_WALLETS` entries).
    function _openPoolForWalletChanges() private returns (uint256 poolId) {
        poolId = _config.currentPoolId;
        if (_pools[poolId].isLocked) revert PoolLocked(poolId);
        uint256 source = _walletSource[poolId];
        if (source != poolId) {
            TradingWallet[] storage from = _tradingWallets[source];
            TradingWallet[] storage to = _tradingWallets[poolId];
            uint256 count = from.length;
            for (uint256 i; i < count; ++i) {
                to.push(from[i]);
            }
            _walletSource[poolId] = poolId;
        }
    }

    function _isTradingWallet(uint256 poolId, address wallet) private view returns (bool) {
        TradingWallet[] storage wallets = _tradingWallets[_walletSource[poolId]];
        uint256 count = wallets.length;
        for (uint256 i; i < count; ++i) {
            if (wallets[i].wallet == wallet) return true;
        }
        return false;
    }

    /// @dev Sets an investor's principal (= voting power) and keeps its history answerable for every
    /// existing and future proposal snapshot. A snapshot `s` asks for the power in effect before block `s`.
    /// When the power changes in a new block, the current entry becomes the previous one; the previous one
    /// is archived only if some snapshot may still fall in its range (i.e. the newest snapshot is after the
    /// block it took effect), otherwise no snapshot can ever ask for it and it is dropped.
    function _setPower(Investor storage investor, address account, uint128 newPower, uint48 lastSnapshot) private {
        uint48 currentBlock = uint48(block.number);
        uint48 changedAt = investor.powerChangedAt;
        if (changedAt != currentBlock) {
            uint48 previousAt = investor.previousChangedAt;
            // previousAt == 0 only before the first change. A zero entry needs no archiving while the
            // archive is empty: a lookup there answers zero anyway.
            if (previousAt != 0 && lastSnapshot > previousAt) {
                Checkpoints.Trace208 storage archive = _powerArchive[account];
                uint128 previousPower = investor.previousPower;
                if (previousPower != 0 || archive.length() != 0) archive.push(previousAt, previousPower);
            }
            investor.previousPower = investor.investedAmount;
            investor.previousChangedAt = changedAt == 0 ? 1 : changedAt;
            investor.powerChangedAt = currentBlock;
        }
        investor.investedAmount = newPower;
    }

    /// @dev Voting power in effect before block `snapshot` (i.e. at the end of block `snapshot - 1`).
    function _powerAt(address account, uint256 snapshot) private view returns (uint256) {
        Investor storage investor = _investors[account];
        if (investor.powerChangedAt < snapshot) return investor.investedAmount;
        if (investor.previousChangedAt < snapshot) return investor.previousPower;
        // Safe: snapshot is a block number taken from uint40/uint48 fields or block.number + 1.
        // forge-lint: disable-next-line(unsafe-typecast)
        return _powerArchive[account].upperLookupRecent(uint48(snapshot - 1));
    }
}
