import { getSponsorship } from "@fundament/sdk";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createPublicClient, formatEther, http, parseEther } from "viem";
import { afterEach, describe, expect, it } from "vitest";
import { PROMPT_METHODS, withSnapshot } from "../../../test/chain";
import { DEV_ACCOUNTS, recordRpcMethods, renderApp, testConfig } from "../../../test/render";
import { AppConfigProvider } from "../../shared/hooks/useAppConfig";
import { GasSponsorshipSection } from "./GasSponsorshipSection";

// The seeded chain's deployment has a fund paymaster (scripts/deploy.mjs sets a budget per account); admin = account 0.
let recorder: ReturnType<typeof recordRpcMethods> | undefined;
afterEach(() => recorder?.restore());

const section = () => screen.getByRole("region", { name: "Gas sponsorship" });
const sponsorBudget = async () => {
  const config = testConfig();
  const client = createPublicClient({ transport: http(config.rpcUrl) });
  return (await getSponsorship(client, { deployment: config.deployment }))?.sponsorBudget;
};

describe("Gas sponsorship (admin)", () => {
  it("shows the paymaster's budget per account and lets an admin set it", async () => {
    await withSnapshot(async () => {
      // What the page must show is what the chain holds (the deploy script's default), read independently.
      const deployed = await sponsorBudget();
      expect(deployed).toBeGreaterThan(0n);
      await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
      await screen.findByRole("heading", { name: "Gas sponsorship" }, { timeout: 15_000 });
      await waitFor(
        () =>
          expect(within(section()).getByTestId("sponsor-budget").textContent).toBe(
            `${formatEther(deployed ?? 0n)} ETH`,
          ),
        { timeout: 10_000 },
      );
      await userEvent.type(within(section()).getByLabelText("New budget per account (ETH)"), "0.05");
      await userEvent.click(within(section()).getByRole("button", { name: "Set sponsor budget" }));
      await waitFor(() => expect(within(section()).getByTestId("sponsor-budget").textContent).toBe("0.05 ETH"), {
        timeout: 15_000,
      });
      expect(await sponsorBudget()).toBe(parseEther("0.05"));
    });
  });

  it("refuses a budget that is not an ETH amount before any wallet prompt", async () => {
    await renderApp({ path: "/admin", account: DEV_ACCOUNTS[0] });
    await screen.findByRole("heading", { name: "Gas sponsorship" }, { timeout: 15_000 });
    recorder = recordRpcMethods();
    await userEvent.type(within(section()).getByLabelText("New budget per account (ETH)"), "lots");
    await userEvent.click(within(section()).getByRole("button", { name: "Set sponsor budget" }));
    expect(within(section()).getByRole("alert").textContent).toBe(
      "Enter a budget in ETH, like 0.05 (0 sponsors nothing).",
    );
    expect(recorder.methods.filter((m) => PROMPT_METHODS.includes(m))).toEqual([]);
  });

  it("is not shown when the deployment has no paymaster", async () => {
    const config = testConfig();
    const { fundPaymaster: _, ...deployment } = config.deployment;
    await renderApp({
      path: "/admin",
      account: DEV_ACCOUNTS[0],
      children: (
        <AppConfigProvider config={{ ...config, deployment }}>
          <p>admin</p>
          <GasSponsorshipSection />
        </AppConfigProvider>
      ),
    });
    await screen.findByText("admin");
    expect(screen.queryByRole("region", { name: "Gas sponsorship" })).toBeNull();
    expect(config.deployment.fundPaymaster).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});
