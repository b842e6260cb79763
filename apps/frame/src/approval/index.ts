/** The approval screen's model: a request parsed, then described in plain words from the chain (see describe.ts). */
export { type CallRequest, type DecodedCall, decodeCall, uniswapV2RouterAbi } from "./decode.js";
export { type DescribeApprovalParameters, describeApproval, describeTransaction } from "./describe.js";
export {
  formatAmount,
  formatDateTime,
  formatDecimal,
  formatEthWithUsd,
  messageText,
  shortAddress,
  unixSeconds,
} from "./format.js";
export { type NameRegistration, readNameRegistration } from "./message.js";
export { parseApprovalRequest } from "./parse.js";
export { type Permit, readPermit } from "./permit.js";
export { estimateFee, revertReason, type Simulation, simulateTransaction } from "./simulate.js";
export { originHost, readSiwe } from "./siwe.js";
export { createTokenReader, type TokenMeta, type TokenReader } from "./tokens.js";
export type {
  ApprovalRequest,
  ApprovalSection,
  ApprovalView,
  ReadContext,
  Row,
  TransactionRequest,
  ViewContent,
} from "./types.js";
export { accountCalls, readUserOperation, type UserOperation } from "./userOperation.js";
