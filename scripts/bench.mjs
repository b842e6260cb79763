// @ts-check
/**
 * `npm run bench`: prints figures, asserts nothing about them.
 *
 * Contracts:
 *  1. the named gas figures per operation: the `test_gas_*` tests, run with `--isolate` so each call
 *     is costed as a transaction of its own, record them with `vm.snapshotGas` into
 *     `contracts/snapshots/*.json`, printed here as a table;
 *  2. the gas report of every InvestmentFund function over the unit and fuzz tests
 *     (`forge test --gas-report`). The `test_gas_*` tests ran above and are left out here (they
 *     would rewrite their snapshots); invariant runs are left out because their random calls say
 *     little about typical use.
 *  0. each deployed contract's runtime size and its headroom under EIP-170's 24,576 bytes (target: at least 15 %);
 * Then the `bench` script of every other workspace that defines one.
 */
import { ensureDeps } from "./lib/ensure-deps.mjs";

ensureDeps();

const { existsSync, readdirSync, readFileSync } = await import("node:fs");
const { join } = await import("node:path");
const { forge } = await import("./lib/foundry.mjs");
const { CONTRACTS_DIR, ROOT } = await import("./lib/paths.mjs");
const { run } = await import("./lib/run.mjs");
const { listWorkspaces } = await import("./lib/workspaces.mjs");

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
let failed = false;

/** @param {string} title */
const banner = (title) => console.log(`\n━━ ${title} ${"━".repeat(Math.max(0, 72 - title.length))}`);

/** The contracts a deployment puts on chain (mocks and test helpers are not deployed off the local chain). */
const DEPLOYED = [
  "InvestmentFund",
  "FundViews",
  "FundGovernor",
  "FundTimelock",
  "TradingWalletList",
  "Settlement",
  "FundPaymaster",
];
const EIP170 = 24_576;
banner("contracts: deployed sizes (forge build --sizes; EIP-170 limit 24,576 bytes, target ≥ 15 % headroom)");
const sizes = await forge(["build", "--sizes", "--json"], { capture: true, silent: true });
try {
  /** @type {Record<string, { runtime_size: number, init_size: number }>} */
  const table = JSON.parse(sizes.output.slice(sizes.output.indexOf("{")));
  console.log(
    `  ${"contract".padEnd(18)}  ${"runtime".padStart(7)}  ${"headroom".padStart(8)}  ${"share".padStart(6)}`,
  );
  for (const name of DEPLOYED) {
    const entry = table[name];
    if (!entry) continue;
    const headroom = EIP170 - entry.runtime_size;
    console.log(
      `  ${name.padEnd(18)}  ${entry.runtime_size.toLocaleString("en-US").padStart(7)}  ${headroom.toLocaleString("en-US").padStart(8)}  ${`${((headroom / EIP170) * 100).toFixed(1)} %`.padStart(6)}`,
    );
  }
} catch {
  failed = true;
  process.stdout.write(sizes.output);
}

banner("contracts: gas per operation (test_gas_* --isolate → contracts/snapshots)");
const named = await forge(["test", "--match-test", "^test_gas_", "--isolate"], { capture: true, silent: true });
if (/No tests match/i.test(named.output)) {
  console.log("(no test_gas_* tests yet)");
} else if (named.code !== 0) {
  failed = true;
  process.stdout.write(named.output);
}
const snapshotsDir = join(CONTRACTS_DIR, "snapshots");
if (existsSync(snapshotsDir)) {
  for (const file of readdirSync(snapshotsDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    /** @type {Record<string, string>} */
    const figures = JSON.parse(readFileSync(join(snapshotsDir, file), "utf8"));
    const width = Math.max(...Object.keys(figures).map((k) => k.length), 9);
    console.log(`${file}\n  ${"operation".padEnd(width)}  gas`);
    for (const [operation, gas] of Object.entries(figures)) {
      console.log(`  ${operation.padEnd(width)}  ${Number(gas).toLocaleString("en-US").padStart(9)}`);
    }
  }
}

banner("contracts: InvestmentFund gas report (forge test --gas-report)");
const report = await forge(["test", "--gas-report", "--no-match-test", "^(invariant|test_gas_|test_scale_)"], {
  env: { FOUNDRY_GAS_REPORTS: "[InvestmentFund]" },
});
failed ||= report.code !== 0;

for (const workspace of listWorkspaces()) {
  if (workspace.location === "contracts" || !workspace.scripts.bench) continue;
  banner(`${workspace.location}: npm run bench`);
  const result = await run(npm, ["run", "bench", "--workspace", workspace.name], { cwd: ROOT });
  failed ||= result.code !== 0;
}

process.exit(failed ? 1 : 0);
