import { createStore, type Store } from "../../core/createStore.js";
import type { TokenBalance } from "../../core/createWalletState.js";

/** Send state (spec section 3). */
export type SendState = {
  token: TokenBalance | undefined;
  sendTokenAmount: string | undefined;
  receiverAddress: string | undefined;
  receiverProfileImageUrl: string | undefined;
  receiverProfileName: string | undefined;
  gasPrice: bigint | undefined;
  gasPriceInUSD: number | undefined;
  networkBalanceInUSD: number | undefined;
  loading: boolean;
  tokenBalances: TokenBalance[];
  lastRetry: number | undefined;
};

export const initialSendState: SendState = {
  token: undefined,
  sendTokenAmount: undefined,
  receiverAddress: undefined,
  receiverProfileImageUrl: undefined,
  receiverProfileName: undefined,
  gasPrice: undefined,
  gasPriceInUSD: undefined,
  networkBalanceInUSD: undefined,
  loading: false,
  tokenBalances: [],
  lastRetry: undefined,
};

export type SendStore = Store<SendState> & { reset(): void };

export function createSendStore(): SendStore {
  const store = createStore<SendState>(initialSendState);
  return { ...store, reset: () => store.setState(initialSendState) };
}
