import {
  type Address,
  type Chain,
  createWalletClient,
  type EIP1193Parameters,
  type EIP1193RequestFn,
  fromHex,
  type Hex,
  http,
  numberToHex,
  type RpcTransactionRequest,
  SwitchChainError,
  UnsupportedProviderMethodError,
} from "viem";
import { type HDAccount, mnemonicToAccount } from "viem/accounts";
import { DEV_ACCOUNT_COUNT, DEV_CHAIN_ID, DEV_MNEMONIC } from "../core/constants.js";

export type DevAccountsProvider = {
  request: EIP1193RequestFn;
  on(event: "accountsChanged" | "chainChanged" | "disconnect", listener: (value: unknown) => void): void;
  removeListener(event: string, listener: (value: unknown) => void): void;
  /** The selected account index (0..9). */
  getAccountIndex(): number;
  setAccountIndex(index: number): void;
  accounts: readonly Address[];
};

export type CreateDevAccountsProviderParameters = {
  chain: Chain;
  rpcUrl?: string | undefined;
  accountIndex?: number | undefined;
};

/** Addresses of the anvil dev accounts 0..9 (public, well known; a test checks them against the mnemonic). */
export const DEV_ACCOUNT_ADDRESSES: readonly Address[] = [
  "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
  "0x976EA74026E726554dB657fA54763abd0C3a0aa9",
  "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
  "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f",
  "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
];

const derived = new Map<number, HDAccount>();

/** The dev account at an index, derived from the well-known mnemonic with viem (memoized: derivation is slow). */
export function getDevAccount(addressIndex: number): HDAccount {
  if (!Number.isInteger(addressIndex) || addressIndex < 0 || addressIndex >= DEV_ACCOUNT_COUNT)
    throw new Error("Invalid account index");
  let account = derived.get(addressIndex);
  if (!account) {
    account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex });
    derived.set(addressIndex, account);
  }
  return account;
}

function toBigInt(value: Hex | undefined): bigint | undefined {
  return value === undefined ? undefined : fromHex(value, "bigint");
}

/**
 * An EIP-1193 provider for the anvil dev accounts: signs locally with viem and sends through the RPC.
 * Chain 31337 only.
 */
export function createDevAccountsProvider(parameters: CreateDevAccountsProviderParameters): DevAccountsProvider {
  if (parameters.chain.id !== DEV_CHAIN_ID) throw new Error(`Dev accounts exist on chain ${DEV_CHAIN_ID} only`);
  const rpcUrl = parameters.rpcUrl ?? parameters.chain.rpcUrls.default.http[0];
  let index = parameters.accountIndex ?? 0;
  const listeners = new Map<string, Set<(value: unknown) => void>>();
  const emit = (event: string, value: unknown) => {
    for (const l of listeners.get(event) ?? []) l(value);
  };
  const client = () =>
    createWalletClient({ account: getDevAccount(index), chain: parameters.chain, transport: http(rpcUrl) });

  const request = (async ({ method, params }: EIP1193Parameters) => {
    const p = (params ?? []) as unknown[];
    switch (method) {
      case "eth_accounts":
      case "eth_requestAccounts":
        return [DEV_ACCOUNT_ADDRESSES[index]];
      case "eth_chainId":
        return numberToHex(DEV_CHAIN_ID);
      case "personal_sign":
        return getDevAccount(index).signMessage({ message: { raw: p[0] as Hex } });
      case "eth_signTypedData_v4": {
        const typed = typeof p[1] === "string" ? JSON.parse(p[1]) : p[1];
        return getDevAccount(index).signTypedData(typed);
      }
      case "eth_sendTransaction": {
        const tx = p[0] as RpcTransactionRequest;
        return client().sendTransaction({
          account: getDevAccount(index),
          chain: parameters.chain,
          to: tx.to ?? undefined,
          data: tx.data,
          value: toBigInt(tx.value),
          gas: toBigInt(tx.gas),
          nonce: tx.nonce === undefined ? undefined : fromHex(tx.nonce, "number"),
        } as Parameters<ReturnType<typeof client>["sendTransaction"]>[0]);
      }
      case "wallet_switchEthereumChain": {
        const { chainId } = p[0] as { chainId: Hex };
        if (fromHex(chainId, "number") !== DEV_CHAIN_ID)
          throw new SwitchChainError(new Error("Dev accounts exist on the local chain only"));
        return null;
      }
      case "wallet_addEthereumChain":
      case "wallet_watchAsset":
      case "eth_sign":
        throw new UnsupportedProviderMethodError(new Error(`${method} is not supported by the dev accounts`));
      default: {
        const res = await fetch(rpcUrl as string, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
        });
        const body = (await res.json()) as {
          result?: unknown;
          error?: { code: number; message: string; data?: unknown };
        };
        if (body.error) throw Object.assign(new Error(body.error.message), body.error);
        return body.result;
      }
    }
  }) as EIP1193RequestFn;

  return {
    request,
    accounts: DEV_ACCOUNT_ADDRESSES,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    getAccountIndex: () => index,
    setAccountIndex(next) {
      if (!Number.isInteger(next) || next < 0 || next >= DEV_ACCOUNT_COUNT) throw new Error("Invalid account index");
      index = next;
      emit("accountsChanged", [DEV_ACCOUNT_ADDRESSES[index]]);
    },
  };
}
