/**
 * A real anvil with the contracts deployed and the demo state seeded, as `npm start` does
 * (scripts/lib/seeded-chain.mjs, shared with the SDK's tests); the tests read real chain data through the app's
 * own code.
 */
import type { TestProject } from "vitest/node";
// @ts-expect-error: plain JavaScript (JSDoc-typed) scripts of the repository, outside this package's tsconfig
import { startSeededChain } from "../../../scripts/lib/seeded-chain.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    rpcUrl: string;
    deployment: {
      chainId: number;
      investmentFund: string;
      investmentToken: string;
      deploymentBlock: number;
      fundPaymaster?: string | null;
    };
  }
}

export default async function setup(project: TestProject) {
  const chain = await startSeededChain({ build: true, name: "fundament-web" });
  const { deployment } = chain;
  project.provide("rpcUrl", chain.rpcUrl);
  project.provide("deployment", {
    chainId: deployment.chainId,
    investmentFund: deployment.investmentFund,
    investmentToken: deployment.investmentToken,
    deploymentBlock: Number(deployment.deploymentBlock),
    fundPaymaster: deployment.fundPaymaster ?? null,
  });
  return chain.stop;
}
