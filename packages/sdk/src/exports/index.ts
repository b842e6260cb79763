// The public API of @fundament/sdk, listed explicitly. Node-only helpers are in `@fundament/sdk/node`.

export { fundGovernorAbi, fundPaymasterAbi, fundTimelockAbi, investmentFundAbi, mockUsdcAbi } from "../abi/index.js";
export {
  ACCESS_REQUEST_MAX_AGE_MS,
  type AccessRequest,
  type AccessRequestMessageParameters,
  type AccessRequestStatus,
  accessRequestMessage,
  type DecideAccessRequestParameters,
  decideAccessRequest,
  fetchAccessRequest,
  listAccessRequests,
  MAX_ACCESS_NOTE,
  type RequestAccessParameters,
  requestAccess,
} from "../api/accessRequests.js";
export {
  type ExchangeEnvelope,
  type ExchangeHistoryQuery,
  type ExchangeTransfer,
  fetchDeposits,
  fetchWithdrawals,
} from "../api/exchangeHistory.js";
export { apiUrl, type FetchOptions, fetchJson } from "../api/fetchJson.js";
export {
  fetchFuturesPerformance,
  fetchNftLendingPerformance,
  fetchVaultPerformance,
  type VaultPerformance,
} from "../api/fetchPerformance.js";
export {
  type BuiltRoundReport,
  type FetchedRoundReport,
  fetchRoundReport,
  requestRoundReport,
  roundReportUrl,
} from "../api/roundReport.js";
export { type SendJsonParameters, sendJson } from "../api/sendJson.js";
export {
  fetchVaultPlan,
  type SaveVaultPlanParameters,
  saveVaultPlan,
  type VaultPlan,
  type VaultPlanParameters,
  vaultPlanUrl,
} from "../api/vaultPlans.js";
export { type CreateFundPublicClientParameters, createFundPublicClient } from "../chains/createFundPublicClient.js";
export { getChain, isSupportedChainId, SUPPORTED_CHAIN_IDS, type SupportedChainId } from "../chains/getChain.js";
export { LOCAL_CHAIN_ID, LOCAL_RPC_URL, localChain } from "../chains/localChain.js";
export {
  type Deployment,
  type DeploymentToken,
  type DexDeployment,
  deploymentFromEnv,
  governorAddress,
  parseDeployment,
  SEPOLIA_DEPLOYMENT_BLOCK,
  type SmartAccountDeployment,
  smartAccountDeployment,
} from "../deployment/deployment.js";
export {
  API_UNREACHABLE,
  ApiUnreachableError,
  describeFundError,
  type ErrorCatalogue,
  EventNotFoundError,
  FundamentError,
  type FundErrorArgs,
  type FundErrorContext,
  type FundErrorName,
  type FundRevert,
  failureKind,
  fundErrorTexts,
  fundWithTokenErrorsAbi,
  RequestFailedError,
  type Revert,
  revertOf,
  toUserMessage,
  type WriteFailureKind,
} from "../errors.js";
export {
  decodeFundChange,
  describeFundChange,
  type FundChangeCall,
  type FundChangeDescription,
} from "../format/describeFundChange.js";
export { formatPercent } from "../format/formatPercent.js";
export { formatUsd } from "../format/formatUsd.js";
export { formatChangeTime, formatDate, secondsToDate } from "../format/secondsToDate.js";
export { shortenAddress } from "../format/shortenAddress.js";
export { fundLimits } from "../fundLimits.js";
export { annualise, DAYS_PER_YEAR } from "../math/annualise.js";
export { Decimal } from "../math/decimal.js";
export { durationDays } from "../math/durationDays.js";
export {
  type FuturesPerformance,
  type FuturesPerformanceRecord,
  futuresYield,
  parseDayMonthYear,
} from "../math/futuresYield.js";
export { lockPeriodDays } from "../math/lockPeriodDays.js";
export {
  type NftLendingPerformance,
  type NftLendingPoint,
  nftLendingYield,
  pointTimeSeconds,
} from "../math/nftLendingYield.js";
export {
  InvalidTokenAmountError,
  parseTokenAmount,
  TokenAmountFormatError,
  TokenAmountNotPositiveError,
  TokenAmountPrecisionError,
} from "../math/parseTokenAmount.js";
export { ratioPercent } from "../math/ratioPercent.js";
export {
  historicalApyPercent,
  lockupDays,
  type RoundReturn,
  roundReturn,
  roundReturnPercent,
  type SettledRound,
} from "../math/roundReturns.js";
export {
  effectiveFeeRates,
  FEE_YEAR_SECONDS,
  formatSharePrice,
  type SettlementFees,
  type SettlementFeesParameters,
  settlementFees,
} from "../math/settlementFees.js";
export { fromTokenUnits, toTokenUnits } from "../math/tokenAmount.js";
export { vaultYield } from "../math/vaultYield.js";
export {
  actionMessages,
  type ErrorMessage,
  errorMessages,
  type ResultMessage,
  resultMessages,
} from "../messages.js";
export { findWipedPositions } from "../reads/findWipedPositions.js";
export {
  ADMIN_ROLE,
  DEFAULT_ADMIN_ROLE,
  fundContract,
  GUARDIAN_ROLE,
  governorContract,
  OPERATOR_ROLE,
} from "../reads/fundContract.js";
export {
  NO_GAIN_BOUND,
  type ProposedSettlement,
  type SettlementBounds,
  type VaultCaps,
  type VaultFees,
} from "../reads/fundState.js";
export { type AdminWallet, type GetAdminsParameters, getAdmins, getAdminsFromEvents } from "../reads/getAdmins.js";
export {
  type GetBlockTimestampsParameters,
  getBlockTimestamps,
} from "../reads/getBlockTimestamps.js";
export {
  DEPOSIT_STATUSES,
  type DepositStatus,
  type DepositStatusName,
  type GetDepositStatusParameters,
  getDepositStatus,
} from "../reads/getDepositStatus.js";
export { type FundSettings, getFundSettings } from "../reads/getFundSettings.js";
export {
  type GetInvestmentTokenParameters,
  getInvestmentToken,
  type InvestmentToken,
} from "../reads/getInvestmentToken.js";
export { getInvestmentTokenAddress } from "../reads/getInvestmentTokenAddress.js";
export { type GetInvestorViewParameters, getInvestorView, type InvestorView } from "../reads/getInvestorView.js";
export {
  type GetPendingChangesReturnType,
  getPendingChanges,
  type PendingChange,
} from "../reads/getPendingChanges.js";
export {
  type GetPoolReturnsParameters,
  getPoolReturns,
  type PoolReturns,
  type TradingWalletReturn,
} from "../reads/getPoolReturns.js";
export {
  type GetPositionHistoryParameters,
  getPositionHistory,
  type PositionOutcome,
  type PositionRound,
  type PositionTransaction,
  type PositionTransactionKind,
} from "../reads/getPositionHistory.js";
export { type GetPositionsParameters, getPositions, type VaultPosition } from "../reads/getPositions.js";
export { getProfitStatistics, type ProfitStatistics } from "../reads/getProfitStatistics.js";
export {
  type GetProposalExecutionsParameters,
  type GetProposalExecutionsReturnType,
  getProposalExecutions,
  type ProposalExecution,
} from "../reads/getProposalExecutions.js";
export {
  type GetProposalsParameters,
  type GetProposalsReturnType,
  getProposals,
  type ProposalAction,
  type ProposalState,
  type ProposalStatus,
  type ProposalView,
  proposalStateFromEnum,
  proposalStatus,
} from "../reads/getProposals.js";
export {
  type GetProposalVotersParameters,
  type GetProposalVotersReturnType,
  getProposalVoters,
  type ProposalVoter,
} from "../reads/getProposalVoters.js";
export { type GetSponsorshipParameters, getSponsorship, type Sponsorship } from "../reads/getSponsorship.js";
export { type GetTradingWalletsParameters, getTradingWallets, type TradingWallet } from "../reads/getTradingWallets.js";
export { type GetVaultRoundsParameters, getVaultRounds, type VaultRound } from "../reads/getVaultRounds.js";
export { type GetVaultSettingsParameters, getVaultSettings, type VaultSettings } from "../reads/getVaultSettings.js";
export { type GetVaultsParameters, getVaults, type LiveVault, type VaultsPerformance } from "../reads/getVaults.js";
export {
  type CastVote,
  type GetVoteChoicesParameters,
  getVoteChoices,
  type VoteChoice,
} from "../reads/getVoteChoices.js";
export { type GetWhitelistParameters, getWhitelist, type WhitelistedInvestor } from "../reads/getWhitelist.js";
export { type HasFundRoleParameters, hasFundRole, isAdmin, isGuardian } from "../reads/isAdmin.js";
export { type PoolStateName, type PoolStatus, poolStatus, poolStatusFromState } from "../reads/poolStatus.js";
export { type SimulatedAction, simulateProposalActions } from "../reads/simulateProposalActions.js";
export {
  type BuildRoundReportParameters,
  buildRoundReport,
  canonicalJson,
  checkRoundReport,
  hashRoundReport,
  MAX_MANUAL_ITEMS,
  MAX_MANUAL_NOTE,
  parseRoundReport,
  type RoundReport,
  type RoundReportCheck,
  type RoundReportExchange,
  type RoundReportManualItem,
  type RoundReportPosition,
  type RoundReportTransfer,
  type RoundReportVerification,
  type RoundReportWallet,
  serializeRoundReport,
  verifyRoundReport,
} from "../report/index.js";
export {
  describePaymasterRevert,
  type PaymasterRevert,
  paymasterRefusal,
  paymasterRefusalTexts,
} from "../smartAccount/describeSmartAccountError.js";
export {
  type GetSmartAccountAddressParameters,
  getSmartAccountAddress,
  SMART_ACCOUNT_SALT,
} from "../smartAccount/getSmartAccountAddress.js";
export { isSmartAccountDeployed } from "../smartAccount/isSmartAccountDeployed.js";
export {
  type SendSmartAccountCallsParameters,
  type SendSmartAccountCallsReturnType,
  type SendSmartAccountCallsStep,
  type SmartAccountCall,
  type SmartAccountCallsPlan,
  SmartAccountsUnavailableError,
  sendSmartAccountCalls,
  smartAccountCall,
} from "../smartAccount/sendSmartAccountCalls.js";
export { simpleAccountFactoryAbi } from "../smartAccount/simpleAccountFactoryAbi.js";
export { type ToFundSmartAccountParameters, toFundSmartAccount } from "../smartAccount/toFundSmartAccount.js";
export {
  type GasPayment,
  type NotSponsoredReason,
  needsEthMessage,
  userOperationMaxCost,
} from "../smartAccount/userOperationCost.js";
export {
  type GetLogsInChunksParameters,
  getLogsInChunks,
  inBlockRanges,
  isRangeRefusal,
} from "../utils/getLogsInChunks.js";
export { normalizeAddress } from "../utils/normalizeAddress.js";
export { parseAllocation } from "../utils/parseAllocation.js";
export { requireDescription, votingPeriodSeconds } from "../utils/proposalInput.js";
export { readContracts } from "../utils/readContracts.js";
export { vaultIdArg } from "../utils/vaultIdArg.js";
export { voteSupport } from "../utils/voteSupport.js";
export { VAULT_DESCRIPTION, VAULTS, type Vault, vaultById } from "../vaults/vaults.js";
export { type AddTradingWalletParameters, addTradingWallet } from "../writes/addTradingWallet.js";
export { cancelFundChange } from "../writes/cancelFundChange.js";
export { type CastVoteParameters, castVote, type VoteType, voteTypeNumber } from "../writes/castVote.js";
export {
  type Ballot,
  ballotTypes,
  type CastVoteBySigParameters,
  castVoteBySig,
  signBallot,
} from "../writes/castVoteBySig.js";
export {
  type ChooseInvestPathInput,
  canBatch,
  chooseInvestPath,
  fallbackInvestPath,
  plannedInvestPath,
  type WalletCallsCapabilities,
} from "../writes/chooseInvestPath.js";
export { type ClaimFundFeesParameters, claimFundFees } from "../writes/claimFundFees.js";
export {
  type CollectFundsFromTradingWalletParameters,
  collectFundsFromTradingWallet,
} from "../writes/collectFundsFromTradingWallet.js";
export {
  type CreateProposalParameters,
  type CreateProposalReturnType,
  createProposal,
} from "../writes/createProposal.js";
export {
  type CreateVaultParameters,
  type CreateVaultReturnType,
  createVault,
  createVaultMessage,
  MAX_LOCKUP_DAYS,
  MIN_LOCKUP_DAYS,
  type NewVault,
  type NewVaultErrors,
  type NewVaultInput,
  parseNewVault,
  vaultIdFromReceipt,
} from "../writes/createVault.js";
export { type EmergencyWithdrawParameters, emergencyWithdraw } from "../writes/emergencyWithdraw.js";
export { type EndLockupPeriodParameters, endLockupPeriod } from "../writes/endLockupPeriod.js";
export { executeFundChange } from "../writes/executeFundChange.js";
export { type ExecuteProposalParameters, executeProposal } from "../writes/executeProposal.js";
export { type GrantAdminParameters, grantAdmin } from "../writes/grantAdmin.js";
export { type InvestParameters, type InvestReturnType, type InvestStep, invest } from "../writes/invest.js";
export {
  InvestFailedError,
  type InvestInVaultParameters,
  type InvestInVaultReturnType,
  type InvestProgress,
  type InvestProgressStep,
  investInVault,
} from "../writes/investInVault.js";
export {
  type InvestAmount,
  type InvestPath,
  type InvestPathResult,
  isUnsupportedByWallet,
} from "../writes/investPath.js";
export {
  type BatchCallState,
  batchMessages,
  type InvestWithBatchParameters,
  type InvestWithBatchReturnType,
  type InvestWithBatchStep,
  investWithBatch,
} from "../writes/investWithBatch.js";
export {
  getPermitDomain,
  type InvestWithPermitParameters,
  type InvestWithPermitReturnType,
  type InvestWithPermitStep,
  investWithPermit,
  permitMessages,
} from "../writes/investWithPermit.js";
export {
  type InvestWithSmartAccountParameters,
  type InvestWithSmartAccountReturnType,
  type InvestWithSmartAccountStep,
  investWithSmartAccount,
} from "../writes/investWithSmartAccount.js";
export {
  type MoveSmartAccountTokensParameters,
  type MoveSmartAccountTokensReturnType,
  moveSmartAccountTokens,
} from "../writes/moveSmartAccountTokens.js";
export { type ProposeActionsParameters, proposeActions } from "../writes/proposeActions.js";
export { executeProposalActions, type QueueProposalParameters, queueProposal } from "../writes/queueProposal.js";
export {
  type RemoveInvestorFromWhitelistParameters,
  removeInvestorFromWhitelist,
} from "../writes/removeInvestorFromWhitelist.js";
export { type RemoveTradingWalletParameters, removeTradingWallet } from "../writes/removeTradingWallet.js";
export { type RevokeAdminParameters, revokeAdmin } from "../writes/revokeAdmin.js";
export {
  type ScheduleFundChangeParameters,
  type ScheduleFundChangeReturnType,
  scheduleFundChange,
} from "../writes/scheduleFundChange.js";
export { type SetEmergencyStateParameters, setEmergencyState } from "../writes/setEmergencyState.js";
export {
  type SetCapsParameters,
  type SetFeesParameters,
  setCaps,
  setFees,
} from "../writes/setFeesAndCaps.js";
export {
  type SetLockupPeriodDurationParameters,
  setLockupPeriodDuration,
} from "../writes/setLockupPeriodDuration.js";
export { type SetMinimumInvestmentParameters, setMinimumInvestment } from "../writes/setMinimumInvestment.js";
export { type SetPausedParameters, setPaused } from "../writes/setPaused.js";
export { type SetRollOverParameters, setRollOver } from "../writes/setRollOver.js";
export {
  type SetChallengeWindowParameters,
  type SetSettlementBoundsParameters,
  setChallengeWindow,
  setSettlementBounds,
} from "../writes/setSettlementSafety.js";
export {
  parseSponsorBudget,
  type SetSponsorBudgetParameters,
  setSponsorBudget,
  sponsorBudgetMessages,
} from "../writes/setSponsorBudget.js";
export {
  type CosignSettlementParameters,
  cosignSettlement,
  type FinalizeSettlementParameters,
  finalizeSettlement,
  type VetoSettlementParameters,
  vetoSettlement,
} from "../writes/settlementChallenge.js";
export { type StartLockupPeriodParameters, startLockupPeriod } from "../writes/startLockupPeriod.js";
export { type SyncPositionsParameters, syncPositions } from "../writes/syncPositions.js";
export type { SmartAccountSender, WriteContext, WriteResult } from "../writes/types.js";
export { type VoteParameters, vote } from "../writes/vote.js";
export { type WhitelistInvestorParameters, whitelistInvestor } from "../writes/whitelistInvestor.js";
export { type WindDownParameters, windDown } from "../writes/windDown.js";
export { type WithdrawParameters, withdraw } from "../writes/withdraw.js";
