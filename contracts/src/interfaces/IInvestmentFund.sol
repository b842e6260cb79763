// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IFundVotes} from "./IFundVotes.sol";

/// @title IInvestmentFund
/// @notice The Fundament investment fund: one contract holding several vaults. A vault is a strategy that runs
/// rounds for as long as the fund lives; each round is a pool with a global id. A pool is open (taking
/// deposits), then locked (its funds with the vault's trading wallets), then settled, and at settlement the
/// vault's next pool opens. Vault 1's first pool is pool 1, vault 2's first pool is pool 2; later pools take
/// the next free id, so `investmentPools(id)` describes every pool ever run.
///
/// Positions are per (investor, vault) and held in vault shares priced per round, so a position can roll
/// from one round into the next without any loop over investors. Nobody's money moves without consent: a
/// position rolls over only while its owner's standing choice (`setRollOver`) says so; otherwise it stays in
/// its settled pool until withdrawn. The whitelist, roles, fund wallet, emergency state and voting power are
/// fund-wide; proposals and votes live in the fund's `FundGovernor` (`governor()`).
interface IInvestmentFund is IFundVotes {
    // ----------------------------------------------------------------------------------------
    // Types
    // ----------------------------------------------------------------------------------------

    /// @notice Where a pool is in its round. `None`: no such pool.
    enum PoolState {
        None,
        Open,
        Locked,
        Settled
    }

    /// @notice Whether `invest` would take a deposit now, and if not the first reason (vault-wide reasons first).
    /// `Locked`: until its round settles (`DepositCheck.until`: the lockup's end, or when a proposed settlement
    /// becomes final if later). `UnwithdrawnPosition`: the investor's settled payout in this vault waits to be withdrawn.
    /// `VaultCapReached`: the round's total funds would pass the vault's cap (or it has no room for a minimum deposit);
    /// `AboveInvestorCap`: the investor's funds in the round would pass the investor cap (`DepositCheck.roundRoom` and
    /// `investorRoom`: how much more fits under each).
    enum DepositStatus {
        Open,
        Emergency,
        WindingDown,
        Paused,
        Locked,
        NotWhitelisted,
        UnwithdrawnPosition,
        BelowMinimum,
        VaultCapReached,
        AboveInvestorCap
    }

    /// @notice `getDepositStatus`'s answer: the status, until when (seconds; 0 when it does not end on its own) and the
    /// vault's minimum.
    struct DepositCheck {
        DepositStatus status;
        uint256 until;
        uint256 minimumInvestment;
        /// @dev How much more the vault's cap lets into the current round, and how much more `account` may add under
        /// the investor cap (`type(uint256).max`: no such cap).
        uint256 roundRoom;
        uint256 investorRoom;
    }

    /// @notice A vault's settings and where its rounds are.
    struct VaultInfo {
        string name;
        uint256 currentPoolId;
        uint256 round;
        bool isLocked;
        uint256 minimumInvestment;
        uint256 lockupPeriodDuration;
        uint256 rollingShares;
        uint256 eraStartPoolId;
        /// @dev Deposits and new rounds stopped by an admin or a guardian, until an admin resumes them.
        bool paused;
        /// @dev Deposits and new rounds stopped for good; the round in progress still settles and every position
        /// becomes withdrawable.
        bool windingDown;
        /// @dev How long a proposed settlement waits before it becomes final, in seconds.
        uint256 challengeWindow;
        /// @dev A round's result beyond these (basis points of its principal: a loss above `maxLossBps`, a gain above
        /// `maxGainBps`, 65,535 meaning no bound) needs a guardian's co-signature before it is final.
        uint256 maxLossBps;
        uint256 maxGainBps;
        /// @dev The vault's fees in basis points: management per year of a round's principal, performance of a round's
        /// profit above the high-water mark.
        uint256 managementFeeBps;
        uint256 performanceFeeBps;
        /// @dev The share price (scaled by `SHARE_PRICE_SCALE`) the current round must beat before a performance fee
        /// is due: the highest settlement price the vault's rolling shares reached, at least the round's start price.
        uint256 highWaterMark;
        /// @dev Caps of a round's total funds and of one investor's funds in a round, in tokens (0: none).
        uint256 depositCap;
        uint256 investorCap;
    }

    /// @notice Everything about one pool (round) beyond the spec's seven fields of `investmentPools`.
    /// @dev Share prices are scaled by `SHARE_PRICE_SCALE`: a share bought in this pool cost `startSharePrice`,
    /// and is worth `settleSharePrice` after settlement.
    struct PoolInfo {
        uint256 vaultId;
        uint256 round;
        PoolState state;
        uint256 totalFunds;
        uint256 totalShares;
        uint256 lockupStartTime;
        uint256 lockupEndTime;
        uint256 preLockupTotal;
        uint256 postLockupTotal;
        uint256 profitGenerated;
        uint256 collected;
        uint256 fundFee;
        uint256 rolledOver;
        uint256 startSharePrice;
        uint256 settleSharePrice;
        uint256 unclaimedShares;
        uint256 unclaimedPayouts;
        /// @dev The report of the proposed settlement while one waits, then of the settlement (0: none).
        bytes32 reportHash;
        /// @dev The proposed settlement's total and when it becomes (or became) final; 0 when none is proposed.
        uint256 proposedTotal;
        uint256 finalAt;
        bool proposedAtLoss;
        /// @dev The proposal lies outside the vault's bounds and needs a guardian's co-signature; whether it has it.
        bool needsCosign;
        bool cosigned;
        /// @dev Once settled, `fundFee` is `managementFee` plus `performanceFee`; the performance fee was charged on
        /// the profit above `highWaterMark` (a share price) times the pool's shares.
        uint256 managementFee;
        uint256 performanceFee;
        uint256 highWaterMark;
        /// @dev The fee rates the round is charged at most (the vault's when it was locked; 0 before): a lower rate
        /// set since applies instead.
        uint256 managementFeeBps;
        uint256 performanceFeeBps;
    }

    /// @notice An investor's position in one vault.
    /// @dev `poolId` is the pool the position is in now (for a rolling position, the vault's current pool).
    /// `value` is what the position is worth now: its share of an open or locked pool at the pool's starting
    /// price, or its payout once the pool is settled. `withdrawable` is what `withdraw(vaultId)` would pay now.
    struct PositionInfo {
        uint256 poolId;
        uint256 shares;
        uint256 principal;
        bool rollOver;
        uint256 value;
        uint256 withdrawable;
        PoolState poolState;
    }

    // ----------------------------------------------------------------------------------------
    // Events (past tense, emitted right after the state change)
    // ----------------------------------------------------------------------------------------

    /// @notice A vault was created with its first pool, which takes deposits at once (unless the fund is paused, in
    /// wind-down or in an emergency). Emitted by the constructor for vaults 1 and 2 and by `createVault` (an admin),
    /// after the vault's `MinimumInvestmentUpdated`, `LockupPeriodDurationUpdated`, `ChallengeWindowUpdated`,
    /// `SettlementBoundsUpdated`, `FeesUpdated` and its first pool's `PoolOpened`.
    /// @param vaultId The new vault's id (vaults are numbered from 1).
    /// @param name The vault's display name (1 to 31 bytes).
    /// @param firstPoolId The id of the vault's first pool (round 1).
    /// @param minimumInvestment The vault's smallest deposit, in token base units.
    /// @param lockupPeriodDuration How long the vault's lockups last, in seconds.
    event VaultCreated(
        uint256 indexed vaultId,
        string name,
        uint256 firstPoolId,
        uint256 minimumInvestment,
        uint256 lockupPeriodDuration
    );
    /// @notice `investor` deposited `amount` into `poolId` of `vaultId` and received `shares` (`invest`,
    /// `investWithPermit`). The deposit adds `amount` to the investor's position and to their voting power.
    /// @param investor The whitelisted account that deposited.
    /// @param vaultId The vault deposited into.
    /// @param poolId The vault's open pool that took the deposit.
    /// @param amount What the fund actually received (its balance change, which a fee-on-transfer token makes less than
    /// what was asked), in token base units.
    /// @param shares Vault shares credited to the position: `amount` times `SHARE_PRICE_SCALE` divided by the pool's
    /// starting share price, rounded down.
    event Invested(
        address indexed investor, uint256 indexed vaultId, uint256 indexed poolId, uint256 amount, uint256 shares
    );
    /// @notice `investor` left `poolId` of `vaultId` with `amount` (`withdraw`): the whole position was closed and its
    /// principal left the investor's voting power. From a settled pool it is the position's payout; from a pool still
    /// open, its value at the pool's starting share price (a fresh deposit's principal back, nothing earned).
    /// @param investor The account that withdrew and received `amount`.
    /// @param vaultId The vault withdrawn from.
    /// @param poolId The pool the position was in (a settled pool, or the vault's open pool).
    /// @param amount Paid to `investor`, in token base units (rounded down).
    event Withdrawn(address indexed investor, uint256 indexed vaultId, uint256 indexed poolId, uint256 amount);
    /// @notice `investor` left `poolId` of `vaultId` with `amount` during an emergency (`emergencyWithdraw`): the same
    /// exit, and the same amount, as `Withdrawn`.
    /// @param investor The account that withdrew and received `amount`.
    /// @param vaultId The vault withdrawn from.
    /// @param poolId The pool the position was in (a settled pool, or the vault's open pool).
    /// @param amount Paid to `investor`, in token base units (rounded down).
    event EmergencyWithdrawn(address indexed investor, uint256 indexed vaultId, uint256 indexed poolId, uint256 amount);
    /// @notice `investor`'s standing roll-over choice for `vaultId` changed (`setRollOver`); it applies at the vault's
    /// next settlement.
    /// @param investor The account whose choice it is.
    /// @param vaultId The vault the choice applies to.
    /// @param enabled True: the position moves into the vault's next round at each settlement; false: it stays in its
    /// settled pool until withdrawn.
    event RollOverSet(address indexed investor, uint256 indexed vaultId, bool enabled);
    /// @notice An admin whitelisted `investor` (`whitelistInvestor`): from now on it may invest in every vault and
    /// create proposals.
    /// @param investor The account allowed.
    event InvestorWhitelisted(address indexed investor);
    /// @notice An admin removed `investor` from the whitelist (`removeInvestorFromWhitelist`): it can no longer invest
    /// or create proposals, but its positions stay its own to withdraw and the voting power it has still votes.
    /// @param investor The account removed.
    event InvestorRemovedFromWhitelist(address indexed investor);
    /// @notice A trading wallet joined `vaultId`'s list (`addTradingWallet`, by the default admin: the timelock): it
    /// receives `allocation` of every lockup of the vault's pools from `poolId` on, and funds can be collected back
    /// from it.
    /// @param vaultId The vault the wallet now serves (an address serves one vault at a time).
    /// @param poolId The vault's open pool when the wallet was added: the first round it applies to.
    /// @param wallet The trading wallet's address.
    /// @param walletType A display name for the wallet's strategy (1 to 31 bytes).
    /// @param allocation The wallet's share of each lockup's funds, in basis points (10,000 = 100 %).
    event TradingWalletAdded(
        uint256 indexed vaultId, uint256 indexed poolId, address indexed wallet, string walletType, uint256 allocation
    );
    /// @notice An admin removed a trading wallet from `vaultId`'s list (`removeTradingWallet`); the wallets after it
    /// moved up one place, keeping their order. It receives nothing from the vault's later lockups.
    /// @param vaultId The vault the wallet served.
    /// @param poolId The vault's open pool when the wallet was removed: the first round without it.
    /// @param wallet The trading wallet's address.
    /// @param index The wallet's position in the list before its removal (from 0).
    event TradingWalletRemoved(uint256 indexed vaultId, uint256 indexed poolId, address indexed wallet, uint256 index);
    /// @notice An admin locked `poolId` of `vaultId` (`startLockupPeriod`): deposits and withdrawals of the round stop
    /// until it settles, and its funds went to the vault's trading wallets (one `FundsSentToTradingWallet` each,
    /// emitted right after).
    /// @param vaultId The vault whose round started.
    /// @param poolId The pool locked.
    /// @param preLockupTotal The round's principal: the pool's funds sent to the trading wallets, in token base units.
    /// @param lockupStartTime When the lockup started (unix time, seconds).
    /// @param lockupEndTime When the lockup ends (unix time, seconds): the earliest a settlement may be proposed,
    /// except in an emergency.
    event LockupStarted(
        uint256 indexed vaultId,
        uint256 indexed poolId,
        uint256 preLockupTotal,
        uint256 lockupStartTime,
        uint256 lockupEndTime
    );
    /// @notice At a lockup (`startLockupPeriod`), `amount` of `poolId`'s funds was sent to `wallet` by its allocation;
    /// emitted once for each of the vault's trading wallets, even when its share is 0 (nothing is sent then).
    /// @param poolId The pool locked.
    /// @param wallet The trading wallet that received the funds.
    /// @param amount Sent to `wallet`, in token base units (the last wallet receives the rounding remainder).
    event FundsSentToTradingWallet(uint256 indexed poolId, address indexed wallet, uint256 amount);
    /// @notice An admin or an operator pulled funds back from `wallet` into `poolId`, the vault's locked pool
    /// (`collectFundsFromTradingWallet`). The pool's collected total, which a settlement must report exactly, grew by
    /// `amount`.
    /// @param poolId The locked pool credited.
    /// @param wallet The trading wallet the funds came from.
    /// @param amount What the fund actually received (its balance change), in token base units.
    event FundsCollected(uint256 indexed poolId, address indexed wallet, uint256 amount);
    /// @notice A pool was settled: `fundFee` accrued to the fund wallet, `investorsTotal` belongs to the pool's
    /// investors, of which `rolledOver` moved into the vault's next pool. `reportHash` is the keccak-256 hash of the
    /// round's NAV report (canonical JSON, served by the API), which claims `totalReturned`. Emitted when a proposed
    /// settlement becomes final (`finalizeSettlement`, or the proposal itself when it is final at once), between the
    /// round's `FeesCharged` and the next pool's `PoolOpened`. Positions that do not roll over can be withdrawn from
    /// the pool from now on.
    /// @param vaultId The vault whose round ended.
    /// @param poolId The pool settled.
    /// @param totalReturned What came back from the trading wallets (the pool's collected total), in token base units.
    /// @param profitGenerated `totalReturned` above the round's principal (`preLockupTotal`), in token base units; 0
    /// for a loss.
    /// @param fundFee The round's management and performance fees, accrued for the fund wallet, in token base units.
    /// @param investorsTotal `totalReturned` less `fundFee`: what the pool's investors own, in token base units.
    /// @param rolledOver The part of `investorsTotal` that moved into the vault's next pool (the rolling positions'
    /// payout and the rounding remainder), in token base units.
    /// @param reportHash The keccak-256 hash of the round's NAV report.
    event ProfitDistributed(
        uint256 indexed vaultId,
        uint256 indexed poolId,
        uint256 totalReturned,
        uint256 profitGenerated,
        uint256 fundFee,
        uint256 investorsTotal,
        uint256 rolledOver,
        bytes32 reportHash
    );
    /// @notice A settlement of `poolId` at `totalReturned` was proposed with the report `reportHash`; it becomes final
    /// at `finalAt` (anyone calls `finalizeSettlement`) unless vetoed before, and once a guardian has co-signed it when
    /// it lies outside the vault's bounds. `finalAt` is now when the vault's challenge window is 0: `ProfitDistributed`
    /// then follows in the same transaction, unless the proposal waits for a co-signature. Emitted by `endLockupPeriod`
    /// and `endLockupPeriodAtLoss` (an admin or an operator); collecting stops while it waits.
    /// @param vaultId The vault whose round the proposal would end.
    /// @param poolId The locked pool the proposal would settle.
    /// @param totalReturned The proposed result: the pool's collected total, in token base units.
    /// @param reportHash The keccak-256 hash of the round's NAV report, which claims `totalReturned`.
    /// @param finalAt When the proposal may become final (unix time, seconds): the proposal's time plus the vault's
    /// challenge window.
    event SettlementProposed(
        uint256 indexed vaultId, uint256 indexed poolId, uint256 totalReturned, bytes32 reportHash, uint256 finalAt
    );
    /// @notice `by` (a guardian or an admin) vetoed the settlement proposed for `poolId` (`vetoSettlement`); nothing
    /// moved, the round stays locked and collecting reopens until a new proposal.
    /// @param vaultId The vault whose proposal was vetoed.
    /// @param poolId The locked pool the vetoed proposal would have settled.
    /// @param totalReturned The vetoed proposal's result, in token base units.
    /// @param reportHash The keccak-256 hash of the vetoed proposal's NAV report.
    /// @param by The guardian or admin who vetoed it.
    event SettlementVetoed(
        uint256 indexed vaultId, uint256 indexed poolId, uint256 totalReturned, bytes32 reportHash, address by
    );
    /// @notice How long `vaultId`'s proposed settlements wait before they become final, in seconds. Emitted when the
    /// vault is created (24 hours; 0 on the local chain) and by `setChallengeWindow` (the default admin: the timelock);
    /// a proposal already waiting keeps its time.
    /// @param vaultId The vault whose window was set.
    /// @param challengeWindow The new window, in seconds (at most 14 days; 0, only on the local chain: final at once).
    event ChallengeWindowUpdated(uint256 indexed vaultId, uint256 challengeWindow);
    /// @notice A guardian co-signed the settlement proposed for `poolId`, which lies outside the vault's bounds
    /// (`cosignSettlement`); it still becomes final only once its challenge window has passed.
    /// @param vaultId The vault whose proposal was co-signed.
    /// @param poolId The locked pool the proposal would settle.
    /// @param guardian The guardian who co-signed.
    event SettlementCosigned(uint256 indexed vaultId, uint256 indexed poolId, address guardian);
    /// @notice `vaultId`'s bounds of a round's result (basis points of its principal; `maxGainBps` 65,535: none). A
    /// proposal beyond them needs a guardian's co-signature. Emitted when the vault is created (10,000 and 65,535: no
    /// bounds) and by `setSettlementBounds` (the default admin: the timelock).
    /// @param vaultId The vault whose bounds were set.
    /// @param maxLossBps The largest loss that needs no co-signature, in basis points of the round's principal (at most
    /// 10,000).
    /// @param maxGainBps The largest gain that needs no co-signature, in basis points of the round's principal (65,535:
    /// no bound).
    event SettlementBoundsUpdated(uint256 indexed vaultId, uint256 maxLossBps, uint256 maxGainBps);
    /// @notice `poolId`'s settlement charged a management fee and a performance fee on the profit above `highWaterMark`
    /// (a share price); together they are `ProfitDistributed`'s `fundFee`. Emitted at every settlement, right before
    /// its `ProfitDistributed` (with fees of 0 when none is due).
    /// @param vaultId The vault whose round was settled.
    /// @param poolId The pool settled.
    /// @param managementFee The management fee, in token base units: the round's principal times the yearly rate for
    /// the time it was locked (up to its lockup's end), at most what came back.
    /// @param performanceFee The performance fee, in token base units: the rate times what came back, less the
    /// management fee, above the higher of the round's principal and `highWaterMark` times the pool's shares.
    /// @param highWaterMark The share price the round was measured against, scaled by `SHARE_PRICE_SCALE` (1e18): the
    /// vault's high-water mark, at least the pool's starting share price.
    event FeesCharged(
        uint256 indexed vaultId,
        uint256 indexed poolId,
        uint256 managementFee,
        uint256 performanceFee,
        uint256 highWaterMark
    );
    /// @notice `vaultId`'s fees (basis points: management per year, performance of the profit above the mark). Emitted
    /// when the vault is created (0 and `FUND_PROFIT_PERCENTAGE`) and by `setFees`: a cut applies at once, to the round
    /// in progress too; a raise (by the default admin: the timelock) to rounds locked after it.
    /// @param vaultId The vault whose fees were set.
    /// @param managementFeeBps The management fee, in basis points of a round's principal per year (at most 500).
    /// @param performanceFeeBps The performance fee, in basis points of a round's profit above the high-water mark (at
    /// most 5,000).
    event FeesUpdated(uint256 indexed vaultId, uint256 managementFeeBps, uint256 performanceFeeBps);
    /// @notice `vaultId`'s caps of a round's total funds and of one investor's funds in a round (0: none), set by
    /// `setCaps`. Deposits already made stay; a lower cap only stops new ones.
    /// @param vaultId The vault whose caps were set.
    /// @param depositCap The most a round's total funds (rolled-over funds included) may reach with a deposit, in token
    /// base units (0: no cap).
    /// @param investorCap The most one investor's funds in a round may reach, valued at the round's share price, in
    /// token base units (0: no cap).
    event CapsUpdated(uint256 indexed vaultId, uint256 depositCap, uint256 investorCap);
    /// @notice `vaultId`'s next pool opened: its first pool when the vault is created, then one at every settlement
    /// (right after its `ProfitDistributed`), starting with the rolled-over positions' funds. It takes deposits unless
    /// the vault is paused, winding down or in an emergency.
    /// @param vaultId The vault whose round opened.
    /// @param poolId The new pool's id (the next free pool id, fund-wide).
    /// @param round The round's number within the vault (from 1).
    event PoolOpened(uint256 indexed vaultId, uint256 indexed poolId, uint256 round);
    /// @notice The fund's accrued fees were sent to the fund wallet (`claimFundFees`, which anyone may call); nothing
    /// is left accrued.
    /// @param fundWallet The fund wallet that received them.
    /// @param amount Sent, in token base units.
    event FundFeesClaimed(address indexed fundWallet, uint256 amount);
    /// @notice The emergency state was turned on (by an admin or a guardian) or off (by an admin only)
    /// (`setEmergencyState`). While on, deposits and lockups stop, a locked pool may be settled before its lockup's
    /// end, and investors may `emergencyWithdraw`.
    /// @param emergencyState True: the emergency started; false: it ended.
    event EmergencyStateChanged(bool emergencyState);
    /// @notice Deposits and new rounds of `vaultId` (0: every vault) were paused or resumed (`setPaused`: an admin or a
    /// guardian pauses, only an admin resumes). Exits stay open while paused.
    /// @param vaultId The vault paused or resumed; 0 for every vault (and those created later), in which case resuming
    /// also resumes each vault paused on its own.
    /// @param paused True: paused; false: resumed.
    event PausedSet(uint256 indexed vaultId, bool paused);
    /// @notice `vaultId` (0: the whole fund) entered its wind-down, for good (`windDown`, by an admin or a guardian):
    /// no deposit and no new round again; the round in progress still settles and every position becomes withdrawable.
    /// @param vaultId The vault winding down; 0 for every vault (and those created later).
    event WindDownStarted(uint256 indexed vaultId);
    /// @notice `vaultId`'s smallest deposit was set: when the vault is created and by `setMinimumInvestment` (a cut by
    /// an admin at once, a raise by the default admin: the timelock).
    /// @param vaultId The vault whose minimum was set.
    /// @param minimumInvestment The smallest deposit, in token base units.
    event MinimumInvestmentUpdated(uint256 indexed vaultId, uint256 minimumInvestment);
    /// @notice `vaultId`'s lockup length was set: when the vault is created and by `setLockupPeriodDuration` (the
    /// default admin: the timelock). It applies from the vault's next lockup; a round already locked keeps its end.
    /// @param vaultId The vault whose lockup length was set.
    /// @param lockupPeriodDuration The lockup length, in seconds (1 hour to 365 days).
    event LockupPeriodDurationUpdated(uint256 indexed vaultId, uint256 lockupPeriodDuration);
    /// @notice The wallet that receives the fund's fees was set: by the constructor and by `setFundWallet` (the default
    /// admin: the timelock). Fees already accrued and not yet claimed go to the new wallet.
    /// @param fundWallet The new fund wallet.
    event FundWalletUpdated(address indexed fundWallet);
    /// @notice An admin sent the tokens the fund held beyond everything it owes (`totalOwed`) to the fund wallet
    /// (`sweepExcess`): such as tokens sent to the fund directly, and the rounding dust of settled pools.
    /// @param to The fund wallet that received them.
    /// @param amount Sent, in token base units.
    event ExcessSwept(address indexed to, uint256 amount);

    // ----------------------------------------------------------------------------------------
    // Errors, by domain
    // ----------------------------------------------------------------------------------------

    /// @notice Thrown when an address argument is zero or would strand funds (the fund or the token itself).
    error InvalidAddress();
    /// @notice Thrown when a minimum investment is zero or does not fit the contract's storage.
    error InvalidMinimumInvestment();
    /// @notice Thrown when a lockup duration is outside `MIN_LOCKUP_PERIOD`..`MAX_LOCKUP_PERIOD`.
    /// @param duration The duration given, in seconds.
    error InvalidLockupPeriodDuration(uint256 duration);
    /// @notice Thrown when a vault name is empty or longer than `MAX_NAME_LENGTH` (31 bytes).
    error InvalidVaultName();
    /// @notice Thrown when `vaultId` names no vault.
    /// @param vaultId The unknown vault id.
    error VaultNotFound(uint256 vaultId);
    /// @notice Thrown when creating a vault beyond `MAX_VAULTS`.
    error TooManyVaults();
    /// @notice Thrown when an account that is not whitelisted invests or proposes.
    /// @param account The account that is not whitelisted.
    error NotWhitelisted(address account);
    /// @notice Thrown when whitelisting an account that already is.
    /// @param account The account already whitelisted.
    error AlreadyWhitelisted(address account);
    /// @notice Thrown when a deposit is below the vault's minimum investment.
    /// @param amount The deposit asked for, in token base units.
    /// @param minimumInvestment The vault's minimum, in token base units.
    error BelowMinimumInvestment(uint256 amount, uint256 minimumInvestment);
    /// @notice Thrown when a transfer into the fund credits nothing (or buys no share).
    error NothingReceived();
    /// @notice Thrown when an action needs the vault's pool open but it is locked.
    /// @param poolId The vault's locked pool.
    error PoolLocked(uint256 poolId);
    /// @notice Thrown when an action needs the vault's pool locked but it is open.
    /// @param poolId The vault's open pool.
    error PoolNotLocked(uint256 poolId);
    /// @notice Thrown when investing or changing roll-over while the vault holds an unwithdrawn payout of a
    /// settled pool for the caller.
    /// @param poolId The settled pool where the caller's payout waits.
    error UnwithdrawnPosition(uint256 poolId);
    /// @notice Thrown when withdrawing with no position in the vault.
    error NothingToWithdraw();
    /// @notice Thrown when an action is refused during an emergency.
    error EmergencyActive();
    /// @notice Thrown when a deposit or a new round meets a vault whose deposits are paused.
    /// @param vaultId The paused vault.
    error VaultPaused(uint256 vaultId);
    /// @notice Thrown when a deposit or a new round meets a vault in wind-down.
    /// @param vaultId The vault in wind-down.
    error VaultWindingDown(uint256 vaultId);
    /// @notice Thrown when `emergencyWithdraw` is called outside an emergency.
    error NotInEmergency();
    /// @notice Thrown when setting the emergency state to the value it has.
    error EmergencyStateUnchanged();
    /// @notice Thrown when locking a pool that holds no shares.
    error EmptyPool();
    /// @notice Thrown when settling before the lockup end outside an emergency.
    /// @param lockupEndTime When the pool's lockup ends (unix time, seconds).
    error LockupNotEnded(uint256 lockupEndTime);
    /// @notice Thrown when the reported total returned differs from what was collected for the pool.
    /// @param reported The total returned given, in token base units.
    /// @param collected What was collected for the pool, in token base units.
    error ReturnedAmountMismatch(uint256 reported, uint256 collected);
    /// @notice Thrown when `endLockupPeriod` would settle below the pool's principal: a loss must be confirmed
    /// with `endLockupPeriodAtLoss`.
    /// @param principal The pool's principal (`preLockupTotal`), in token base units.
    /// @param totalReturned The total returned given, in token base units.
    error LossNotConfirmed(uint256 principal, uint256 totalReturned);
    /// @notice Thrown when a settlement carries no NAV report hash (every settlement must).
    error ReportMissing();
    /// @notice Thrown when a settlement is proposed, or funds collected, while an earlier proposal for the pool waits.
    /// @param poolId The pool whose proposed settlement waits.
    error SettlementPending(uint256 poolId);
    /// @notice Thrown when there is no proposed settlement of the vault's locked pool to finalise or veto.
    /// @param vaultId The vault without a proposed settlement.
    error NoSettlementProposed(uint256 vaultId);
    /// @notice Thrown when a proposed settlement is finalised before its challenge window has passed.
    /// @param finalAt When the proposal may become final (unix time, seconds).
    error ChallengeWindowOpen(uint256 finalAt);
    /// @notice Thrown when a challenge window is over 14 days, or 0 off the local chain.
    /// @param challengeWindow The window given, in seconds.
    error InvalidChallengeWindow(uint256 challengeWindow);
    /// @notice Thrown when a proposal outside the vault's bounds is finalised before a guardian co-signed it.
    /// @param vaultId The vault whose proposal waits for a co-signature.
    error GuardianCosignRequired(uint256 vaultId);
    /// @notice Thrown when a co-signature is given to a proposal inside the bounds, or a second time.
    /// @param vaultId The vault whose proposal needs no (further) co-signature.
    error CosignNotNeeded(uint256 vaultId);
    /// @notice Thrown when a loss bound is above 10,000 basis points or a gain bound above 65,535.
    /// @param maxLossBps The loss bound given, in basis points.
    /// @param maxGainBps The gain bound given, in basis points.
    error InvalidSettlementBounds(uint256 maxLossBps, uint256 maxGainBps);
    /// @notice Thrown when a management fee above 500 basis points a year or a performance fee above 5,000 is set.
    /// @param managementFeeBps The management fee given, in basis points a year.
    /// @param performanceFeeBps The performance fee given, in basis points.
    error FeeAboveCap(uint256 managementFeeBps, uint256 performanceFeeBps);
    /// @notice Thrown when a deposit would take the round's total funds above the vault's cap; `available` is the room
    /// left.
    /// @param available How much more the round takes before the cap, in token base units.
    error VaultCapExceeded(uint256 available);
    /// @notice Thrown when a deposit would take the investor's funds in the round above the vault's investor cap;
    /// `available` is the room they have left.
    /// @param available How much more the investor may add before the cap, in token base units.
    error InvestorCapExceeded(uint256 available);
    /// @notice Thrown when `endLockupPeriodAtLoss` is called for a pool that made no loss.
    /// @param principal The pool's principal (`preLockupTotal`), in token base units.
    /// @param totalReturned The total returned given, in token base units.
    error NotALoss(uint256 principal, uint256 totalReturned);
    /// @notice Thrown when a trading-wallet type is empty or longer than `MAX_WALLET_TYPE_LENGTH` (31 bytes).
    error InvalidWalletType();
    /// @notice Thrown when an allocation is zero or above `BASIS_POINTS`.
    /// @param allocation The allocation given, in basis points.
    error InvalidAllocation(uint256 allocation);
    /// @notice Thrown when the vault's allocations would add up to more than `BASIS_POINTS`.
    /// @param totalAllocation The vault's allocations with the new one, in basis points.
    error AllocationExceedsLimit(uint256 totalAllocation);
    /// @notice Thrown when locking a pool whose allocations do not add up to exactly `BASIS_POINTS`.
    /// @param totalAllocation The vault's allocations, in basis points.
    error AllocationIncomplete(uint256 totalAllocation);
    /// @notice Thrown when adding a trading wallet beyond `MAX_TRADING_WALLETS`.
    error TooManyTradingWallets();
    /// @notice Thrown when adding a trading wallet the vault already has.
    /// @param wallet The address already a trading wallet (of this vault or another).
    error TradingWalletAlreadyAdded(address wallet);
    /// @notice Thrown when collecting from an address that is not a trading wallet of the pool.
    /// @param wallet The address that is not one of the vault's trading wallets.
    error TradingWalletNotFound(address wallet);
    /// @notice Thrown when removing a trading wallet at an index past the end of the list.
    /// @param index The index given.
    /// @param length The number of trading wallets in the list.
    error TradingWalletIndexOutOfBounds(uint256 index, uint256 length);
    /// @notice Thrown when revoking (or renouncing) the last holder of `DEFAULT_ADMIN_ROLE` or `ADMIN_ROLE`.
    /// @param role The role whose last holder it is.
    error LastRoleMember(bytes32 role);
    /// @notice Thrown when an admin tries to take `ADMIN_ROLE` from a holder of `DEFAULT_ADMIN_ROLE`.
    /// @param account The default admin whose `ADMIN_ROLE` was to be taken.
    error DefaultAdminProtected(address account);
    /// @notice Thrown when a caller holds neither `ADMIN_ROLE` nor `OPERATOR_ROLE`.
    /// @param account The caller.
    error NotAdminOrOperator(address account);
    /// @notice Thrown when sweeping while the balance does not exceed what the fund owes.
    error NoExcess();
    /// @notice Thrown when claiming fund fees while none have accrued.
    error NoFundFees();
    /// @notice Thrown by `investWithPermit` when the permit failed and the allowance does not cover the amount.
    error PermitFailed();

    // ----------------------------------------------------------------------------------------
    // Investors
    // ----------------------------------------------------------------------------------------

    /// @notice Deposits `amount` of the investment token into `vaultId`'s open pool, buying shares at the
    /// pool's starting price.
    /// @dev Requires an allowance of at least `amount`; credits what actually arrived. Reverts with
    /// `VaultNotFound`, `NotWhitelisted`, `EmergencyActive`, `BelowMinimumInvestment`, `PoolLocked`,
    /// `UnwithdrawnPosition` (withdraw the settled payout first) or `NothingReceived`.
    /// @param vaultId The vault to invest in (1, 2, ...).
    /// @param amount Token units to deposit.
    function invest(uint256 vaultId, uint256 amount) external;

    /// @notice `invest` in one transaction without a prior `approve`: first calls the investment token's EIP-2612
    /// `permit(msg.sender, address(this), amount, deadline, v, r, s)`, then deposits exactly as `invest`.
    /// @dev Safe against permit front-running: the permit is called inside `try`, and when it fails (for example
    /// someone submitted the same signature first, so its nonce is used; or the deadline passed; or the
    /// signature is not the caller's) the deposit still goes ahead if the caller's allowance to the fund already
    /// covers `amount`; otherwise it reverts with `PermitFailed`. Then reverts like `invest`. The token must
    /// implement EIP-2612 (MockUSDC and USDC do).
    /// @param vaultId The vault to invest in (1, 2, ...).
    /// @param amount Token units to deposit; also the permit's value.
    /// @param deadline The permit's deadline (a unix time).
    /// @param v The permit signature's recovery id.
    /// @param r The permit signature's r.
    /// @param s The permit signature's s.
    function investWithPermit(uint256 vaultId, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;

    /// @notice Withdraws the caller's position in `vaultId`: the payout of a settled pool, or the deposit of a
    /// pool that is still open (principal back, nothing earned). Counts in `totalWithdrawn`.
    /// @dev Reverts with `VaultNotFound`, `NothingToWithdraw` or `PoolLocked` (the position is with the traders;
    /// turn roll-over off to leave at the next settlement).
    /// @param vaultId The vault to withdraw from.
    /// @return payout Token units sent to the caller.
    function withdraw(uint256 vaultId) external returns (uint256 payout);

    /// @notice The same exit as `withdraw`, during an emergency (emits `EmergencyWithdrawn`).
    /// @dev Reverts with `NotInEmergency`, `VaultNotFound`, `NothingToWithdraw` or `PoolLocked`.
    /// @param vaultId The vault to withdraw from.
    /// @return payout Token units sent to the caller.
    function emergencyWithdraw(uint256 vaultId) external returns (uint256 payout);

    /// @notice Sets the caller's standing choice for `vaultId`: when on, the position's principal plus profit
    /// (or minus a loss) moves into the vault's next round at each settlement; when off, it stays in the
    /// settled pool for `withdraw`. Takes effect at the next settlement, also while the pool is locked.
    /// @dev Reverts with `VaultNotFound` or `UnwithdrawnPosition` (the position is already settled: withdraw it).
    function setRollOver(uint256 vaultId, bool enabled) external;

    // ----------------------------------------------------------------------------------------
    // Vaults and pools (admin and operator)
    // ----------------------------------------------------------------------------------------

    /// @notice Creates a vault and opens its first pool.
    /// @dev Admin only. Reverts with `InvalidVaultName`, `TooManyVaults`, `InvalidMinimumInvestment` or
    /// `InvalidLockupPeriodDuration`.
    /// @return vaultId The new vault's id.
    function createVault(string calldata name, uint256 minimumInvestment, uint256 lockupPeriodDuration)
        external
        returns (uint256 vaultId);

    /// @notice Locks `vaultId`'s open pool: snapshots `preLockupTotal`, sets the lockup end from the vault's
    /// lockup duration and sends the funds to the vault's trading wallets by allocation (the last wallet
    /// receives the rounding dust).
    /// @dev Admin only. Reverts with `VaultNotFound`, `EmergencyActive`, `PoolLocked`, `EmptyPool` or
    /// `AllocationIncomplete`.
    function startLockupPeriod(uint256 vaultId) external;

    /// @notice Pulls `amount` back from a trading wallet of `vaultId`'s locked pool (the wallet must have
    /// approved this contract) and credits the pool with what arrived.
    /// @dev Admin or operator. Reverts with `VaultNotFound`, `PoolNotLocked`, `TradingWalletNotFound`,
    /// `SettlementPending` or `NothingReceived`.
    function collectFundsFromTradingWallet(uint256 vaultId, address wallet, uint256 amount) external;

    /// @notice Proposes to settle `vaultId`'s locked pool at or above its principal; once final (after the vault's
    /// challenge window, unless vetoed; at once when the window is 0) the pool is settled and the vault's next pool
    /// opens. `totalReturned` must equal what was collected. The profit is split: `FUND_PROFIT_PERCENTAGE` accrues to
    /// the fund wallet (claimed with `claimFundFees`), the rest belongs to the pool's investors; rolling
    /// positions move into the next pool. `reportHash` is the keccak-256 hash of the round's NAV report (the
    /// canonical JSON the API builds and serves), which claims `totalReturned`; it is stored with the pool.
    /// @dev Admin or operator. Only after the lockup end, except in an emergency. Reverts with
    /// `VaultNotFound`, `PoolNotLocked`, `SettlementPending`, `LockupNotEnded`, `ReturnedAmountMismatch`,
    /// `LossNotConfirmed` or `ReportMissing`.
    function endLockupPeriod(uint256 vaultId, uint256 totalReturned, bytes32 reportHash) external;

    /// @notice Proposes to settle `vaultId`'s locked pool below its principal (down to zero): the deliberate, confirmed
    /// form of `endLockupPeriod` for a loss, shared pro rata, with no fee.
    /// @dev Admin or operator. Reverts as `endLockupPeriod` does, and with `NotALoss` when nothing was lost.
    function endLockupPeriodAtLoss(uint256 vaultId, uint256 totalReturned, bytes32 reportHash) external;

    /// @notice Makes `vaultId`'s proposed settlement final once the vault's challenge window has passed, and opens the
    /// vault's next pool. Anyone may call it.
    /// @dev Reverts with `VaultNotFound`, `NoSettlementProposed`, `ChallengeWindowOpen` or `GuardianCosignRequired`.
    function finalizeSettlement(uint256 vaultId) external;

    /// @notice Vetoes `vaultId`'s proposed settlement before it is final: nothing moves, the round stays locked and
    /// collecting reopens until a new proposal.
    /// @dev A guardian or an admin. Reverts with `VaultNotFound` or `NoSettlementProposed`.
    function vetoSettlement(uint256 vaultId) external;

    /// @notice Co-signs `vaultId`'s proposed settlement, which lies outside the vault's bounds, so that it can become
    /// final once its window has passed.
    /// @dev A guardian only. Reverts with `VaultNotFound`, `NoSettlementProposed` or `CosignNotNeeded`.
    function cosignSettlement(uint256 vaultId) external;

    /// @notice Sets the bounds of `vaultId`'s round results, in basis points of a round's principal: a proposal losing
    /// more than `maxLossBps` or gaining more than `maxGainBps` (65,535: no bound) needs a guardian's co-signature.
    /// New vaults: no bounds (10,000 and 65,535).
    /// @dev Default admin only (the `FundTimelock`). Reverts with `VaultNotFound` or `InvalidSettlementBounds`.
    function setSettlementBounds(uint256 vaultId, uint256 maxLossBps, uint256 maxGainBps) external;

    /// @notice Sets `vaultId`'s fees in basis points: management per year of a round's principal (at most 500),
    /// performance of a round's profit above the high-water mark (at most 5,000). New vaults: 0 and
    /// `FUND_PROFIT_PERCENTAGE`. A cut applies at once, to the round in progress too; a raise to rounds locked after it.
    /// @dev Raising either: default admin only (the `FundTimelock`); cutting: an admin. Reverts with `VaultNotFound` or
    /// `FeeAboveCap`.
    function setFees(uint256 vaultId, uint256 managementFeeBps, uint256 performanceFeeBps) external;

    /// @notice Sets `vaultId`'s caps: of a round's total funds (`depositCap`) and of one investor's funds in a round, at
    /// the round's share price (`investorCap`), in tokens; 0: none. Deposits already made stay; a lower cap only stops
    /// new ones.
    /// @dev Raising or removing a cap: default admin only (the `FundTimelock`); lowering or adding one: an admin, at
    /// once. Reverts with `VaultNotFound` or `SafeCastOverflowedUintDowncast` above uint128.
    function setCaps(uint256 vaultId, uint256 depositCap, uint256 investorCap) external;

    /// @notice Sets how long `vaultId`'s proposed settlements wait, open to a veto, before they become final
    /// (new vaults: 24 hours; 0 on the local chain). A proposal already waiting keeps its time.
    /// @dev Default admin only (the `FundTimelock`). Reverts with `VaultNotFound` or `InvalidChallengeWindow`.
    function setChallengeWindow(uint256 vaultId, uint256 challengeWindow) external;

    /// @notice Adds a trading wallet to `vaultId` (its open pool and the rounds after it). An address serves one vault
    /// at a time.
    /// @dev Default admin only (the `FundTimelock` once handed over: scheduled, it waits the public delay). Reverts with `VaultNotFound`, `InvalidAddress`, `InvalidWalletType`,
    /// `InvalidAllocation`, `AllocationExceedsLimit`, `TooManyTradingWallets`, `TradingWalletAlreadyAdded` or
    /// `PoolLocked`.
    /// @param wallet Address that receives its allocation of the pool at lockup.
    /// @param walletType A display name for the wallet's strategy.
    /// @param allocation Share of the pool sent to this wallet, in basis points.
    function addTradingWallet(uint256 vaultId, address wallet, string calldata walletType, uint256 allocation) external;

    /// @notice Removes `vaultId`'s trading wallet at `index`, keeping the order of the others.
    /// @dev Admin only. Reverts with `VaultNotFound`, `TradingWalletIndexOutOfBounds` or `PoolLocked`.
    function removeTradingWallet(uint256 vaultId, uint256 index) external;

    // ----------------------------------------------------------------------------------------
    // Whitelist and settings (admin)
    // ----------------------------------------------------------------------------------------

    /// @notice Allows `investor` to invest in every vault. Admin only. Reverts with `InvalidAddress` or
    /// `AlreadyWhitelisted`.
    function whitelistInvestor(address investor) external;

    /// @notice Stops `investor` from investing or proposing; their positions stay theirs to withdraw, and
    /// power they already had still votes. Admin only. Reverts with `NotWhitelisted`.
    function removeInvestorFromWhitelist(address investor) external;

    /// @notice Turns the emergency state on or off. While on, deposits and lockups stop, a locked pool may be
    /// settled early, and investors may `emergencyWithdraw`. An admin turns it on or off; a guardian may only turn it on.
    /// Reverts with `AccessControlUnauthorizedAccount` or `EmergencyStateUnchanged`.
    function setEmergencyState(bool emergencyState_) external;

    /// @notice Brings each of `accounts`' positions in `vaultId` up to date, for anyone: a rolling position wiped out by
    /// a worthless settlement (a total loss) drops out of its owner's voting power at once; others are left as they are.
    /// @dev Reverts with `VaultNotFound`.
    /// @return synced How many positions gave up stale voting power (simulate it to count them first).
    function syncPositions(address[] calldata accounts, uint256 vaultId) external returns (uint256 synced);

    /// @notice Pauses (or resumes) deposits and new rounds of `vaultId`, or of every vault when `vaultId` is 0 (which
    /// vaults created later inherit). Exits stay open: refunds, payouts and roll-over changes.
    /// @dev An admin or a guardian may pause; only an admin resumes. Reverts with `VaultNotFound`.
    function setPaused(uint256 vaultId, bool paused) external;

    /// @notice Puts `vaultId` (0: the whole fund) into wind-down, for good: no deposit and no new round; the round in
    /// progress settles as usual and its result waits in the next, never-locked pool, so every position becomes
    /// withdrawable.
    /// @dev An admin or a guardian. Reverts with `VaultNotFound`.
    function windDown(uint256 vaultId) external;

    /// @notice Sets `vaultId`'s smallest deposit. Lowering it is an admin's, at once; raising it is the default admin's
    /// (the timelock's: it waits the delay). Reverts with `VaultNotFound`, `AccessControlUnauthorizedAccount` or
    /// `InvalidMinimumInvestment`.
    function setMinimumInvestment(uint256 vaultId, uint256 minimumInvestment_) external;

    /// @notice Sets the lockup length of `vaultId`'s next lockup. Default admin only (the timelock: it waits the
    /// delay). Reverts with `VaultNotFound` or `InvalidLockupPeriodDuration`.
    function setLockupPeriodDuration(uint256 vaultId, uint256 lockupPeriodDuration_) external;

    /// @notice Sets the wallet that receives the fund's share of profits. Default admin only (the timelock: it waits the
    /// delay). Reverts with `InvalidAddress` (zero, the fund itself or the token).
    function setFundWallet(address fundWallet_) external;

    /// @notice Sends the fund's accrued share of profits to the fund wallet. Anyone may call it.
    /// @dev Reverts with `NoFundFees`.
    /// @return amount Token units sent.
    function claimFundFees() external returns (uint256 amount);

    /// @notice Sends tokens the contract holds beyond everything it owes to the fund wallet. Admin only.
    /// @dev Reverts with `NoExcess`.
    function sweepExcess() external;

    // ----------------------------------------------------------------------------------------
    // Views
    // ----------------------------------------------------------------------------------------

    /// @notice The token investors deposit.
    function investmentToken() external view returns (address);
    /// @notice Wallet that receives the fund's share of profits.
    function fundWallet() external view returns (address);
    /// @notice The fund's share of profits accrued and not yet claimed.
    function fundFeesAccrued() external view returns (uint256);
    /// @notice Whether the emergency state is on.
    function emergencyState() external view returns (bool);
    /// @notice Number of vaults; ids run from 1 to this number.
    function vaultCount() external view returns (uint256);
    /// @notice Number of pools ever opened; ids run from 1 to this number.
    function poolCount() external view returns (uint256);
    /// @notice `vaultId`'s smallest deposit. Reverts with `VaultNotFound`.
    function minimumInvestment(uint256 vaultId) external view returns (uint256);
    /// @notice `vaultId`'s lockup length for its next lockup, in seconds. Reverts with `VaultNotFound`.
    function lockupPeriodDuration(uint256 vaultId) external view returns (uint256);
    /// @notice Id of `vaultId`'s pool that is open or locked now. Reverts with `VaultNotFound`.
    function currentPoolId(uint256 vaultId) external view returns (uint256);
    /// @notice A pool's trading wallets: its vault's list, which can change only while the vault's pool is open
    /// (the `TradingWalletAdded` / `TradingWalletRemoved` events, which name the pool, keep the history).
    function getTradingWallets(uint256 poolId)
        external
        view
        returns (address[] memory wallets, uint256[] memory allocations, string[] memory walletTypes);
    /// @notice Number of accounts holding `role` (the admin list itself comes from `RoleGranted` events).
    function getRoleMemberCount(bytes32 role) external view returns (uint256);
    /// @notice Whether `account` may invest.
    function isWhitelisted(address account) external view returns (bool);
    /// @notice Everything the contract owes: unwithdrawn payouts, accrued fund fees, open pools' deposits and
    /// locked pools' collected returns. Its token balance always covers this.
    function totalOwed() external view returns (uint256);
}
