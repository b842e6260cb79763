// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Checkpoints} from "@openzeppelin/contracts/utils/structs/Checkpoints.sol";

import {IInvestmentFund} from "./interfaces/IInvestmentFund.sol";
import {Config, FundTotals, Pool, Vault} from "./libraries/Settlement.sol";
import {TradingWalletList} from "./libraries/TradingWalletList.sol";

/// @title FundStorage
/// @notice The fund's storage and the helpers that read it, shared by `InvestmentFund` (which writes it) and
/// `FundViews` (whose read-only code the fund runs on it by DELEGATECALL). Both place it right after one slot:
/// AccessControl's `_roles` in the fund, `RolesSlot` in the views, so every variable has the same slot in both.
/// @dev Append only: a new variable goes at the end, in both contracts at once (they share this declaration).
abstract contract FundStorage {
    /// @dev One slot per (investor, vault). `poolId` is the pool the shares were last counted in; for a
    /// rolling position the shares are in the vault's current pool whatever `poolId` says (unless an era
    /// started since). `principal` is the deposits not yet withdrawn (its share of the voting power).
    struct Position {
        uint120 shares;
        uint96 principal;
        uint32 poolId;
        bool rollOver;
    }

    /// @dev What an investor has taken out of the fund.
    struct Withdrawals {
        uint32 lastWithdrawnPoolId;
        uint224 totalWithdrawn;
    }

    /// @dev Bits of a vault's (and the fund's) `stops`: each stops new deposits and new rounds; none stops an exit.
    uint8 internal constant STOP_EMERGENCY = 1;
    uint8 internal constant STOP_PAUSED = 2;
    uint8 internal constant STOP_WIND_DOWN = 4;
    /// @dev Not a stop: the vault has a deposit cap or an investor cap, which `invest` then reads (one more slot).
    uint8 internal constant HAS_CAPS = 8;
    /// @dev The bits of `stops` that stop deposits and rounds.
    uint8 internal constant STOPS = STOP_EMERGENCY | STOP_PAUSED | STOP_WIND_DOWN;

    Config internal _config;
    address internal _fundWallet;
    /// @dev What settled pools still owe their non-rolling positions, unclaimed fees, and the profit statistics.
    FundTotals internal _totals;

    mapping(uint256 vaultId => Vault) internal _vaults;
    mapping(uint256 poolId => Pool) internal _pools;
    /// @dev Each investor's `Investor` record packed by hand into one word (`_loadInvestor` / `_storeInvestor`).
    mapping(address investor => uint256) internal _investors;
    mapping(address investor => Withdrawals) internal _withdrawals;
    /// @dev Each position packed by hand into one word (`_loadPosition` / `_storePosition`), so that reading and
    /// writing it costs one SLOAD and one SSTORE.
    mapping(address investor => mapping(uint256 vaultId => uint256)) internal _positions;
    mapping(address investor => Checkpoints.Trace208) internal _powerArchive;

    /// @dev Trading wallets per vault; they can change only while the vault's pool is open, so a locked pool's
    /// list is the one it was locked with (the `TradingWalletAdded`/`Removed` events keep the history).
    mapping(uint256 vaultId => TradingWalletList.TradingWallet[]) internal _tradingWallets;
    /// @dev The vault each trading wallet belongs to (0: none); an address serves at most one vault.
    mapping(address wallet => uint256 vaultId) internal _tradingWalletVault;
    mapping(bytes32 role => uint256) internal _roleMemberCount;

    /// @dev The vault, or `VaultNotFound`.
    function _vault(uint256 vaultId) internal view returns (Vault storage vault) {
        // A vault exists once it has a pool (its current pool id is never 0 again).
        vault = _vaults[vaultId];
        if (vault.currentPoolId == 0) revert IInvestmentFund.VaultNotFound(vaultId);
    }

    /// @dev Position word: shares in bits 0-119, principal in 120-215, poolId in 216-247, rollOver in 248.
    function _loadPosition(address account, uint256 vaultId) internal view returns (Position memory position) {
        uint256 word = _positions[account][vaultId];
        // Safe (the casts below): each field is masked to its own width by the cast itself.
        // forge-lint: disable-next-line(unsafe-typecast)
        position.shares = uint120(word);
        // forge-lint: disable-next-line(unsafe-typecast)
        position.principal = uint96(word >> 120);
        // forge-lint: disable-next-line(unsafe-typecast)
        position.poolId = uint32(word >> 216);
        position.rollOver = (word >> 248) != 0;
    }

    /// @dev `a * b / c`, rounded down. Every product the fund forms fits in 256 bits with room to spare: shares are at
    /// most uint128 and prices at most uint128 (a settlement price at most uint88), amounts at most uint128 times the
    /// 1e18 scale; so plain checked arithmetic gives OpenZeppelin's `Math.mulDiv` result without its 512-bit code.
    function _mulDiv(uint256 a, uint256 b, uint256 c) internal pure returns (uint256) {
        return a * b / c;
    }

    /// @dev Where a pool is in its round (`None` for an unknown pool).
    function _poolState(uint256 poolId) internal view returns (IInvestmentFund.PoolState) {
        Pool storage pool = _pools[poolId];
        uint256 vaultId = pool.vaultId;
        if (vaultId == 0) return IInvestmentFund.PoolState.None;
        if (pool.settled) return IInvestmentFund.PoolState.Settled;
        return _vaults[vaultId].isLocked ? IInvestmentFund.PoolState.Locked : IInvestmentFund.PoolState.Open;
    }
}
