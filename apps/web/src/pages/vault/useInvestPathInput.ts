import { smartAccountDeployment } from "@fundament/sdk";
import { useSmartAccount } from "@fundament/wallet/react";
import { useQuery } from "@tanstack/react-query";
import { useCapabilities } from "wagmi";
import { useAppConfig } from "../../shared/hooks/useAppConfig";
import { useFundClient } from "../../shared/hooks/useFundClient";
import { useInvestmentToken } from "../../shared/hooks/useFundQueries";
import { useWalletStatus } from "../../shared/hooks/useWalletStatus";
import { investPermitQuery } from "./invest.queries";
import type { ChooseInvestPathInput } from "./investPath.helpers";

/**
 * What the path chooser needs to know, read for the connected wallet: its EIP-5792 capabilities on the app's chain
 * (`wallet_getCapabilities`; a wallet without EIP-5792 has none), whether the token takes permits, and whether the
 * wallet signs typed data (`signsTypedData`: assumed until it refused once, which the flow remembers).
 */
export function useInvestPathInput(signsTypedData: boolean): ChooseInvestPathInput {
  const { chainId, deployment } = useAppConfig();
  // The wallet layer's account type (EOA unless the person chose "Smart account" in the Account view); the path is
  // ready where the deployment has the EntryPoint, factory, paymaster and a bundler URL.
  const { accountType } = useSmartAccount();
  const smartAccountReady = Boolean(smartAccountDeployment(deployment)?.bundlerUrl);
  const client = useFundClient();
  const wallet = useWalletStatus();
  const token = useInvestmentToken();
  const ready = wallet.isConnected && !wallet.wrongNetwork;
  const capabilities = useCapabilities({
    chainId,
    query: { enabled: ready, retry: false, staleTime: Number.POSITIVE_INFINITY },
  });
  const permit = useQuery(investPermitQuery(client, token.data?.address, chainId, ready ? wallet.account : undefined));
  return {
    // The fund is on an EVM chain: only an EOA or a smart account invests (bitcoin's "payment" type never does).
    accountType: accountType === "smartAccount" ? "smartAccount" : "eoa",
    smartAccountReady,
    capabilities:
      ready && !capabilities.isError ? (capabilities.data as ChooseInvestPathInput["capabilities"]) : undefined,
    supportsPermit: permit.data === true,
    signsTypedData,
  };
}
