// A round's NAV report: built from the chain, canonical JSON, its hash, and the checks anyone can run.
export {
  type BuildRoundReportParameters,
  buildRoundReport,
  MAX_MANUAL_ITEMS,
  MAX_MANUAL_NOTE,
} from "./buildRoundReport.js";
export { canonicalJson } from "./canonicalJson.js";
export {
  checkRoundReport,
  parseRoundReport,
  type RoundReportCheck,
  type RoundReportVerification,
  verifyRoundReport,
} from "./checkRoundReport.js";
export { hashRoundReport, serializeRoundReport } from "./hashRoundReport.js";
export type {
  RoundReport,
  RoundReportExchange,
  RoundReportManualItem,
  RoundReportPosition,
  RoundReportTransfer,
  RoundReportWallet,
} from "./types.js";
