// @vitest-environment happy-dom

import { deployDeterministic, ENTRY_POINT_SALT, loadAccountAbstractionArtifact } from "@fundament/scripts/lib/bundler";
import { devAccount, devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type Address, createPublicClient, createWalletClient, encodeDeployData, http, parseEther } from "viem";
import { foundry } from "viem/chains";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import { PREFERRED_ACCOUNT_TYPE_KEY } from "../../features/smartAccount/preferredAccountType.js";
import { simpleAccountFactoryAbi } from "../../features/smartAccount/simpleAccountFactoryAbi.js";
import type { SmartAccountConfig } from "../../features/smartAccount/types.js";
import { memoryStorage, renderWallet } from "../testUtils.js";

// A real anvil with eth-infinitism's EntryPoint v0.8 and SimpleAccountFactory v0.8 (the npm artifacts, deployed as
// scripts/deploy.mjs does); the dev-accounts connector (account 0) is the owner.
const { rpcUrl } = testChainForFile();
let smartAccount: SmartAccountConfig;
let expectedAddress: Address;
const OWNER = devAccount(0).address;

beforeAll(async () => {
  const chain = { ...foundry, rpcUrls: { default: { http: [rpcUrl] } } };
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const walletClient = createWalletClient({
    account: devLocalAccount(0),
    chain,
    transport: http(rpcUrl),
  });
  const entryPointArtifact = loadAccountAbstractionArtifact("EntryPoint");
  const factoryArtifact = loadAccountAbstractionArtifact("SimpleAccountFactory");
  const entryPoint = (
    await deployDeterministic({
      publicClient,
      walletClient,
      salt: ENTRY_POINT_SALT,
      initCode: entryPointArtifact.bytecode,
      label: "EntryPoint",
    })
  ).address;
  const factory = (
    await deployDeterministic({
      publicClient,
      walletClient,
      salt: ENTRY_POINT_SALT,
      initCode: encodeDeployData({ abi: factoryArtifact.abi, bytecode: factoryArtifact.bytecode, args: [entryPoint] }),
      label: "SimpleAccountFactory",
    })
  ).address;
  smartAccount = { chains: { [foundry.id]: { factory, entryPoint } } };
  expectedAddress = await publicClient.readContract({
    address: factory,
    abi: simpleAccountFactoryAbi,
    functionName: "getAddress",
    args: [OWNER, 0n],
  });
}, 60_000);
beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

/** Deploys the owner's account the way the EntryPoint does for a first user operation: through its SenderCreator. */
async function deployOwnersAccount() {
  const entryPoint = smartAccount.chains[foundry.id]?.entryPoint as Address;
  const factory = smartAccount.chains[foundry.id]?.factory as Address;
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const senderCreator = await client.readContract({
    address: entryPoint,
    abi: [
      { type: "function", name: "senderCreator", stateMutability: "view", inputs: [], outputs: [{ type: "address" }] },
    ],
    functionName: "senderCreator",
  });
  const rpc = (method: string, params: unknown[]) => client.request({ method, params } as never);
  await rpc("anvil_impersonateAccount", [senderCreator]);
  await rpc("anvil_setBalance", [senderCreator, `0x${parseEther("1").toString(16)}`]);
  const wallet = createWalletClient({ account: senderCreator, chain: foundry, transport: http(rpcUrl) });
  const hash = await wallet.writeContract({
    address: factory,
    abi: [
      {
        type: "function",
        name: "createAccount",
        stateMutability: "nonpayable",
        inputs: [
          { name: "owner", type: "address" },
          { name: "salt", type: "uint256" },
        ],
        outputs: [{ type: "address" }],
      },
    ],
    functionName: "createAccount",
    args: [OWNER, 0n],
  });
  await client.waitForTransactionReceipt({ hash });
  await rpc("anvil_stopImpersonatingAccount", [senderCreator]);
}

async function openAccount(rendered: ReturnType<typeof renderWallet>) {
  const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "devAccounts");
  if (!connector) throw new Error("no dev connector");
  await act(() => connect(rendered.wagmiConfig, { connector }));
  act(() => rendered.core.open());
  return screen.findByRole("dialog", { name: "Account" });
}

describe("Account view: account type", () => {
  it("is not offered where smart accounts are not configured", async () => {
    const dialog = await openAccount(renderWallet({ rpcUrl }));
    await within(dialog).findByText("0xf39F…2266");
    expect(within(dialog).queryByRole("group", { name: "Account type" })).toBeNull();
  });

  it("choosing 'Smart account' shows its address, 'not deployed yet', keeps the choice; deployed once it exists", async () => {
    const storage = memoryStorage();
    const rendered = renderWallet({ rpcUrl, storage, smartAccount });
    const dialog = await openAccount(rendered);
    const group = await within(dialog).findByRole("group", { name: "Account type" });
    expect((within(group).getByRole("radio", { name: "Wallet" }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(group).getByRole("radio", { name: "Smart account" }));
    const details = await within(dialog).findByRole("region", { name: "Smart account" });
    await within(details).findByText("not deployed yet");
    expect(within(details).getByTitle(expectedAddress).textContent).toBe(
      `${expectedAddress.slice(0, 6)}…${expectedAddress.slice(-4)}`,
    );
    expect(within(details).getByRole("button", { name: "Copy smart account address" })).toBeTruthy();
    expect(localStorage.getItem(PREFERRED_ACCOUNT_TYPE_KEY)).toBe("smartAccount");
    expect(rendered.core.state.activeAccount()).toMatchObject({
      preferredAccountType: "smartAccount",
      smartAccountDeployed: false,
    });
    cleanup();

    // The account's first operation deploys it; a new page load keeps the choice and says "deployed".
    await deployOwnersAccount();
    const again = renderWallet({ rpcUrl, storage, smartAccount });
    const dialog2 = await openAccount(again);
    const group2 = await within(dialog2).findByRole("group", { name: "Account type" });
    await waitFor(() =>
      expect((within(group2).getByRole("radio", { name: "Smart account" }) as HTMLInputElement).checked).toBe(true),
    );
    await within(dialog2).findByText("deployed");
    expect(again.core.state.activeAccount().smartAccountDeployed).toBe(true);

    // Back to EOA: the smart account's details go, and the choice is kept.
    await userEvent.click(within(group2).getByRole("radio", { name: "Wallet" }));
    await waitFor(() => expect(within(dialog2).queryByRole("region", { name: "Smart account" })).toBeNull());
    expect(localStorage.getItem(PREFERRED_ACCOUNT_TYPE_KEY)).toBe("eoa");
  });

  it("shows the app's notice about the smart account (e.g. that it still needs whitelisting)", async () => {
    localStorage.setItem(PREFERRED_ACCOUNT_TYPE_KEY, "smartAccount");
    const asked: string[] = [];
    const dialog = await openAccount(
      renderWallet({
        rpcUrl,
        smartAccount: {
          ...smartAccount,
          notice: async (address) => {
            asked.push(address);
            return "This smart account is not whitelisted yet: the fund's admin must whitelist it before it can invest.";
          },
        },
      }),
    );
    expect(await within(dialog).findByRole("note")).toHaveProperty(
      "textContent",
      "This smart account is not whitelisted yet: the fund's admin must whitelist it before it can invest.",
    );
    expect(asked).toContain(expectedAddress);
  });

  it("falls back to EOA with a clear text when the smart account cannot be read", async () => {
    localStorage.setItem(PREFERRED_ACCOUNT_TYPE_KEY, "smartAccount");
    const missing = "0x000000000000000000000000000000000000f00d" as const;
    const rendered = renderWallet({
      rpcUrl,
      smartAccount: { chains: { [foundry.id]: { factory: missing, entryPoint: missing } } },
    });
    const dialog = await openAccount(rendered);
    expect(
      await screen.findByText(
        `Smart account unavailable (No smart-account factory at ${missing} on chain 31337). Using your wallet.`,
      ),
    ).toBeTruthy();
    const group = within(dialog).getByRole("group", { name: "Account type" });
    expect((within(group).getByRole("radio", { name: "Wallet" }) as HTMLInputElement).checked).toBe(true);
    expect(rendered.core.state.activeAccount().preferredAccountType).toBe("eoa");
  });

  it("'Move to my wallet' runs the app's move for the smart account, says the result and reads the balances again", async () => {
    localStorage.setItem(PREFERRED_ACCOUNT_TYPE_KEY, "smartAccount");
    const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
    const rpc = (method: string, params: unknown[]) => client.request({ method, params } as never);
    await rpc("anvil_setBalance", [expectedAddress, `0x${parseEther("3").toString(16)}`]);
    const asked: [Address, number][] = [];
    // The app's move, for real on the chain: here the smart account (impersonated, gas price 0) sends the owner 1 ETH.
    const moveToOwner = async (address: Address, chainId: number) => {
      asked.push([address, chainId]);
      if (asked.length > 1) return { success: false, message: "Your smart account holds no mUSDC to move." };
      await rpc("anvil_impersonateAccount", [address]);
      await rpc("anvil_setNextBlockBaseFeePerGas", ["0x0"]);
      const wallet = createWalletClient({ account: address, chain: foundry, transport: http(rpcUrl) });
      await client.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ to: OWNER, value: parseEther("1"), gasPrice: 0n }),
      });
      await rpc("anvil_stopImpersonatingAccount", [address]);
      return { success: true, message: "Moved 1 ETH from your smart account to your wallet." };
    };
    const dialog = await openAccount(renderWallet({ rpcUrl, smartAccount: { ...smartAccount, moveToOwner } }));
    const details = await within(dialog).findByRole("region", { name: "Smart account" });
    const balances = await within(details).findByRole("list", { name: "Smart account balances" });
    await within(balances).findByText("3 ETH");

    await userEvent.click(within(details).getByRole("button", { name: "Move to my wallet" }));
    expect(await within(details).findByRole("status")).toHaveProperty(
      "textContent",
      "Moved 1 ETH from your smart account to your wallet.",
    );
    expect(asked).toEqual([[expectedAddress, foundry.id]]);
    await within(balances).findByText("2 ETH");

    // A refusal is said as an alert, beside the button.
    await userEvent.click(within(details).getByRole("button", { name: "Move to my wallet" }));
    expect(await within(details).findByRole("alert")).toHaveProperty(
      "textContent",
      "Your smart account holds no mUSDC to move.",
    );
  });

  it("offers no 'Move to my wallet' when the app does not provide the move", async () => {
    localStorage.setItem(PREFERRED_ACCOUNT_TYPE_KEY, "smartAccount");
    const dialog = await openAccount(renderWallet({ rpcUrl, smartAccount }));
    const details = await within(dialog).findByRole("region", { name: "Smart account" });
    await within(details).findByRole("button", { name: "Copy smart account address" });
    expect(within(details).queryByRole("button", { name: "Move to my wallet" })).toBeNull();
  });

  it("shows the smart account's ETH for gas and who sponsors it; 'Add ETH for gas' sends ETH from the wallet", async () => {
    localStorage.setItem(PREFERRED_ACCOUNT_TYPE_KEY, "smartAccount");
    const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
    await client.request({ method: "anvil_setBalance", params: [expectedAddress, "0x0"] } as never);
    const asked: [Address, number][] = [];
    const sponsorship = async (address: Address, chainId: number) => {
      asked.push([address, chainId]);
      return { sponsored: false as const, reason: "not on the whitelist" };
    };
    const dialog = await openAccount(renderWallet({ rpcUrl, smartAccount: { ...smartAccount, sponsorship } }));
    const gas = await within(dialog).findByRole("region", { name: "Smart account gas" });
    await waitFor(() => expect(within(gas).getByTestId("smart-account-eth").textContent).toBe("0 ETH"));
    await waitFor(() =>
      expect(within(gas).getByTestId("smart-account-sponsorship").textContent).toBe(
        "Gas not sponsored: not on the whitelist. It pays its own gas from its ETH.",
      ),
    );
    expect(asked).toContainEqual([expectedAddress, foundry.id]);

    // A bad amount is said before any transfer.
    const input = within(gas).getByLabelText("ETH to add for gas") as HTMLInputElement;
    expect(input.value).toBe("0.01");
    await userEvent.clear(input);
    await userEvent.type(input, "abc");
    await userEvent.click(within(gas).getByRole("button", { name: "Add ETH for gas" }));
    expect(await within(gas).findByRole("alert")).toHaveProperty("textContent", "Enter an amount of ETH, e.g. 0.01.");
    // More than the wallet holds: said before the prompt, from the wallet's balance.
    await userEvent.clear(input);
    await userEvent.type(input, "100000000");
    await userEvent.click(within(gas).getByRole("button", { name: "Add ETH for gas" }));
    await waitFor(() =>
      expect(within(gas).getByRole("alert").textContent).toMatch(
        /^Your wallet holds [\d,.]+ ETH: not enough to add 100000000 ETH \(and pay the transfer's gas\)\.$/,
      ),
    );
    expect(await client.getBalance({ address: expectedAddress })).toBe(0n);

    // The default amount, for real: a transfer from the owner's EOA to the smart account.
    const ownerBefore = await client.getBalance({ address: OWNER });
    await userEvent.clear(input);
    await userEvent.type(input, "0.01");
    await userEvent.click(within(gas).getByRole("button", { name: "Add ETH for gas" }));
    expect(await within(gas).findByRole("status")).toHaveProperty(
      "textContent",
      "Added 0.01 ETH for gas to your smart account.",
    );
    expect(await client.getBalance({ address: expectedAddress })).toBe(parseEther("0.01"));
    expect(await client.getBalance({ address: OWNER })).toBeLessThan(ownerBefore - parseEther("0.01"));
    await waitFor(() => expect(within(gas).getByTestId("smart-account-eth").textContent).toBe("0.01 ETH"));
    expect(within(gas).queryByRole("alert")).toBeNull();
  });

  it("says what is left of the sponsor's budget when the app reports one", async () => {
    localStorage.setItem(PREFERRED_ACCOUNT_TYPE_KEY, "smartAccount");
    const sponsorship = async () => ({
      sponsored: true as const,
      sponsor: "the fund",
      remaining: parseEther("0.0083"),
    });
    const dialog = await openAccount(renderWallet({ rpcUrl, smartAccount: { ...smartAccount, sponsorship } }));
    const gas = await within(dialog).findByRole("region", { name: "Smart account gas" });
    await waitFor(() =>
      expect(within(gas).getByTestId("smart-account-sponsorship").textContent).toBe(
        "Gas sponsored by the fund: 0.0083 ETH left",
      ),
    );
  });
});
