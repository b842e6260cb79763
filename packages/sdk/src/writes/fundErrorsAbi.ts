import { investmentFundAbi, mockUsdcAbi } from "../abi/index.js";

/** The fund's ABI plus the token's custom errors, so reverts that bubble up from the token decode too. */
export const fundWithTokenErrorsAbi = [
  ...investmentFundAbi,
  ...mockUsdcAbi.filter((item) => item.type === "error"),
] as const;
