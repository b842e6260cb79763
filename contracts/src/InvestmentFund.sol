// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";
import {ShortString, ShortStrings} from "@openzeppelin/contracts/utils/ShortStrings.sol";

import {FundGovernor} from "./FundGovernor.sol";
import {FundStorage} from "./FundStorage.sol";
import {FundViews} from "./FundViews.sol";
import {IFundVotes} from "./interfaces/IFundVotes.sol";
import {IInvestmentFund} from "./interfaces/IInvestmentFund.sol";
import {Config, FundTotals, Pool, Settlement, Vault} from "./libraries/Settlement.sol";
import {TradingWalletList} from "./libraries/TradingWalletList.sol";

/// @title InvestmentFund
/// @notice An on-chain investment fund with several vaults, each running rounds for as long as the fund lives.
/// Whitelisted investors deposit the investment token into a vault's open pool; an admin locks the pool, which
/// sends its funds to the vault's trading wallets by allocation; at the end of the lockup the funds are
/// collected back and the pool is settled: profit (only when more came back than went out) is split between
/// the fund (`FUND_PROFIT_PERCENTAGE`, accrued for the fund wallet to claim) and the pool's investors
/// (`POOL_PROFIT_PERCENTAGE`), a confirmed loss is shared pro rata, and the vault's next pool opens.
///
/// Accounting: a position is a number of vault shares. Each pool has a starting share price (what a share
/// bought in it costs) and, once settled, a settlement price (the investors' total divided by the pool's
/// shares). Rolling positions keep their shares from round to round: the next pool starts at the settlement
/// price, so no investor is ever visited in a loop. A position that does not roll stays in its settled pool
/// and is paid `shares x settlementPrice` when its owner withdraws.
///
/// Rules that keep the fund solvent:
/// - Every amount credited (on `invest` and on `collectFundsFromTradingWallet`) is the balance change the
///   contract actually saw, so a fee-on-transfer token can never inflate an account.
/// - `endLockupPeriod(totalReturned)` must report exactly what was collected for the pool.
/// - Shares and payouts round down, so what is paid out never exceeds what the pool holds; the last exit of
///   a settled pool releases its rounding dust to `sweepExcess`.
/// - No function loops over investors or rounds; loops over trading wallets are bounded by
///   `MAX_TRADING_WALLETS` and the view `totalOwed` loops over at most `MAX_VAULTS` vaults.
///
/// Governance lives in `FundGovernor`, which the constructor creates (`governor()`): voting power is the invested
/// principal across all vaults, kept here and read there through the ERC-5805 shape (`clock`, `getPastVotes`). A vote
/// is weighted by the voter's power at the end of the block before the proposal was created, so power gained
/// afterwards (a flash deposit, an invest-vote-withdraw loop) does not count.
/// @dev Functions that move tokens are `nonReentrant`. `invest` and `collectFundsFromTradingWallet` pull
/// tokens before updating state because they credit the observed balance delta; the reentrancy guard makes
/// that safe. Every other token transfer comes after the state change (checks-effects-interactions).
contract InvestmentFund is IInvestmentFund, AccessControl, ReentrancyGuardTransient, FundStorage {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;
    using Checkpoints for Checkpoints.Trace208;

    // ----------------------------------------------------------------------------------------------
    // Constants
    // ----------------------------------------------------------------------------------------------

    /// @notice Role of the fund's administrators (vaults, trading wallets, whitelist, admins, lockups, emergency).
    bytes32 public constant ADMIN_ROLE = keccak256("ADMIN_ROLE");
    /// @notice Role of the trading desk: may collect funds back from the trading wallets and settle a pool.
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice Role of the guardian (a person, a Safe, a second key), who can only make things safer: cancel a change
    /// waiting in the `FundTimelock`, pause deposits and new rounds, start a wind-down, and turn the emergency state
    /// on; never off, never resume, never move funds or grant roles.
    bytes32 public constant GUARDIAN_ROLE = keccak256("GUARDIAN_ROLE");

    /// @notice Denominator of every percentage and allocation (100% = 10,000).
    uint256 public constant BASIS_POINTS = 10_000;
    /// @notice Share of a pool's profit that accrues to the fund wallet, in basis points.
    uint256 public constant FUND_PROFIT_PERCENTAGE = 2_000;
    /// @notice Share of a pool's profit kept by the pool's investors, in basis points.
    uint256 public constant POOL_PROFIT_PERCENTAGE = BASIS_POINTS - FUND_PROFIT_PERCENTAGE;
    /// @notice Scale of share prices: a vault's first pool sells one share per token unit.
    uint256 public constant SHARE_PRICE_SCALE = 1e18;

    /// @notice Most vaults the fund can hold; bounds the loop of `totalOwed`.
    uint256 internal constant MAX_VAULTS = 16;
    /// @notice Longest vault name, in bytes.
    uint256 internal constant MAX_NAME_LENGTH = 31;
    /// @notice Shortest and longest lockup period of a pool.
    uint256 internal constant MIN_LOCKUP_PERIOD = 1 hours;
    uint256 internal constant MAX_LOCKUP_PERIOD = 365 days;
    /// @notice A new vault's challenge window off the local chain: how long a proposed settlement waits, open to a
    /// guardian's veto, before anyone may finalise it.
    uint256 internal constant DEFAULT_CHALLENGE_WINDOW = 24 hours;
    /// @notice Longest challenge window (a round's result should not wait longer for its investors).
    uint256 internal constant MAX_CHALLENGE_WINDOW = 14 days;
    /// @notice The chain id of the local development chain (anvil), the only one where a window of 0 is allowed and
    /// new vaults start with it.
    uint256 internal constant LOCAL_CHAIN_ID = 31_337;

    // ----------------------------------------------------------------------------------------------
    // Storage (packed so that `invest` and `vote` touch as few slots as possible)
    // ----------------------------------------------------------------------------------------------

    /// @dev Slot 0 of a `Vault`, decoded from one SLOAD by `_loadVaultHead`.
    struct VaultHead {
        uint32 currentPoolId;
        bool isLocked;
        uint8 stops;
        uint88 minimumInvestment;
        uint32 lastProposalBlock;
        uint88 sharePrice;
    }

    /// @dev An investor's fund-wide record and a two-entry history of their voting power: the current power
    /// (`investedAmount`, in effect from block `powerChangedAt`) and the one before it (`previousPower`, in
    /// effect from `previousChangedAt`). Older entries go to `_powerArchive` only when a proposal's snapshot
    /// could still ask for them, so repeat deposits do not pay for a new storage slot each time.
    struct Investor {
        uint88 investedAmount;
        uint88 previousPower;
        uint32 powerChangedAt;
        uint32 previousChangedAt;
        bool whitelisted;
    }

    /// @inheritdoc IInvestmentFund
    address public immutable investmentToken;
    IERC20 private immutable _token;
    /// @inheritdoc IFundVotes
    address public immutable governor;
    /// @dev The fund's read-only extension (`IFundViews`): the fallback runs its code on this contract's storage.
    address private immutable _views;

    // ----------------------------------------------------------------------------------------------
    // Construction
    // ----------------------------------------------------------------------------------------------

    /// @param investmentToken_ The token investors deposit.
    /// @param fundWallet_ Receives the fund's share of each pool's profit.
    /// @param minimumInvestment_ Smallest deposit of the two vaults created here, in token units.
    /// @param lockupPeriodDuration_ Lockup length of the two vaults created here, in seconds.
    /// @dev Creates the spec's two vaults: vault 1 (crypto futures, pool 1) and vault 2 (NFT lending, pool 2), and
    /// the fund's `FundGovernor` (the fund's first contract creation, so its address is the fund's CREATE address
    /// at nonce 1).
    /// The deployer receives `DEFAULT_ADMIN_ROLE` and `ADMIN_ROLE`. Admins manage the admin role themselves
    /// (spec: an admin grants or revokes admin), but cannot take it from a default admin.
    constructor(
        IERC20 investmentToken_,
        address fundWallet_,
        uint256 minimumInvestment_,
        uint256 lockupPeriodDuration_
    ) {
        if (address(investmentToken_) == address(0) || fundWallet_ == address(0)) {
            revert InvalidAddress();
        }
        investmentToken = address(investmentToken_);
        _token = investmentToken_;
        _fundWallet = fundWallet_;
        governor = address(new FundGovernor(this));
        _views = address(new FundViews());

        _grantRole(DEFAULT_ADMIN_ROLE, msg.sender);
        _grantRole(ADMIN_ROLE, msg.sender);
        emit FundWalletUpdated(fundWallet_);
        _createVault("Crypto futures trading vault", minimumInvestment_, lockupPeriodDuration_);
        _createVault("NFT lending vault", minimumInvestment_, lockupPeriodDuration_);
    }

    /// @notice The reads of `IFundViews` (`getVault`, `getPoolInfo`, `getPosition`): their code lives in `FundViews`
    /// (deployed by this constructor, so its address cannot change) and runs here by DELEGATECALL on this contract's
    /// storage, which keeps the fund's own code under its EIP-170 headroom. `FundViews` has view functions only (the
    /// SDK's ABI export refuses any other), so nothing reached through here can write; an unknown selector reverts
    /// there, with no data.
    fallback() external {
        address views = _views;
        // solhint-disable-next-line no-inline-assembly
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), views, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }

    // ----------------------------------------------------------------------------------------------
    // Modifiers
    // ----------------------------------------------------------------------------------------------

    /// @dev `onlyRole(ADMIN_ROLE)` through one shared function, so the role's 32-byte constant is not repeated
    /// in every admin function (the fund's code sits close to the 24,576-byte limit).
    modifier onlyAdmin() {
        _checkAdmin();
        _;
    }

    /// @dev The default admin's role, which the `FundTimelock` holds once the deployer hands over: the changes that
    /// touch invested money wait there.
    modifier onlyTimelocked() {
        _checkRole(DEFAULT_ADMIN_ROLE);
        _;
    }

    modifier onlyAdminOrOperator() {
        _checkAdminOrOperator();
        _;
    }

    // ----------------------------------------------------------------------------------------------
    // Investors
    // ----------------------------------------------------------------------------------------------

    /// @inheritdoc IInvestmentFund
    function invest(uint256 vaultId, uint256 amount) external nonReentrant {
        _invest(vaultId, amount);
    }

    /// @inheritdoc IInvestmentFund
    /// @dev The permit runs inside `try`: anyone who saw the signature may have submitted it first (the nonce is
    /// then used and `permit` reverts), which must not block the deposit the signature was made for. Its
    /// failure is therefore ignored whenever the allowance already covers `amount`.
    function investWithPermit(uint256 vaultId, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        nonReentrant
    {
        try IERC20Permit(investmentToken).permit(msg.sender, address(this), amount, deadline, v, r, s) {}
        catch {
            if (_token.allowance(msg.sender, address(this)) < amount) revert PermitFailed();
        }
        _invest(vaultId, amount);
    }

    /// @dev `invest` for `msg.sender`, once the allowance is in place (the caller holds the reentrancy guard).
    function _invest(uint256 vaultId, uint256 amount) private {
        Investor memory investor = _loadInvestor(msg.sender);
        if (!investor.whitelisted) revert NotWhitelisted(msg.sender);
        Vault storage vault = _vaults[vaultId];
        VaultHead memory head = _loadVaultHead(vault);
        uint32 poolId = head.currentPoolId;
        if (poolId == 0) revert VaultNotFound(vaultId);
        uint8 stops = head.stops;
        if (stops & STOPS != 0) _revertStopped(vaultId, stops);
        if (head.isLocked) revert PoolLocked(poolId);
        if (amount < head.minimumInvestment) revert BelowMinimumInvestment(amount, head.minimumInvestment);
        uint48 lastProposalBlock = head.lastProposalBlock;

        Position memory position = _resolve(msg.sender, investor, vaultId, vault, lastProposalBlock);
        if (position.shares != 0 && position.poolId != poolId) revert UnwithdrawnPosition(position.poolId);

        uint256 received = _pull(msg.sender, amount);
        Pool storage pool = _pools[poolId];
        uint256 shares = received * SHARE_PRICE_SCALE / head.sharePrice;
        if (shares == 0) revert NothingReceived();
        if (stops & HAS_CAPS != 0) _checkCaps(vault, pool, received, position.shares, shares, head.sharePrice);

        _addToPoolTotals(pool, received, shares);
        if (position.rollOver) vault.rollingShares += shares.toUint128();
        position.shares += shares.toUint120();
        position.principal += received.toUint96();
        position.poolId = poolId;
        _storePosition(msg.sender, vaultId, position);
        _setPower(investor, msg.sender, investor.investedAmount + received, lastProposalBlock);
        _storeInvestor(msg.sender, investor);
        emit Invested(msg.sender, vaultId, poolId, received, shares);
    }

    /// @inheritdoc IInvestmentFund
    function withdraw(uint256 vaultId) external nonReentrant returns (uint256 payout) {
        uint256 poolId;
        (poolId, payout) = _exit(vaultId);
        emit Withdrawn(msg.sender, vaultId, poolId, payout);
        _token.safeTransfer(msg.sender, payout);
    }

    /// @inheritdoc IInvestmentFund
    function emergencyWithdraw(uint256 vaultId) external nonReentrant returns (uint256 payout) {
        if (_config.stops & STOP_EMERGENCY == 0) revert NotInEmergency();
        uint256 poolId;
        (poolId, payout) = _exit(vaultId);
        emit EmergencyWithdrawn(msg.sender, vaultId, poolId, payout);
        _token.safeTransfer(msg.sender, payout);
    }

    /// @inheritdoc IInvestmentFund
    function setRollOver(uint256 vaultId, bool enabled) external nonReentrant {
        Vault storage vault = _vault(vaultId);
        Investor memory investor = _loadInvestor(msg.sender);
        uint256 powerBefore = investor.investedAmount;
        Position memory position = _resolve(msg.sender, investor, vaultId, vault, _config.lastProposalBlock);
        if (investor.investedAmount != powerBefore) _storeInvestor(msg.sender, investor);
        if (position.shares != 0) {
            uint32 current = vault.currentPoolId;
            if (position.poolId != current) revert UnwithdrawnPosition(position.poolId);
            if (enabled && !position.rollOver) vault.rollingShares += position.shares;
            else if (!enabled && position.rollOver) vault.rollingShares -= position.shares;
        }
        position.rollOver = enabled;
        _storePosition(msg.sender, vaultId, position);
        emit RollOverSet(msg.sender, vaultId, enabled);
    }

    /// @inheritdoc IInvestmentFund
    /// @dev `_resolve` and a store per account, for anyone: a rolling position that a worthless settlement wiped out
    /// gives up its voting power now rather than when its owner next touches the vault. The caller's list bounds the
    /// loop (no loop over the fund's investors).
    function syncPositions(address[] calldata accounts, uint256 vaultId) external returns (uint256 synced) {
        Vault storage vault = _vault(vaultId);
        uint48 lastProposalBlock = _config.lastProposalBlock;
        for (uint256 i; i < accounts.length; ++i) {
            address account = accounts[i];
            Investor memory investor = _loadInvestor(account);
            uint256 powerBefore = investor.investedAmount;
            Position memory position = _resolve(account, investor, vaultId, vault, lastProposalBlock);
            if (investor.investedAmount == powerBefore) continue;
            _storeInvestor(account, investor);
            _storePosition(account, vaultId, position);
            ++synced;
        }
    }

    // ----------------------------------------------------------------------------------------------
    // Vaults and pools (admin and operator)
    // ----------------------------------------------------------------------------------------------

    /// @inheritdoc IInvestmentFund
    function createVault(string calldata name, uint256 minimumInvestment_, uint256 lockupPeriodDuration_)
        external
        onlyAdmin
        returns (uint256 vaultId)
    {
        return _createVault(name, minimumInvestment_, lockupPeriodDuration_);
    }

    /// @inheritdoc IInvestmentFund
    function startLockupPeriod(uint256 vaultId) external onlyAdmin nonReentrant {
        (Vault storage vault, uint256 poolId) = _openVault(vaultId);
        uint8 stops = vault.stops;
        if (stops & STOPS != 0) _revertStopped(vaultId, stops);
        Pool storage pool = _pools[poolId];
        if (pool.totalShares == 0) revert EmptyPool();
        uint256 total = pool.totalFunds;
        TradingWalletList.TradingWallet[] storage wallets = _tradingWallets[vaultId];
        TradingWalletList.requireComplete(wallets);

        uint48 start = uint48(block.timestamp);
        uint48 end = start + vault.lockupPeriodDuration;
        vault.isLocked = true;
        pool.lockupStartTime = start;
        pool.lockupEndTime = end;
        pool.managementFeeBps = vault.managementFeeBps;
        pool.performanceFeeBps = vault.performanceFeeBps;
        // Safe: total is the pool's uint128 totalFunds.
        // forge-lint: disable-next-line(unsafe-typecast)
        pool.preLockupTotal = uint128(total);
        emit LockupStarted(vaultId, poolId, total, start, end);
        TradingWalletList.distribute(wallets, _token, poolId, total);
    }

    /// @inheritdoc IInvestmentFund
    function collectFundsFromTradingWallet(uint256 vaultId, address wallet, uint256 amount)
        external
        onlyAdminOrOperator
        nonReentrant
    {
        Vault storage vault = _vault(vaultId);
        uint256 poolId = vault.currentPoolId;
        if (!vault.isLocked) revert PoolNotLocked(poolId);
        if (_tradingWalletVault[wallet] != vaultId) revert TradingWalletNotFound(wallet);
        // A proposed settlement claims what was collected: nothing may change it until it is final or vetoed.
        if (_pools[poolId].finalAt != 0) revert SettlementPending(poolId);
        uint256 received = _pull(wallet, amount);
        _pools[poolId].collected += received.toUint128();
        emit FundsCollected(poolId, wallet, received);
    }

    /// @inheritdoc IInvestmentFund
    function endLockupPeriod(uint256 vaultId, uint256 totalReturned, bytes32 reportHash)
        external
        onlyAdminOrOperator
        nonReentrant
    {
        Settlement.propose(_pools, _vault(vaultId), _config, _totals, vaultId, totalReturned, reportHash, false);
    }

    /// @inheritdoc IInvestmentFund
    function endLockupPeriodAtLoss(uint256 vaultId, uint256 totalReturned, bytes32 reportHash)
        external
        onlyAdminOrOperator
        nonReentrant
    {
        Settlement.propose(_pools, _vault(vaultId), _config, _totals, vaultId, totalReturned, reportHash, true);
    }

    /// @inheritdoc IInvestmentFund
    function finalizeSettlement(uint256 vaultId) external nonReentrant {
        Settlement.finalize(_pools, _vault(vaultId), _config, _totals, vaultId);
    }

    /// @inheritdoc IInvestmentFund
    /// @dev A veto only makes things safer (nothing moves; the round waits for a new proposal): a guardian or an admin.
    function vetoSettlement(uint256 vaultId) external {
        _checkSafetyCaller(true);
        Settlement.veto(_pools, _vault(vaultId), vaultId);
    }

    /// @inheritdoc IInvestmentFund
    function addTradingWallet(uint256 vaultId, address wallet, string calldata walletType, uint256 allocation)
        external
        onlyTimelocked
    {
        (, uint256 poolId) = _openVault(vaultId);
        TradingWalletList.add(
            _tradingWallets[vaultId],
            _tradingWalletVault,
            investmentToken,
            vaultId,
            poolId,
            wallet,
            walletType,
            allocation
        );
    }

    /// @inheritdoc IInvestmentFund
    function removeTradingWallet(uint256 vaultId, uint256 index) external onlyAdmin {
        (, uint256 poolId) = _openVault(vaultId);
        TradingWalletList.remove(_tradingWallets[vaultId], _tradingWalletVault, vaultId, poolId, index);
    }

    // ----------------------------------------------------------------------------------------------
    // Whitelist and settings (admin)
    // ----------------------------------------------------------------------------------------------

    /// @inheritdoc IInvestmentFund
    function whitelistInvestor(address investor) external onlyAdmin {
        if (investor == address(0)) revert InvalidAddress();
        Investor memory data = _loadInvestor(investor);
        if (data.whitelisted) revert AlreadyWhitelisted(investor);
        data.whitelisted = true;
        _storeInvestor(investor, data);
        emit InvestorWhitelisted(investor);
    }

    /// @inheritdoc IInvestmentFund
    function removeInvestorFromWhitelist(address investor) external onlyAdmin {
        Investor memory data = _loadInvestor(investor);
        if (!data.whitelisted) revert NotWhitelisted(investor);
        data.whitelisted = false;
        _storeInvestor(investor, data);
        emit InvestorRemovedFromWhitelist(investor);
    }

    /// @inheritdoc IInvestmentFund
    /// @dev A guardian may turn it on (it only stops deposits and lockups and opens the emergency exit), never off.
    function setEmergencyState(bool emergencyState_) external {
        _checkSafetyCaller(emergencyState_);
        if ((_config.stops & STOP_EMERGENCY != 0) == emergencyState_) revert EmergencyStateUnchanged();
        _setStop(0, STOP_EMERGENCY, emergencyState_);
        emit EmergencyStateChanged(emergencyState_);
    }

    /// @inheritdoc IInvestmentFund
    /// @dev Pausing only lowers risk: an admin or a guardian. Resuming: an admin only, so a guardian can never undo
    /// what an admin stopped for safety.
    function setPaused(uint256 vaultId, bool paused) external {
        _checkSafetyCaller(paused);
        _setStop(vaultId, STOP_PAUSED, paused);
        emit PausedSet(vaultId, paused);
    }

    /// @inheritdoc IInvestmentFund
    /// @dev Final: a vault (or the fund, `vaultId` 0) in wind-down never takes a deposit or starts a round again.
    function windDown(uint256 vaultId) external {
        _checkSafetyCaller(true);
        _setStop(vaultId, STOP_WIND_DOWN, true);
        emit WindDownStarted(vaultId);
    }

    /// @inheritdoc IInvestmentFund
    /// @dev Lowering the minimum only lets more in, so an admin does it at once; raising it waits in the timelock.
    function setMinimumInvestment(uint256 vaultId, uint256 minimumInvestment_) external {
        Vault storage vault = _vault(vaultId);
        _checkChanger(minimumInvestment_ > vault.minimumInvestment);
        _setMinimumInvestment(vaultId, vault, minimumInvestment_);
    }

    /// @inheritdoc IInvestmentFund
    function setLockupPeriodDuration(uint256 vaultId, uint256 lockupPeriodDuration_) external onlyTimelocked {
        _setLockupPeriodDuration(vaultId, _vault(vaultId), lockupPeriodDuration_);
    }

    /// @inheritdoc IInvestmentFund
    function cosignSettlement(uint256 vaultId) external onlyRole(GUARDIAN_ROLE) {
        Settlement.cosign(_pools, _vault(vaultId), vaultId);
    }

    /// @inheritdoc IInvestmentFund
    function setSettlementBounds(uint256 vaultId, uint256 maxLossBps, uint256 maxGainBps) external onlyTimelocked {
        _setSettlementBounds(vaultId, _vault(vaultId), maxLossBps, maxGainBps);
    }

    /// @inheritdoc IInvestmentFund
    /// @dev A cut only lowers what investors pay, so an admin does it at once; a raise waits in the timelock.
    function setFees(uint256 vaultId, uint256 managementFeeBps, uint256 performanceFeeBps) external {
        Vault storage vault = _vault(vaultId);
        _checkChanger(managementFeeBps > vault.managementFeeBps || performanceFeeBps > vault.performanceFeeBps);
        _setFees(vaultId, vault, managementFeeBps, performanceFeeBps);
    }

    /// @inheritdoc IInvestmentFund
    /// @dev Lowering or adding a cap only stops deposits, so an admin does it at once; raising or removing one waits in
    /// the timelock.
    function setCaps(uint256 vaultId, uint256 depositCap, uint256 investorCap) external {
        Vault storage vault = _vault(vaultId);
        _checkChanger(_capRaised(vault.depositCap, depositCap) || _capRaised(vault.investorCap, investorCap));
        vault.depositCap = depositCap.toUint128();
        vault.investorCap = investorCap.toUint128();
        uint8 stops = vault.stops;
        vault.stops = depositCap | investorCap != 0 ? stops | HAS_CAPS : stops & ~HAS_CAPS;
        emit CapsUpdated(vaultId, depositCap, investorCap);
    }

    /// @inheritdoc IInvestmentFund
    function setChallengeWindow(uint256 vaultId, uint256 window) external onlyTimelocked {
        _setChallengeWindow(vaultId, _vault(vaultId), window);
    }

    /// @inheritdoc IInvestmentFund
    function setFundWallet(address fundWallet_) external onlyTimelocked {
        // The fund itself or the token would swallow the fees: they could never be claimed out again.
        if (fundWallet_ == address(0) || fundWallet_ == address(this) || fundWallet_ == investmentToken) {
            revert InvalidAddress();
        }
        _fundWallet = fundWallet_;
        emit FundWalletUpdated(fundWallet_);
    }

    /// @inheritdoc IInvestmentFund
    function claimFundFees() external nonReentrant returns (uint256 amount) {
        amount = _totals.fundFeesAccrued;
        if (amount == 0) revert NoFundFees();
        _totals.fundFeesAccrued = 0;
        address to = _fundWallet;
        emit FundFeesClaimed(to, amount);
        _token.safeTransfer(to, amount);
    }

    /// @inheritdoc IInvestmentFund
    function sweepExcess() external onlyAdmin nonReentrant {
        uint256 balance = _token.balanceOf(address(this));
        uint256 owed = totalOwed();
        if (balance <= owed) revert NoExcess();
        uint256 excess = balance - owed;
        address to = _fundWallet;
        emit ExcessSwept(to, excess);
        _token.safeTransfer(to, excess);
    }

    // ----------------------------------------------------------------------------------------------
    // Voting power (read by the governor, ERC-5805)
    // ----------------------------------------------------------------------------------------------

    /// @inheritdoc IFundVotes
    function recordProposalSnapshot() external {
        if (msg.sender != governor) revert NotGovernor(msg.sender);
        uint32 blockNumber = _blockNumber32();
        _config.lastProposalBlock = blockNumber;
        uint256 count = _config.vaultCount;
        for (uint256 vaultId = 1; vaultId <= count; ++vaultId) {
            _vaults[vaultId].lastProposalBlock = blockNumber;
        }
    }

    /// @inheritdoc IFundVotes
    function investedTotal() external view returns (uint256 total) {
        total = _totals.unclaimedPayouts;
        uint256 count = _config.vaultCount;
        for (uint256 vaultId = 1; vaultId <= count; ++vaultId) {
            Vault storage vault = _vaults[vaultId];
            Pool storage pool = _pools[vault.currentPoolId];
            total += vault.isLocked ? pool.preLockupTotal : pool.totalFunds;
        }
    }

    /// @inheritdoc IFundVotes
    function clock() public view returns (uint48) {
        return uint48(block.number);
    }

    /// @inheritdoc IFundVotes
    // solhint-disable-next-line func-name-mixedcase
    function CLOCK_MODE() external pure returns (string memory) {
        return "mode=blocknumber&from=default";
    }

    /// @inheritdoc IFundVotes
    /// @dev Exact for the block before any proposal's creation (every block a vote can ask about) and for blocks
    /// since the account's previous power change. Older blocks that no proposal snapshot covers are not kept
    /// (that is what keeps repeat deposits cheap) and may read an earlier value: use the governor's
    /// `getProposalVotingPower` for a proposal's weights.
    function getPastVotes(address account, uint256 timepoint) external view returns (uint256) {
        if (timepoint >= block.number) revert FutureLookup(timepoint, block.number);
        // Safe: timepoint < block.number, so the sum cannot overflow.
        unchecked {
            return _powerAt(account, timepoint + 1);
        }
    }

    // ----------------------------------------------------------------------------------------------
    // Views
    // ----------------------------------------------------------------------------------------------

    /// @inheritdoc IInvestmentFund
    function fundWallet() external view returns (address) {
        return _fundWallet;
    }

    /// @inheritdoc IInvestmentFund
    function fundFeesAccrued() external view returns (uint256) {
        return _totals.fundFeesAccrued;
    }

    /// @inheritdoc IInvestmentFund
    function emergencyState() external view returns (bool) {
        return _config.stops & STOP_EMERGENCY != 0;
    }

    /// @inheritdoc IInvestmentFund
    function vaultCount() external view returns (uint256) {
        return _config.vaultCount;
    }

    /// @inheritdoc IInvestmentFund
    function poolCount() external view returns (uint256) {
        return _config.poolCount;
    }

    /// @inheritdoc IInvestmentFund
    function minimumInvestment(uint256 vaultId) external view returns (uint256) {
        return _vault(vaultId).minimumInvestment;
    }

    /// @inheritdoc IInvestmentFund
    function lockupPeriodDuration(uint256 vaultId) external view returns (uint256) {
        return _vault(vaultId).lockupPeriodDuration;
    }

    /// @inheritdoc IInvestmentFund
    function currentPoolId(uint256 vaultId) external view returns (uint256) {
        return _vault(vaultId).currentPoolId;
    }

    /// @inheritdoc IInvestmentFund
    function getTradingWallets(uint256 poolId)
        external
        view
        returns (address[] memory wallets, uint256[] memory allocations, string[] memory walletTypes)
    {
        return TradingWalletList.list(_tradingWallets[_pools[poolId].vaultId]);
    }

    /// @inheritdoc IInvestmentFund
    function isWhitelisted(address account) external view returns (bool) {
        return _loadInvestor(account).whitelisted;
    }

    /// @inheritdoc IInvestmentFund
    function totalOwed() public view returns (uint256 owed) {
        owed = _totals.unclaimedPayouts + _totals.fundFeesAccrued;
        uint256 count = _config.vaultCount;
        for (uint256 vaultId = 1; vaultId <= count; ++vaultId) {
            Vault storage vault = _vaults[vaultId];
            Pool storage pool = _pools[vault.currentPoolId];
            owed += vault.isLocked ? pool.collected : pool.totalFunds;
        }
    }

    // ----------------------------------------------------------------------------------------------
    // Roles
    // ----------------------------------------------------------------------------------------------

    /// @dev The last holder of `DEFAULT_ADMIN_ROLE` or `ADMIN_ROLE` cannot be revoked or renounce, so the fund
    /// can never be left without administrators by accident; and no one but a default admin themself can take
    /// `ADMIN_ROLE` from a default admin, who can therefore always restore the admins.
    function _revokeRole(bytes32 role, address account) internal override returns (bool) {
        if (hasRole(role, account)) {
            if ((role == DEFAULT_ADMIN_ROLE || role == ADMIN_ROLE) && _roleMemberCount[role] == 1) {
                revert LastRoleMember(role);
            }
            if (role == ADMIN_ROLE && account != _msgSender() && hasRole(DEFAULT_ADMIN_ROLE, account)) {
                revert DefaultAdminProtected(account);
            }
        }
        bool revoked = super._revokeRole(role, account);
        if (revoked) --_roleMemberCount[role];
        return revoked;
    }

    /// @notice Revokes `role` from `account`. Taking a power away only lowers risk, so besides the role's admin (the
    /// default admin, i.e. the `FundTimelock`) an admin may revoke the admin and operator roles at once; granting any
    /// role waits in the timelock. The holder at the top (the default admin) grants and revokes every role, so it can
    /// always restore the admins.
    function revokeRole(bytes32 role, address account) public override {
        if (!((role == ADMIN_ROLE || role == OPERATOR_ROLE) && hasRole(ADMIN_ROLE, msg.sender))) {
            _checkRole(getRoleAdmin(role));
        }
        _revokeRole(role, account);
    }

    /// @dev Counts each role's members (the admin list itself is rebuilt from `RoleGranted` events, spec §6).
    function _grantRole(bytes32 role, address account) internal override returns (bool granted) {
        granted = super._grantRole(role, account);
        if (granted) ++_roleMemberCount[role];
    }

    /// @inheritdoc IInvestmentFund
    function getRoleMemberCount(bytes32 role) external view returns (uint256) {
        return _roleMemberCount[role];
    }

    // ----------------------------------------------------------------------------------------------
    // Internals
    // ----------------------------------------------------------------------------------------------

    /// @dev An admin, or the top (the timelock, so a passed proposal or a scheduled change can do what an admin does).
    function _isAdmin(address account) private view returns (bool) {
        return hasRole(ADMIN_ROLE, account) || hasRole(DEFAULT_ADMIN_ROLE, account);
    }

    /// @dev A change that raises what investors pay or risk (`raises`): the top role (the timelock); any other: an admin.
    function _checkChanger(bool raises) private view {
        if (raises) _checkRole(DEFAULT_ADMIN_ROLE);
        else _checkAdmin();
    }

    function _checkAdmin() private view {
        if (!_isAdmin(msg.sender)) revert AccessControlUnauthorizedAccount(msg.sender, ADMIN_ROLE);
    }

    /// @dev A change that only makes things safer (`safer`) may come from an admin or a guardian; its undoing only from
    /// an admin.
    function _checkSafetyCaller(bool safer) private view {
        if (!_isAdmin(msg.sender) && !(safer && hasRole(GUARDIAN_ROLE, msg.sender))) {
            revert AccessControlUnauthorizedAccount(msg.sender, ADMIN_ROLE);
        }
    }

    /// @dev Sets or clears a STOP_* bit on one vault, or (`vaultId` 0) on the fund and every vault (at most
    /// `MAX_VAULTS`).
    function _setStop(uint256 vaultId, uint8 bit, bool on) private {
        if (vaultId != 0) {
            Vault storage vault = _vault(vaultId);
            vault.stops = on ? vault.stops | bit : vault.stops & ~bit;
            return;
        }
        _config.stops = on ? _config.stops | bit : _config.stops & ~bit;
        uint256 count = _config.vaultCount;
        for (uint256 id = 1; id <= count; ++id) {
            Vault storage vault = _vaults[id];
            vault.stops = on ? vault.stops | bit : vault.stops & ~bit;
        }
    }

    /// @dev Reverts with why `vaultId` takes no deposit and starts no round: the emergency first, then a wind-down.
    function _revertStopped(uint256 vaultId, uint8 stops) private pure {
        if (stops & STOP_EMERGENCY != 0) revert EmergencyActive();
        if (stops & STOP_WIND_DOWN != 0) revert VaultWindingDown(vaultId);
        revert VaultPaused(vaultId);
    }

    function _checkAdminOrOperator() private view {
        if (!_isAdmin(msg.sender) && !hasRole(OPERATOR_ROLE, msg.sender)) {
            revert NotAdminOrOperator(msg.sender);
        }
    }

    function _createVault(string memory name, uint256 minimumInvestment_, uint256 lockupPeriodDuration_)
        private
        returns (uint256 vaultId)
    {
        uint256 nameLength = bytes(name).length;
        if (nameLength == 0 || nameLength > MAX_NAME_LENGTH) revert InvalidVaultName();
        Config memory config = _config;
        if (config.vaultCount >= MAX_VAULTS) revert TooManyVaults();
        vaultId = config.vaultCount + 1;
        _config.vaultCount = uint32(vaultId);
        Vault storage vault = _vaults[vaultId];
        vault.name = ShortStrings.toShortString(name);
        vault.stops = config.stops;
        vault.lastProposalBlock = config.lastProposalBlock;
        _setMinimumInvestment(vaultId, vault, minimumInvestment_);
        _setLockupPeriodDuration(vaultId, vault, lockupPeriodDuration_);
        _setChallengeWindow(vaultId, vault, block.chainid == LOCAL_CHAIN_ID ? 0 : DEFAULT_CHALLENGE_WINDOW);
        _setSettlementBounds(vaultId, vault, BASIS_POINTS, Settlement.NO_GAIN_BOUND);
        _setFees(vaultId, vault, 0, FUND_PROFIT_PERCENTAGE);
        uint256 poolId = Settlement.openPool(_pools, vault, _config, vaultId, 0, SHARE_PRICE_SCALE, 0);
        vault.eraStartPoolId = uint32(poolId);
        emit VaultCreated(vaultId, name, poolId, minimumInvestment_, lockupPeriodDuration_);
    }

    /// @dev Brings a position up to date without writing it: a rolling position is in the vault's current
    /// pool, unless an era started since it was last counted, in which case it lost everything (its principal
    /// leaves the voting power here, which is the one write).
    function _resolve(
        address account,
        Investor memory investor,
        uint256 vaultId,
        Vault storage vault,
        uint48 lastProposalBlock
    ) private returns (Position memory position) {
        position = _loadPosition(account, vaultId);
        if (!position.rollOver || position.shares == 0) return position;
        if (position.poolId < vault.eraStartPoolId) {
            _setPower(investor, account, investor.investedAmount - position.principal, lastProposalBlock);
            position.shares = 0;
            position.principal = 0;
        }
        position.poolId = vault.currentPoolId;
    }

    /// @dev Closes the caller's position in `vaultId` (effects only; the caller transfers the payout).
    function _exit(uint256 vaultId) private returns (uint256 poolId, uint256 payout) {
        Vault storage vault = _vault(vaultId);
        Investor memory investor = _loadInvestor(msg.sender);
        uint48 lastProposalBlock = _config.lastProposalBlock;
        Position memory position = _resolve(msg.sender, investor, vaultId, vault, lastProposalBlock);
        if (position.shares == 0) revert NothingToWithdraw();
        poolId = position.poolId;
        Pool storage pool = _pools[poolId];
        if (pool.settled) {
            payout = _mulDiv(position.shares, pool.settleSharePrice, SHARE_PRICE_SCALE);
            uint256 remainingShares = pool.unclaimedShares - position.shares;
            uint256 remainingPayouts = pool.unclaimedPayouts - payout;
            // The last exit releases the pool's rounding dust, so it does not stay owed for ever.
            uint256 released = remainingShares == 0 ? payout + remainingPayouts : payout;
            if (remainingShares == 0) remainingPayouts = 0;
            // Safe: both are at most their uint128 fields, decremented above.
            // forge-lint: disable-next-line(unsafe-typecast)
            pool.unclaimedShares = uint128(remainingShares);
            // forge-lint: disable-next-line(unsafe-typecast)
            pool.unclaimedPayouts = uint128(remainingPayouts);
            _totals.unclaimedPayouts -= released;
        } else {
            if (vault.isLocked) revert PoolLocked(poolId);
            payout = _mulDiv(position.shares, pool.startSharePrice, SHARE_PRICE_SCALE);
            // Safe: the position's shares and value are part of the pool's totals.
            // forge-lint: disable-next-line(unsafe-typecast)
            pool.totalFunds -= uint128(payout);
            pool.totalShares -= position.shares;
            if (position.rollOver) vault.rollingShares -= position.shares;
        }
        Withdrawals storage withdrawals = _withdrawals[msg.sender];
        withdrawals.lastWithdrawnPoolId = uint32(poolId);
        withdrawals.totalWithdrawn += payout.toUint224();
        _setPower(investor, msg.sender, investor.investedAmount - position.principal, lastProposalBlock);
        _storeInvestor(msg.sender, investor);
        _storePosition(msg.sender, vaultId, Position({shares: 0, principal: 0, poolId: 0, rollOver: position.rollOver}));
    }

    /// @dev Reads slot 0 of `vault` once. Solidity packs a struct's members from the low-order bytes up in
    /// declaration order: currentPoolId 0-31, isLocked 32-39, stops 40-47, minimumInvestment 48-135,
    /// lastProposalBlock 136-167, sharePrice 168-255 (`test_vaultHead_matchesStorage` checks this layout).
    function _loadVaultHead(Vault storage vault) private view returns (VaultHead memory head) {
        uint256 word;
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            word := sload(vault.slot)
        }
        // Safe (the casts below): each field is masked to its own width by the cast itself.
        // forge-lint: disable-next-line(unsafe-typecast)
        head.currentPoolId = uint32(word);
        head.isLocked = uint8(word >> 32) != 0;
        // forge-lint: disable-next-line(unsafe-typecast)
        head.stops = uint8(word >> 40);
        // forge-lint: disable-next-line(unsafe-typecast)
        head.minimumInvestment = uint88(word >> 48);
        // forge-lint: disable-next-line(unsafe-typecast)
        head.lastProposalBlock = uint32(word >> 136);
        // forge-lint: disable-next-line(unsafe-typecast)
        head.sharePrice = uint88(word >> 168);
    }

    /// @dev Adds to a pool's `totalFunds` (bits 0-127 of its slot 0) and `totalShares` (bits 128-255) with one
    /// SLOAD and one SSTORE; reverts on overflow like checked arithmetic.
    function _addToPoolTotals(Pool storage pool, uint256 funds, uint256 shares) private {
        uint256 newFunds = pool.totalFunds + funds;
        uint256 newShares = pool.totalShares + shares;
        uint256 word = uint256(newFunds.toUint128()) | (uint256(newShares.toUint128()) << 128);
        // solhint-disable-next-line no-inline-assembly
        assembly ("memory-safe") {
            sstore(pool.slot, word)
        }
    }

    /// @dev Investor word: investedAmount in bits 0-87, previousPower in 88-175, powerChangedAt in 176-207,
    /// previousChangedAt in 208-239, whitelisted in 240.
    function _loadInvestor(address account) private view returns (Investor memory investor) {
        uint256 word = _investors[account];
        // Safe (the casts below): each field is masked to its own width by the cast itself.
        // forge-lint: disable-next-line(unsafe-typecast)
        investor.investedAmount = uint88(word);
        // forge-lint: disable-next-line(unsafe-typecast)
        investor.previousPower = uint88(word >> 88);
        // forge-lint: disable-next-line(unsafe-typecast)
        investor.powerChangedAt = uint32(word >> 176);
        // forge-lint: disable-next-line(unsafe-typecast)
        investor.previousChangedAt = uint32(word >> 208);
        investor.whitelisted = (word >> 240) != 0;
    }

    function _storeInvestor(address account, Investor memory investor) private {
        _investors[account] = uint256(investor.investedAmount) | (uint256(investor.previousPower) << 88)
            | (uint256(investor.powerChangedAt) << 176) | (uint256(investor.previousChangedAt) << 208)
            | (investor.whitelisted ? 1 << 240 : 0);
    }

    function _storePosition(address account, uint256 vaultId, Position memory position) private {
        _positions[account][vaultId] = uint256(position.shares) | (uint256(position.principal) << 120)
            | (uint256(position.poolId) << 216) | (position.rollOver ? 1 << 248 : 0);
    }

    /// @dev Pulls `amount` from `from` and returns what actually arrived.
    function _pull(address from, uint256 amount) private returns (uint256 received) {
        uint256 before = _token.balanceOf(address(this));
        _token.safeTransferFrom(from, address(this), amount);
        received = _token.balanceOf(address(this)) - before;
        if (received == 0) revert NothingReceived();
    }

    function _setMinimumInvestment(uint256 vaultId, Vault storage vault, uint256 minimumInvestment_) private {
        if (minimumInvestment_ == 0 || minimumInvestment_ > type(uint88).max) revert InvalidMinimumInvestment();
        // Safe: the bound was checked on the line above.
        // forge-lint: disable-next-line(unsafe-typecast)
        vault.minimumInvestment = uint88(minimumInvestment_);
        emit MinimumInvestmentUpdated(vaultId, minimumInvestment_);
    }

    function _setLockupPeriodDuration(uint256 vaultId, Vault storage vault, uint256 duration) private {
        if (duration < MIN_LOCKUP_PERIOD || duration > MAX_LOCKUP_PERIOD) revert InvalidLockupPeriodDuration(duration);
        // Safe: duration <= MAX_LOCKUP_PERIOD was checked on the line above.
        // forge-lint: disable-next-line(unsafe-typecast)
        vault.lockupPeriodDuration = uint48(duration);
        emit LockupPeriodDurationUpdated(vaultId, duration);
    }

    /// @dev `invest`'s caps: the round's total funds after the deposit of `received`, and the investor's funds in the
    /// round (`held` shares before, `added` with the deposit, at the round's `price`).
    function _checkCaps(
        Vault storage vault,
        Pool storage pool,
        uint256 received,
        uint256 held,
        uint256 added,
        uint256 price
    ) private view {
        uint256 cap = vault.depositCap;
        uint256 funds = pool.totalFunds;
        if (cap != 0 && funds + received > cap) revert VaultCapExceeded(cap > funds ? cap - funds : 0);
        cap = vault.investorCap;
        if (cap != 0 && (held + added) * price / SHARE_PRICE_SCALE > cap) {
            uint256 holds = held * price / SHARE_PRICE_SCALE;
            revert InvestorCapExceeded(cap > holds ? cap - holds : 0);
        }
    }

    /// @dev Whether a cap goes from `current` to a higher one or to none (0).
    function _capRaised(uint256 current, uint256 next) private pure returns (bool) {
        return current != 0 && (next == 0 || next > current);
    }

    function _setFees(uint256 vaultId, Vault storage vault, uint256 managementFeeBps, uint256 performanceFeeBps)
        private
    {
        if (
            managementFeeBps > Settlement.MAX_MANAGEMENT_FEE_BPS
                || performanceFeeBps > Settlement.MAX_PERFORMANCE_FEE_BPS
        ) revert FeeAboveCap(managementFeeBps, performanceFeeBps);
        // Safe: both were checked against their caps, far below uint16, above.
        // forge-lint: disable-next-line(unsafe-typecast)
        vault.managementFeeBps = uint16(managementFeeBps);
        // forge-lint: disable-next-line(unsafe-typecast)
        vault.performanceFeeBps = uint16(performanceFeeBps);
        emit FeesUpdated(vaultId, managementFeeBps, performanceFeeBps);
    }

    /// @dev A window of 0 (a settlement final at once, with no time to veto it) only on the local chain.
    function _setChallengeWindow(uint256 vaultId, Vault storage vault, uint256 window) private {
        if (window > MAX_CHALLENGE_WINDOW || (window == 0 && block.chainid != LOCAL_CHAIN_ID)) {
            revert InvalidChallengeWindow(window);
        }
        // Safe: window <= MAX_CHALLENGE_WINDOW was checked above.
        // forge-lint: disable-next-line(unsafe-typecast)
        vault.challengeWindow = uint32(window);
        emit ChallengeWindowUpdated(vaultId, window);
    }

    /// @dev Bounds of a round's result, in basis points of its principal: a loss up to `maxLossBps` (at most all of
    /// it) and a gain up to `maxGainBps` (its maximum, 65,535: no bound) settle without the guardian's co-signature.
    function _setSettlementBounds(uint256 vaultId, Vault storage vault, uint256 maxLossBps, uint256 maxGainBps)
        private
    {
        if (maxLossBps > BASIS_POINTS || maxGainBps > Settlement.NO_GAIN_BOUND) {
            revert InvalidSettlementBounds(maxLossBps, maxGainBps);
        }
        // Safe: both were checked against their uint16 bounds above.
        // forge-lint: disable-next-line(unsafe-typecast)
        vault.maxLossBps = uint16(maxLossBps);
        // forge-lint: disable-next-line(unsafe-typecast)
        vault.maxGainBps = uint16(maxGainBps);
        emit SettlementBoundsUpdated(vaultId, maxLossBps, maxGainBps);
    }

    /// @dev Returns `vaultId` and its current pool, which must be open (to lock it, or to change the vault's
    /// trading wallets).
    function _openVault(uint256 vaultId) private view returns (Vault storage vault, uint256 poolId) {
        vault = _vault(vaultId);
        poolId = vault.currentPoolId;
        if (vault.isLocked) revert PoolLocked(poolId);
    }

    /// @dev Sets an investor's principal (= voting power) and keeps its history answerable for every
    /// existing and future proposal snapshot. A snapshot `s` asks for the power in effect before block `s`.
    /// When the power changes in a new block, the current entry becomes the previous one; the previous one
    /// is archived only if some snapshot may still fall in its range (i.e. the newest snapshot is after the
    /// block it took effect), otherwise no snapshot can ever ask for it and it is dropped.
    function _setPower(Investor memory investor, address account, uint256 newPower, uint48 lastSnapshot) private {
        uint32 currentBlock = _blockNumber32();
        uint32 changedAt = investor.powerChangedAt;
        if (changedAt != currentBlock) {
            uint32 previousAt = investor.previousChangedAt;
            // previousAt == 0 only before the first change. A zero entry needs no archiving while the
            // archive is empty: a lookup there answers zero anyway.
            if (previousAt != 0 && lastSnapshot > previousAt) {
                Checkpoints.Trace208 storage archive = _powerArchive[account];
                uint88 previousPower = investor.previousPower;
                if (previousPower != 0 || archive.length() != 0) archive.push(previousAt, previousPower);
            }
            investor.previousPower = investor.investedAmount;
            investor.previousChangedAt = changedAt == 0 ? 1 : changedAt;
            investor.powerChangedAt = currentBlock;
        }
        investor.investedAmount = newPower.toUint88();
    }

    /// @dev The block number as the power history stores it. 2^32 blocks last centuries at Ethereum's pace and
    /// decades on the fastest chains; beyond that the history saturates rather than blocking any exit.
    function _blockNumber32() private view returns (uint32) {
        // Safe: saturated on the same line.
        // forge-lint: disable-next-line(unsafe-typecast)
        return block.number > type(uint32).max ? type(uint32).max : uint32(block.number);
    }

    /// @dev Voting power in effect before block `snapshot` (i.e. at the end of block `snapshot - 1`).
    function _powerAt(address account, uint256 snapshot) private view returns (uint256) {
        // The investor word decoded only as far as the lookup needs (see `_loadInvestor` for the layout): a vote
        // reads it through the governor, and every gas unit there counts.
        uint256 word = _investors[account];
        // Safe (the casts below): each field is masked to its own width by the cast itself.
        // forge-lint: disable-next-line(unsafe-typecast)
        if (uint32(word >> 176) < snapshot) return uint88(word);
        // forge-lint: disable-next-line(unsafe-typecast)
        if (uint32(word >> 208) < snapshot) return uint88(word >> 88);
        // Safe: snapshot is a block number taken from uint40/uint48 fields or block.number + 1.
        // forge-lint: disable-next-line(unsafe-typecast)
        return _powerArchive[account].upperLookupRecent(uint48(snapshot - 1));
    }
}
