/**
 * Starts a real anvil on a free port, deploys and seeds the demo state with the same scripts as
 * `npm start` (like packages/sdk/test/globalSetup.ts), and hands the RPC address and deployment to
 * the tests, which read real chain data through the app's own code.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error: plain JavaScript (JSDoc-typed) scripts of the repository, outside this package's tsconfig
import { deploy } from "../../../scripts/deploy.mjs";
// @ts-expect-error: see above
import { freePort, startAnvil } from "../../../scripts/lib/anvil.mjs";
// @ts-expect-error: see above
import { forgeBuild } from "../../../scripts/lib/foundry.mjs";
// @ts-expect-error: see above
import { seed } from "../../../scripts/seed.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    rpcUrl: string;
    deployment: { chainId: number; investmentFund: string; investmentToken: string; deploymentBlock: number };
  }
}

export default async function setup(project: TestProject) {
  await forgeBuild({ silent: true });
  const port: number = await freePort();
  const anvil = await startAnvil({ port });
  const deploymentsDir = mkdtempSync(join(tmpdir(), "fundament-web-"));
  try {
    const deployment = await deploy({ rpcUrl: anvil.url, deploymentsDir, log: () => {} });
    await seed({ rpcUrl: anvil.url, deployment });
    project.provide("rpcUrl", anvil.url);
    project.provide("deployment", {
      chainId: deployment.chainId,
      investmentFund: deployment.investmentFund,
      investmentToken: deployment.investmentToken,
      deploymentBlock: Number(deployment.deploymentBlock),
    });
  } catch (error) {
    await anvil.stop();
    throw error;
  }
  return async () => {
    await anvil.stop();
    rmSync(deploymentsDir, { recursive: true, force: true });
  };
}
