import { toSimpleSmartAccount } from "permissionless/accounts";
import type { Account, Chain, Client, Transport, WalletClient } from "viem";
import { toAccount } from "viem/accounts";
import { FundamentError } from "../baseErrors.js";
import { type Deployment, smartAccountDeployment } from "../deployment/deployment.js";
import { SMART_ACCOUNT_SALT } from "./getSmartAccountAddress.js";

export type ToFundSmartAccountParameters = {
  deployment: Deployment;
  /** Reads the chain (nonce, deployment state). */
  publicClient: Client<Transport, Chain | undefined>;
  /** The owner's wallet: it signs each user operation as EIP-712 typed data (`eth_signTypedData_v4`, one prompt). */
  owner: WalletClient<Transport, Chain | undefined, Account>;
};

/**
 * The owner's smart account as a viem account: eth-infinitism's SimpleAccount v0.8 through permissionless's
 * `toSimpleSmartAccount`, with the deployment's EntryPoint and factory (salt 0).
 */
export async function toFundSmartAccount({ deployment, publicClient, owner }: ToFundSmartAccountParameters) {
  const aa = smartAccountDeployment(deployment);
  if (!aa) throw new FundamentError("Smart accounts are not set up on this network.");
  // permissionless takes a wallet client for an EIP-1193 provider and asks it for `eth_requestAccounts`, whose first
  // answer need not be the connected account: give it the owner as an account that signs through the wallet.
  const ownerAccount = toAccount({
    address: owner.account.address,
    signMessage: ({ message }) => owner.signMessage({ account: owner.account, message }),
    // Cast: viem's account-side definition makes `types` optional (an EIP712Domain-only message), its wallet action does not.
    signTypedData: (typedData) => owner.signTypedData({ account: owner.account, ...typedData } as never),
    signTransaction: async () => {
      throw new FundamentError("A smart account's owner signs user operations, not transactions.");
    },
  });
  return toSimpleSmartAccount({
    // permissionless types its client with a narrower account type; the client is only read through.
    client: publicClient as Parameters<typeof toSimpleSmartAccount>[0]["client"],
    owner: ownerAccount,
    entryPoint: { address: aa.entryPoint, version: "0.8" },
    factoryAddress: aa.accountFactory,
    index: SMART_ACCOUNT_SALT,
  });
}
