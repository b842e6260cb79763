// @ts-check
/**
 * The chain half of the local stack for working on the web app with `vite dev`: forge build, anvil on
 * 127.0.0.1:8545 (ANVIL_PORT), deploy (writes contracts/deployments/31337.json, which the dev server's
 * /config.json reads) and the demo seed. Runs until Ctrl-C / SIGTERM. `npm start` at the root runs the
 * whole stack (API and the built web app included); this is the lighter loop for `npm run dev`.
 */
import { deploy } from "@fundament/scripts/deploy";
import { forgeBuild } from "@fundament/scripts/lib/foundry";
import { seed, seedGenesisTimestamp } from "@fundament/scripts/seed";
import { startAnvil } from "@fundament/test-chain";

const port = Number(process.env.ANVIL_PORT ?? 8545);
await forgeBuild({ silent: true });
// The seed moves the clock through the demo's rounds; starting that far in the past ends it at the wall clock.
const anvil = await startAnvil({
  port,
  timestamp: seedGenesisTimestamp(Number(process.env.LOCKUP_PERIOD_DURATION ?? 2_592_000)),
});
const stop = async () => {
  await anvil.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
try {
  const deployment = await deploy({ rpcUrl: anvil.url, log: () => {} });
  await seed({ rpcUrl: anvil.url, deployment });
  console.log(`chain ready: ${anvil.url}, fund ${deployment.investmentFund}, token ${deployment.investmentToken}`);
} catch (error) {
  console.error(error);
  await stop();
}
