import { randomBytes } from "node:crypto";
import { type Address, erc20Abi, getAddress, type PublicClient } from "viem";
import { NATIVE_TOKEN_ADDRESS } from "../chain/caip.js";
import { CHAIN_UNREACHABLE, type DexChains, NATIVE_TOKEN } from "../convert/dex.js";
import type { Db } from "../db/client.js";
import { HttpError } from "../http/errors.js";
import type { Pricer } from "../prices/prices.js";
import { DELIVERY_GAS } from "./deliver.js";
import {
  centsToUsd,
  checkLimits,
  FIAT_PATTERN,
  formatUnitsFixed,
  fromCents,
  LIMITS,
  NOT_OFFERED,
  PAYMENT_CURRENCIES,
  PAYMENT_METHODS,
  type PaymentCurrency,
  type PaymentMethod,
  providerFee,
  scaled,
  toCents,
  USD_SCALE,
  usdToCentsUp,
} from "./money.js";
import { onrampNetwork } from "./networks.js";
import { createOrder, type NewOrder } from "./orders.js";
import type { OnrampOptions, OnrampProvider, OnrampQuote, QuoteRequest, UrlRequest } from "./types.js";

/** How long a quote id stays valid (ms). */
export const QUOTE_TTL_MS = 10 * 60_000;

/** A token the local checkout sells: the investment token (mUSDC) or native ETH (`address` undefined). */
export type LocalAsset = { id: string; name: string; symbol: string; decimals: number; address: Address | undefined };

/** What the local provider needs. */
export type LocalOnrampDeps = {
  db: Db;
  chainId: number;
  investmentToken: Address | undefined;
  /** The deployment's listed tokens (name, symbol, decimals known without a read). */
  listedTokens: readonly { address: Address; name: string; symbol: string; decimals: number }[];
  client: PublicClient;
  chains: DexChains;
  pricer: Pricer;
  eurUsd: number;
  publicUrl: string;
  now?: () => number;
};

type StoredQuote = {
  quote: OnrampQuote;
  order: Omit<NewOrder, "destination">;
  expiresAt: number;
};

/** The spec's limits as options (decimal strings). */
function paymentCurrencies(): OnrampOptions["paymentCurrencies"] {
  return PAYMENT_CURRENCIES.map((id) => ({
    id,
    payment_method_limits: PAYMENT_METHODS.map((method) => ({
      id: method,
      min: fromCents(LIMITS[method].min),
      max: fromCents(LIMITS[method].max),
    })),
  }));
}

/** The local provider's state: its dependencies, clock and network, the quotes it gave, the token once read. */
type LocalState = {
  deps: LocalOnrampDeps;
  now: () => number;
  network: ReturnType<typeof onrampNetwork>;
  quotes: Map<string, StoredQuote>;
  tokenAsset: LocalAsset | undefined;
};

/** The investment token as an asset (read from the chain once when the deployment does not list it). */
async function readToken(state: LocalState): Promise<LocalAsset | undefined> {
  const { deps } = state;
  const address = deps.investmentToken;
  if (!address) return undefined;
  if (state.tokenAsset) return state.tokenAsset;
  const listed = deps.listedTokens.find((token) => token.address.toLowerCase() === address.toLowerCase());
  const meta: { name: string; symbol: string; decimals: number } =
    listed ??
    (await Promise.all([
      deps.client.readContract({ address, abi: erc20Abi, functionName: "name" }),
      deps.client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
      deps.client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
    ]).then(([name, symbol, decimals]) => ({ name, symbol, decimals })));
  state.tokenAsset = { id: meta.symbol, ...pick(meta), address: getAddress(address) };
  return state.tokenAsset;
}

/** ETH's USD price ×1e8 from the DEX, undefined where there is none. */
async function ethPrice({ deps }: LocalState): Promise<bigint | undefined> {
  const chain = await deps.chains.chain(deps.chainId).catch(() => undefined);
  if (!chain) return undefined;
  const price = await deps.pricer
    .price(chain, { chainId: deps.chainId, address: NATIVE_TOKEN_ADDRESS, native: true })
    .catch(() => undefined);
  return price ? scaled(price.price) : undefined;
}

/** The assets on sale: the investment token, and ETH where the DEX prices it. */
async function listAssets(state: LocalState): Promise<LocalAsset[]> {
  const token = await readToken(state).catch(() => {
    throw new HttpError(503, CHAIN_UNREACHABLE);
  });
  const list: LocalAsset[] = token ? [token] : [];
  if (await ethPrice(state)) list.push({ id: "ETH", ...NATIVE_TOKEN, address: undefined });
  return list;
}

/** The asset `id` on the network `networkName`, or 400 'not offered'. */
async function findAsset(state: LocalState, id: string, networkName: string): Promise<LocalAsset> {
  if (networkName !== state.network.name) throw new HttpError(400, NOT_OFFERED);
  const asset = (await listAssets(state)).find((item) => item.id === id);
  if (!asset) throw new HttpError(400, NOT_OFFERED);
  return asset;
}

/** The options: the assets on sale on the network, and the payment currencies with their limits. */
async function listOptions(state: LocalState): Promise<OnrampOptions> {
  const list = await listAssets(state);
  return {
    purchaseCurrencies: list.map((asset) => ({
      id: asset.id,
      name: asset.name,
      symbol: asset.symbol,
      iconUrl: "",
      networks: [{ ...state.network, contract_address: asset.address ?? "" }],
    })),
    paymentCurrencies: paymentCurrencies(),
  };
}

/** A quote's amounts, in cents of the payment currency and in the asset's base units. */
type QuoteAmounts = { subtotal: bigint; fee: bigint; networkFee: bigint; units: bigint };

/**
 * Prices a purchase: the provider fee, the delivery's network fee (its gas at the node's price, in ETH priced by the
 * DEX; none where ETH has no price), and the units the subtotal buys (the investment token is worth 1 USD).
 */
async function priceAmounts(
  state: LocalState,
  asset: LocalAsset,
  amount: string,
  currency: PaymentCurrency,
  method: PaymentMethod,
): Promise<QuoteAmounts> {
  const { deps } = state;
  const subtotal = toCents(amount);
  checkLimits(subtotal, currency, method);
  const fee = providerFee(subtotal, method);
  const eth = await ethPrice(state);
  const tokenPrice = asset.address ? USD_SCALE : eth; // the investment token is the USD token: worth 1
  if (!tokenPrice) throw new HttpError(400, NOT_OFFERED);
  const gasPrice = await deps.client.getGasPrice().catch(() => {
    throw new HttpError(503, CHAIN_UNREACHABLE);
  });
  const gas = asset.address ? DELIVERY_GAS.token : DELIVERY_GAS.native;
  const networkFeeUsd = eth ? (gas * gasPrice * eth) / 10n ** 18n : 0n;
  const networkFee = eth ? maxBig(1n, usdToCentsUp(networkFeeUsd, currency, deps.eurUsd)) : 0n;
  const units = (centsToUsd(subtotal, currency, deps.eurUsd) * 10n ** BigInt(asset.decimals)) / tokenPrice;
  if (units <= 0n) throw new HttpError(400, NOT_OFFERED);
  return { subtotal, fee, networkFee, units };
}

/** A quote for the request, kept (with the order it stands for) for QUOTE_TTL_MS; expired ones are dropped. */
async function makeQuote(state: LocalState, request: QuoteRequest): Promise<StoredQuote> {
  const { deps, now, network, quotes } = state;
  const asset = await findAsset(state, request.purchaseCurrency, request.network);
  if (!(PAYMENT_CURRENCIES as readonly string[]).includes(request.paymentCurrency))
    throw new HttpError(400, NOT_OFFERED);
  const currency = request.paymentCurrency as PaymentCurrency;
  const method: PaymentMethod = request.paymentMethod;
  const { subtotal, fee, networkFee, units } = await priceAmounts(state, asset, request.amount, currency, method);
  const money = (cents: bigint) => ({ amount: fromCents(cents), currency });
  const answer: OnrampQuote = {
    paymentSubtotal: money(subtotal),
    coinbaseFee: money(fee),
    networkFee: money(networkFee),
    paymentTotal: money(subtotal + fee + networkFee),
    purchaseAmount: { amount: formatUnitsFixed(units, asset.decimals), currency: asset.id },
    quoteId: `q_${randomBytes(12).toString("hex")}`,
  };
  const stored: StoredQuote = {
    quote: answer,
    expiresAt: now() + QUOTE_TTL_MS,
    order: {
      chainId: deps.chainId,
      network: network.name,
      asset: asset.id,
      tokenAddress: asset.address ?? null,
      decimals: asset.decimals,
      paymentCurrency: currency,
      paymentMethod: method,
      paymentSubtotal: answer.paymentSubtotal.amount,
      providerFee: answer.coinbaseFee.amount,
      networkFee: answer.networkFee.amount,
      paymentTotal: answer.paymentTotal.amount,
      purchaseAmount: answer.purchaseAmount.amount,
    },
  };
  for (const [id, old] of quotes) if (old.expiresAt <= now()) quotes.delete(id);
  quotes.set(answer.quoteId, stored);
  return stored;
}

/** The fiat amount for a URL request without a quote: presetFiatAmount, else presetCryptoAmount priced. */
async function presetFiat(
  state: LocalState,
  request: UrlRequest,
  asset: LocalAsset,
  currency: PaymentCurrency,
): Promise<string> {
  if (request.presetFiatAmount !== undefined) return request.presetFiatAmount.toFixed(2);
  if (request.presetCryptoAmount !== undefined) {
    const price = asset.address ? USD_SCALE : await ethPrice(state);
    if (!price) throw new HttpError(400, NOT_OFFERED);
    const usd = (scaled(request.presetCryptoAmount) * price) / USD_SCALE;
    return fromCents(usdToCentsUp(usd, currency, state.deps.eurUsd));
  }
  throw new HttpError(400, "Choose an amount to buy before continuing to checkout");
}

/**
 * The quote a checkout link stands for: the request's own (still valid, for the wallet's asset and network), or a
 * new one from its preset amount (400 when the quote expired and there is none).
 */
async function quoteForUrl(
  state: LocalState,
  request: UrlRequest,
  wallet: UrlRequest["destinationWallets"][number],
  networkName: string,
): Promise<StoredQuote> {
  let stored: StoredQuote | undefined;
  if (request.quoteId) {
    const known = state.quotes.get(request.quoteId);
    if (known && known.expiresAt > state.now()) stored = known;
    else if (request.presetFiatAmount === undefined && request.presetCryptoAmount === undefined)
      throw new HttpError(400, "This quote has expired; get a new quote");
  }
  if (stored) {
    if (wallet.assets?.length && !wallet.assets.includes(stored.order.asset)) throw new HttpError(400, NOT_OFFERED);
    if (stored.order.network !== networkName) throw new HttpError(400, NOT_OFFERED);
    return stored;
  }
  const assetId = wallet.assets?.[0] ?? (await listAssets(state))[0]?.id;
  if (!assetId) throw new HttpError(400, NOT_OFFERED);
  const asset = await findAsset(state, assetId, networkName);
  const currency = request.paymentCurrency ?? "USD";
  return makeQuote(state, {
    purchaseCurrency: asset.id,
    paymentCurrency: currency,
    amount: await presetFiat(state, request, asset, currency),
    network: networkName,
    paymentMethod: request.paymentMethod ?? "CARD",
  });
}

/** A checkout link to the API's own page, backed by a stored order for the destination wallet. */
async function checkoutUrl(state: LocalState, request: UrlRequest): Promise<{ url: string }> {
  const wallet = request.destinationWallets[0];
  if (!wallet) throw new HttpError(400, "Give a destination wallet");
  const networkName = request.defaultNetwork ?? wallet.blockchains[0] ?? state.network.name;
  if (wallet.blockchains.length > 0 && !wallet.blockchains.includes(networkName)) throw new HttpError(400, NOT_OFFERED);
  const stored = await quoteForUrl(state, request, wallet, networkName);
  const order = await createOrder(state.deps.db, { ...stored.order, destination: getAddress(wallet.address) });
  return { url: `${state.deps.publicUrl}/onramp/checkout/${order.id}` };
}

/**
 * The local on-ramp: options for the deployment's chain (the investment token, and ETH where the DEX prices it),
 * quotes priced from the DEX's pools with the provider fee of `FEE_BASIS_POINTS`, and checkout links to the API's own
 * page (`/onramp/checkout/:orderId`), each backed by a stored order.
 */
export function localOnramp(deps: LocalOnrampDeps): OnrampProvider & { assets(): Promise<LocalAsset[]> } {
  const state: LocalState = {
    deps,
    now: deps.now ?? Date.now,
    network: onrampNetwork(deps.chainId),
    quotes: new Map(),
    tokenAsset: undefined,
  };
  return {
    assets: () => listAssets(state),
    options: () => listOptions(state),
    quote: async (request) => (await makeQuote(state, request)).quote,
    url: (request) => checkoutUrl(state, request),
  };
}

const pick = (meta: { name: string; symbol: string; decimals: number }) => ({
  name: meta.name,
  symbol: meta.symbol,
  decimals: meta.decimals,
});

const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);

/** A fiat amount's shape for the schemas (re-exported for the routes). */
export { FIAT_PATTERN };
