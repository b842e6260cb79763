// The fund's ABI with its token's errors lives beside the error catalogue that is keyed by it (errors.ts).
export { fundWithTokenErrorsAbi } from "../errors.js";
