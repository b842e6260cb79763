// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IInvestmentFund
/// @notice The events and custom errors of the Fundament investment fund. Pools are rounds:
/// open (accepting investments) -> locked (funds with the trading wallets) -> settled, and the
/// next pool opens at settlement. Principal does not roll over: after settlement each investor
/// withdraws their share of the settled pool once, and re-invests into the open pool if they wish.
interface IInvestmentFund {
    // ----------------------------------------------------------------------------------------
    // Events (past tense, emitted right after the state change)
    // ----------------------------------------------------------------------------------------

    event Invested(address indexed investor, uint256 indexed poolId, uint256 amount);
    event Withdrawn(address indexed investor, uint256 indexed poolId, uint256 amount);
    event EmergencyWithdrawn(address indexed investor, uint256 indexed poolId, uint256 amount);
    event InvestorWhitelisted(address indexed investor);
    event InvestorRemovedFromWhitelist(address indexed investor);
    event TradingWalletAdded(uint256 indexed poolId, address indexed wallet, string walletType, uint256 allocation);
    event TradingWalletRemoved(uint256 indexed poolId, address indexed wallet, uint256 index);
    event LockupStarted(uint256 indexed poolId, uint256 preLockupTotal, uint256 lockupStartTime, uint256 lockupEndTime);
    event FundsSentToTradingWallet(uint256 indexed poolId, address indexed wallet, uint256 amount);
    event FundsCollected(uint256 indexed poolId, address indexed wallet, uint256 amount);
    event ProfitDistributed(
        uint256 indexed poolId, uint256 totalReturned, uint256 profitGenerated, uint256 fundFee, uint256 investorsTotal
    );
    event PoolOpened(uint256 indexed poolId);
    event ProposalCreated(
        uint256 indexed proposalId, address indexed proposer, string description, uint256 startTime, uint256 endTime
    );
    event Voted(uint256 indexed proposalId, address indexed voter, bool support, uint256 weight);
    event ProposalExecuted(uint256 indexed proposalId);
    event EmergencyStateChanged(bool emergencyState);
    event MinimumInvestmentUpdated(uint256 minimumInvestment);
    event LockupPeriodDurationUpdated(uint256 lockupPeriodDuration);
    event FundWalletUpdated(address indexed fundWallet);
    event DiscordCodeGenerated(address indexed account, uint256 code);
    event ExcessSwept(address indexed to, uint256 amount);

    // ----------------------------------------------------------------------------------------
    // Errors, by domain
    // ----------------------------------------------------------------------------------------

    // configuration
    error InvalidAddress();
    error InvalidMinimumInvestment();
    error InvalidLockupPeriodDuration(uint256 duration);
    // investing and withdrawing
    error NotWhitelisted(address account);
    error AlreadyWhitelisted(address account);
    error BelowMinimumInvestment(uint256 amount, uint256 minimumInvestment);
    error NothingReceived();
    error PoolLocked(uint256 poolId);
    error PoolNotLocked(uint256 poolId);
    error PoolNotSettled(uint256 poolId);
    error UnwithdrawnPosition(uint256 poolId);
    error NothingToWithdraw();
    // emergency
    error EmergencyActive();
    error NotInEmergency();
    error EmergencyStateUnchanged();
    // pools and trading wallets
    error EmptyPool();
    error LockupNotEnded(uint256 lockupEndTime);
    error ReturnedAmountMismatch(uint256 reported, uint256 collected);
    error InvalidWalletType();
    error InvalidAllocation(uint256 allocation);
    error AllocationExceedsLimit(uint256 totalAllocation);
    error AllocationIncomplete(uint256 totalAllocation);
    error TooManyTradingWallets();
    error TradingWalletAlreadyAdded(address wallet);
    error TradingWalletNotFound(address wallet);
    error TradingWalletIndexOutOfBounds(uint256 index, uint256 length);
    // governance
    error EmptyDescription();
    error DescriptionTooLong(uint256 length);
    error InvalidVotingPeriod(uint256 votingPeriodSeconds);
    error NoVotingPower(address account);
    error ProposalNotFound(uint256 proposalId);
    error VotingClosed(uint256 proposalId);
    error VotingNotEnded(uint256 proposalId);
    error AlreadyVoted(uint256 proposalId, address voter);
    error ProposalAlreadyExecuted(uint256 proposalId);
    error ProposalNotPassed(uint256 proposalId);
    // roles
    error LastRoleMember(bytes32 role);
    error NotAdminOrOperator(address account);
    // treasury
    error NoExcess();
}
