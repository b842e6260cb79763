/**
 * Every user-facing text of the spec's catalogue (fund-platform spec, section 8), verbatim.
 * The app and the API show these and nothing else for the cases they cover.
 */
export const errorMessages = {
  userRejected: "User rejected the transaction.",
  executionFailed: "Transaction execution failed.",
  contractCallFailed: "Contract call failed.",
  rpcFailed: "Blockchain RPC request failed.",
  unexpected: "An unexpected error occurred.",
  unknown: "Unknown error.",
  /** Spelled as the spec shows it. */
  eventNotFound: "Event not fount",
  requestFailed: "Request failed",
  futuresPerformanceFailed: "Failed to fetch futures performance: ",
  nftPerformanceFailed: "Failed to fetch NFT lending performance: ",
} as const;

/** Result messages of each action (spec section 8). */
export const resultMessages = {
  addTradingWallet: "Trading wallet added successfully.",
  removeTradingWallet: "Trading wallet removed successfully.",
  grantAdmin: "Admin wallet added successfully.",
  revokeAdmin: "Admin wallet removed successfully.",
  whitelist: "Wallet whitelisted successfully.",
  delist: "Wallet removed from whitelist.",
  createProposal: "Proposal transaction submitted",
  vote: "Voting transaction submitted",
  approvalFailed: "Approval transaction failed!",
  invest: "Investment transaction submitted successfully!",
} as const;

export type ErrorMessage = (typeof errorMessages)[keyof typeof errorMessages];
export type ResultMessage = (typeof resultMessages)[keyof typeof resultMessages];

/**
 * Result messages of the actions the spec lists without a message of its own (section 7: "other
 * contract functions exist but no use is shown"), in the same style.
 */
export const actionMessages = {
  startLockup: "Lockup period started.",
  settle: "Pool settled successfully.",
  settleProposed: "Settlement proposed: it becomes final when its challenge window ends, unless it is vetoed.",
  finalizeSettlement: "Settlement final: the round is settled and the vault's next round is open.",
  vetoSettlement: "Settlement vetoed: the round stays locked until a new proposal.",
  cosignSettlement: "Settlement co-signed: it becomes final once its challenge window ends.",
  settleAtLoss: "Pool settled at a loss.",
  collect: "Funds collected from the trading wallet.",
  withdraw: "Withdrawal transaction submitted successfully!",
  emergencyWithdraw: "Emergency withdrawal transaction submitted successfully!",
  execute: "Proposal executed.",
  queued: "Proposal queued: its actions wait in the timelock, then anyone can execute them.",
  executedActions: "Proposal executed: its actions changed the fund.",
  emergencyOn: "Emergency state turned on.",
  emergencyOff: "Emergency state turned off.",
  paused: "Deposits and new rounds paused. Investors can still withdraw.",
  resumed: "Deposits and new rounds resumed.",
  synced: "Position brought up to date: voting power now matches what it holds.",
  windDown: "Wind-down started: no new deposits or rounds; every position can be withdrawn once its round settles.",
  rollOverOn: "Roll-over turned on: your position moves into the vault's next round at each settlement.",
  rollOverOff: "Roll-over turned off: your payout waits for you to withdraw it after the next settlement.",
  claimFundFees: "Fund fees sent to the fund wallet.",
  setLockupPeriodDuration: "Lockup period updated.",
  setMinimumInvestment: "Minimum investment updated.",
  setChallengeWindow: "Challenge window updated.",
  setSettlementBounds: "Settlement bounds updated.",
  setFees: "Fees updated.",
  setCaps: "Caps updated.",
} as const;
