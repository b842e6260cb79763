/**
 * The run's chain (`@fundament/test-chain`) with the contracts deployed and the demo state seeded, as `npm start`
 * does (scripts/lib/seeded-chain.mjs); the tests read real chain data through the app's own code, and each file
 * starts from this state (test/testChain.ts resets the chain after every file).
 */
import { forgeBuild } from "@fundament/scripts/lib/foundry";
import { seedChain, seedGenesisTimestamp } from "@fundament/scripts/lib/seeded-chain";
import { startTestChains } from "@fundament/test-chain/global-setup";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    deployment: {
      chainId: number;
      investmentFund: string;
      fundGovernor: string;
      fundTimelock: string;
      investmentToken: string;
      deploymentBlock: number;
      fundPaymaster?: string | null;
    };
  }
}

export default async function setup(project: TestProject) {
  await forgeBuild({ silent: true });
  // The genesis as far in the past as the seed moves the clock, so that the seeded chain ends at the wall clock.
  const chains = await startTestChains(project, { timestamp: seedGenesisTimestamp() });
  const seeded: Awaited<ReturnType<typeof seedChain>>[] = [];
  const stop = async () => {
    for (const { cleanup } of seeded) cleanup();
    await chains.stop();
  };
  try {
    // Side by side: each chain is seeded by its own requests (the same deployer and nonces on every chain).
    const results = await Promise.allSettled(chains.urls.map((url) => seedChain(url, { name: "fundament-web" })));
    for (const result of results) if (result.status === "fulfilled") seeded.push(result.value);
    const failure = results.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
  } catch (error) {
    await stop();
    throw error;
  }
  // Every chain got the same deployment (same deployer, same nonces): one record serves them all.
  const deployment = seeded[0]?.deployment;
  if (!deployment) throw new Error("no test chain was seeded");
  project.provide("deployment", {
    chainId: deployment.chainId,
    investmentFund: deployment.investmentFund,
    fundGovernor: deployment.fundGovernor,
    fundTimelock: deployment.fundTimelock,
    investmentToken: deployment.investmentToken,
    deploymentBlock: Number(deployment.deploymentBlock),
    fundPaymaster: deployment.fundPaymaster ?? null,
  });
  return stop;
}
