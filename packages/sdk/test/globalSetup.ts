/**
 * A real anvil with the contracts deployed and the demo state seeded, as `npm start` does
 * (scripts/lib/seeded-chain.mjs); the tests get its RPC address and deployment.
 */
import type { TestProject } from "vitest/node";
// @ts-expect-error: plain JavaScript (JSDoc-typed) scripts of the repository, outside this package's tsconfig
import { startSeededChain } from "../../../scripts/lib/seeded-chain.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    rpcUrl: string;
    deployment: { chainId: number; investmentFund: string; investmentToken: string; deploymentBlock: string };
  }
}

export default async function setup(project: TestProject) {
  const chain = await startSeededChain({ name: "fundament-sdk" });
  const { deployment } = chain;
  project.provide("rpcUrl", chain.rpcUrl);
  project.provide("deployment", {
    chainId: deployment.chainId,
    investmentFund: deployment.investmentFund,
    investmentToken: deployment.investmentToken,
    deploymentBlock: String(deployment.deploymentBlock),
  });
  return chain.stop;
}
