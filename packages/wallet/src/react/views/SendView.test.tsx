// @vitest-environment happy-dom

import { devAccount, devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type Address, createPublicClient, createWalletClient, type Hex, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connect } from "wagmi/actions";
import { messages } from "../../core/messages.js";
import { RECEIVER_BAD_CHECKSUM, RECEIVER_NOT_EVM } from "../../features/send/checkReceiver.js";
import { installTestWallet } from "../../testing/installTestWallet.js";
import { installStandInFrame, type StandInFrame } from "../../testing/standInFrame.js";
import { testTokenAbi, testTokenBytecode } from "../../testing/testToken.js";
import { renderWallet } from "../testUtils.js";

const { rpcUrl } = testChainForFile();
let token: Address;
beforeAll(async () => {
  const owner = devLocalAccount(0);
  const wallet = createWalletClient({ account: owner, chain: foundry, transport: http(rpcUrl) });
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const hash = await wallet.deployContract({
    abi: testTokenAbi,
    bytecode: testTokenBytecode,
    args: ["Mock USD Coin", "mUSDC", 6, 10_000_000n],
  });
  token = (await client.waitForTransactionReceipt({ hash })).contractAddress as Address;
});
beforeEach(() => localStorage.clear());
/** The embedded wallet's secure frame, in the tests that log in by email. */
let standIn: StandInFrame | undefined;
afterEach(() => {
  cleanup();
  standIn?.stop();
  standIn = undefined;
});

const RECEIVER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const INVALID = "Please enter a valid amount and receiver address";

async function openSend() {
  const rendered = renderWallet({ rpcUrl, tokens: { 31337: [{ address: token }] } });
  const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "devAccounts");
  if (!connector) throw new Error("no dev connector");
  await act(() => connect(rendered.wagmiConfig, { connector }));
  await screen.findByRole("button", { name: /^Account 0x/ });
  await userEvent.click(screen.getByRole("button", { name: /^Account 0x/ }));
  let dialog = await screen.findByRole("dialog", { name: "Account" });
  await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
  dialog = await screen.findByRole("dialog", { name: "Send" });
  // Balances and gas price are loaded from anvil.
  await waitFor(() => expect((within(dialog).getByLabelText("Token") as HTMLSelectElement).textContent).toMatch(/ETH/));
  return { ...rendered, dialog };
}

describe("Send view", () => {
  it("validates with the spec's messages", async () => {
    const { dialog } = await openSend();
    const amount = within(dialog).getByLabelText("Amount");
    const to = within(dialog).getByLabelText("To");
    const submit = within(dialog).getByRole("button", { name: "Send" });

    await userEvent.click(submit);
    expect((await within(dialog).findByRole("alert")).textContent).toBe(INVALID);
    expect(amount.getAttribute("aria-invalid")).toBe("true");

    await userEvent.type(amount, "1");
    await userEvent.type(to, "0x1234");
    await userEvent.click(submit);
    expect(within(dialog).getByRole("alert").textContent).toBe(RECEIVER_NOT_EVM);
    expect(to.getAttribute("aria-invalid")).toBe("true");

    await userEvent.clear(amount);
    await userEvent.type(amount, "abc");
    await userEvent.clear(to);
    await userEvent.type(to, RECEIVER);
    await userEvent.click(submit);
    expect(within(dialog).getByRole("alert").textContent).toBe(INVALID);

    await userEvent.clear(amount);
    await userEvent.type(amount, "20000");
    await userEvent.click(submit);
    expect(within(dialog).getByRole("alert").textContent).toBe("Amount exceeds your balance");
    // ...and says what to do: the most that can be sent.
    expect(within(dialog).getByText(/^Enter at most [\d.,]+ ETH\.$/)).toBeTruthy();
    expect(amount.getAttribute("aria-describedby")?.split(" ")).toHaveLength(2);
  });

  it("catches a mis-cased (bad checksum) or invalid address in the form, with the real reason", async () => {
    const { dialog } = await openSend();
    const amount = within(dialog).getByLabelText("Amount");
    const to = within(dialog).getByLabelText("To");
    await userEvent.type(amount, "1");

    // One capital letter changed: 40 hex characters, but the EIP-55 checksum does not match.
    await userEvent.type(to, RECEIVER.replace("C51812", "c51812"));
    await userEvent.tab(); // leaving the field checks it
    expect((await within(dialog).findByRole("alert")).textContent).toBe(RECEIVER_BAD_CHECKSUM);
    expect(to.getAttribute("aria-invalid")).toBe("true");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(RECEIVER_BAD_CHECKSUM);
    expect(screen.getByRole("dialog", { name: "Send" })).toBeTruthy(); // nothing was sent

    await userEvent.clear(to);
    await userEvent.type(to, "0x70997970C51812dc3A010C7d01b50e0d17dc79C"); // one character short
    await userEvent.tab();
    expect(within(dialog).getByRole("alert").textContent).toBe(RECEIVER_NOT_EVM);

    // Fixed (or typed all in lower case, which has no checksum): the message goes.
    await userEvent.clear(to);
    await userEvent.type(to, RECEIVER.toLowerCase());
    await userEvent.tab();
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(to.getAttribute("aria-invalid")).toBeNull();
  });

  it("checks the address as it is typed: a corrected address clears its error before the field is left, and the first Send click sends", async () => {
    const { dialog } = await openSend();
    const to = within(dialog).getByLabelText("To");
    await userEvent.type(within(dialog).getByLabelText("Amount"), "0.001");
    await userEvent.type(to, RECEIVER.replace("C51812", "c51812"));
    // Complete and wrong: said at once, with no need to leave the field.
    expect((await within(dialog).findByRole("alert")).textContent).toBe(RECEIVER_BAD_CHECKSUM);
    const send = within(dialog).getByRole("button", { name: "Send" });
    // The message sits below the button, so its coming and going never moves the button.
    expect(
      send.compareDocumentPosition(within(dialog).getByRole("alert")) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // Corrected in place (the one wrong letter): the stale message goes while the field still has focus.
    await userEvent.clear(to);
    await userEvent.type(to, RECEIVER.slice(0, 30));
    expect(within(dialog).queryByRole("alert")).toBeNull(); // half typed: no verdict yet
    await userEvent.type(to, RECEIVER.slice(30));
    expect(document.activeElement).toBe(to);
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(to.getAttribute("aria-invalid")).toBeNull();
    await userEvent.click(send);
    expect(await screen.findByText("Transaction started")).toBeTruthy();
  });

  it("sends the native token on anvil: 'Transaction started' and back to Account with no back-navigation", async () => {
    const { dialog, core } = await openSend();
    const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
    const before = await client.getBalance({ address: RECEIVER });
    await userEvent.type(within(dialog).getByLabelText("Amount"), "1.5");
    await userEvent.type(within(dialog).getByLabelText("To"), RECEIVER);
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect((await screen.findByText("Transaction started")).closest("[role=status]")).toBeTruthy();
    const account = await screen.findByRole("dialog", { name: "Account" });
    expect(within(account).queryByRole("button", { name: "Back" })).toBeNull();
    expect(core.router.getState().history).toEqual(["Account"]);
    await waitFor(async () =>
      expect((await client.getBalance({ address: RECEIVER })) - before).toBe(parseEther("1.5")),
    );
    const events = core.bus.history().map((e) => e.event);
    expect(events).toContain("SEND_INITIATED");
    expect(events).toContain("SEND_SUCCESS");
  });

  it("a refused transaction shows 'Something went wrong' and returns to the form", async () => {
    const wallet = installTestWallet({
      rpcUrl,
      rdns: "org.test.send",
      uuid: "00000000-0000-4000-8000-0000000000e1",
      name: "Send Wallet",
    });
    const rendered = renderWallet({ rpcUrl, devAccounts: false });
    const connector = rendered.wagmiConfig.connectors.find((c) => c.id === "org.test.send");
    if (!connector) throw new Error("not discovered");
    await act(() => connect(rendered.wagmiConfig, { connector }));
    act(() => rendered.core.open({ view: "Send" }));
    const dialog = await screen.findByRole("dialog", { name: "Send" });
    await waitFor(() =>
      expect((within(dialog).getByLabelText("Token") as HTMLSelectElement).textContent).toMatch(/ETH/),
    );
    await userEvent.type(within(dialog).getByLabelText("Amount"), "1");
    await userEvent.type(within(dialog).getByLabelText("To"), RECEIVER);
    wallet.rejectNext("eth_sendTransaction");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    expect(await screen.findByRole("dialog", { name: "Send" })).toBeTruthy();
    expect(rendered.core.bus.history().map((e) => e.event)).toContain("SEND_ERROR");
  });

  it("sends a listed token with transfer(receiver, amount)", async () => {
    const { dialog } = await openSend();
    const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
    const balanceOf = () =>
      client.readContract({ address: token, abi: testTokenAbi, functionName: "balanceOf", args: [RECEIVER] });
    const before = await balanceOf();
    const select = within(dialog).getByLabelText("Token") as HTMLSelectElement;
    expect(select.textContent).toContain("mUSDC — 10");
    await userEvent.selectOptions(select, `eip155:31337:${token}`);
    await userEvent.type(within(dialog).getByLabelText("Amount"), "2.5");
    await userEvent.type(within(dialog).getByLabelText("To"), RECEIVER);
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Transaction started")).toBeTruthy();
    await waitFor(async () => expect((await balanceOf()) - before).toBe(2_500_000n));
  });

  it("keeps the insufficient-gas check for a send from the EOA while a smart account is preferred, and says who sends", async () => {
    const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
    const eoa = devAccount(0).address;
    const setEth = (wei: bigint) =>
      client.request({ method: "anvil_setBalance", params: [eoa, `0x${wei.toString(16)}`] } as never);
    await setEth(0n);
    try {
      const { dialog, core } = await openSend();
      // The person chose "Smart account" in the Account view; the send still comes from the connected EOA.
      act(() =>
        core.state.setAccount("eip155", {
          preferredAccountType: "smartAccount",
          allAccounts: [
            { address: eoa, type: "eoa" },
            { address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", type: "smartAccount" },
          ],
        }),
      );
      const from = within(dialog).getByTestId("send-from");
      await waitFor(() => expect(from.textContent).toMatch(/^From your wallet 0xf39F…2266 \(not your smart account/));
      const select = within(dialog).getByLabelText("Token") as HTMLSelectElement;
      await userEvent.selectOptions(select, `eip155:31337:${token}`);
      await userEvent.type(within(dialog).getByLabelText("Amount"), "1");
      await userEvent.type(within(dialog).getByLabelText("To"), RECEIVER);
      await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
      expect((await within(dialog).findByRole("alert")).textContent).toBe("Insufficient funds for gas");
      expect(core.bus.history().map((e) => e.event)).not.toContain("SEND_INITIATED");
    } finally {
      await setEth(parseEther("10000"));
    }
  });
});

const FRAME_URL = "http://127.0.0.1:5174/";
const anvil = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
async function setBalance(address: Address, wei: bigint) {
  await anvil.request({ method: "anvil_setBalance", params: [address, `0x${wei.toString(16)}`] } as never);
}

/**
 * A new email user of the embedded wallet with its own key, logged in, on Send. The stand-in frame (happy-dom loads
 * no iframe page) reads from anvil and sends an approved transaction there as the real frame does; its SHOW / HIDE
 * notices drive the wallet's router as the real frame's do.
 */
async function openEmbeddedSend(privateKey: Hex, email: string) {
  standIn = installStandInFrame({ frameUrl: FRAME_URL, privateKey, rpcUrl });
  const rendered = renderWallet({
    rpcUrl,
    devAccounts: false,
    tokens: { 31337: [{ address: token }] },
    embeddedWallet: { frameUrl: FRAME_URL },
  });
  await userEvent.click(await screen.findByRole("button", { name: "Connect Wallet" }));
  const connect = await screen.findByRole("dialog", { name: "Connect Wallet" });
  await userEvent.type(within(connect).getByLabelText("Email"), email);
  await userEvent.click(within(connect).getByRole("button", { name: "Continue with email" }));
  const otp = await screen.findByRole("dialog", { name: "Confirm Email" }, { timeout: 5000 });
  await userEvent.type(await within(otp).findByLabelText("Code"), "123456");
  await userEvent.click(within(otp).getByRole("button", { name: "Continue" }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 5000 });
  act(() => rendered.core.open({ view: "Send" }));
  const dialog = await screen.findByRole("dialog", { name: "Send" });
  await waitFor(() => expect((within(dialog).getByLabelText("Token") as HTMLSelectElement).textContent).toMatch(/ETH/));
  return { ...rendered, dialog };
}

describe("Send with the embedded wallet (email login, secure frame)", () => {
  it("a send declined or failed in the frame is said on Send once it is back, with the form as it was", async () => {
    const key = generatePrivateKey();
    const owner = privateKeyToAccount(key).address;
    await setBalance(owner, parseEther("1"));
    const { dialog, core } = await openEmbeddedSend(key, "mallory@example.test");
    await userEvent.type(within(dialog).getByLabelText("Amount"), "0.1");
    await userEvent.type(within(dialog).getByLabelText("To"), RECEIVER);

    // Declined in the frame: the frame's approval is a view over Send; back on Send, the wallet's rejection.
    await userEvent.click(within(dialog).getByRole("button", { name: "Send" }));
    await screen.findByRole("dialog", { name: "Approve Transaction" }, { timeout: 10_000 });
    expect(core.router.getState().history.slice(-2)).toEqual(["Send", "ApproveTransaction"]);
    standIn?.reject();
    let back = await screen.findByRole("dialog", { name: "Send" });
    // Under the Send button (besides the spec's toast 'Something went wrong').
    const sendError = (view: HTMLElement) => view.querySelector("form p.fw-error")?.textContent;
    await waitFor(() => expect(sendError(back)).toBe("User rejected the request."));
    expect(within(back).getByText("User rejected the request.").getAttribute("role")).toBe("alert");
    expect((within(back).getByLabelText("Amount") as HTMLInputElement).value).toBe("0.1");
    expect((within(back).getByLabelText("To") as HTMLInputElement).value).toBe(RECEIVER);
    expect((within(back).getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(false);

    // Approved, but the account was emptied meanwhile: the frame cannot pay; said in plain words on Send.
    await userEvent.click(within(back).getByRole("button", { name: "Send" }));
    await screen.findByRole("dialog", { name: "Approve Transaction" }, { timeout: 10_000 });
    await setBalance(owner, 0n);
    await standIn?.approve();
    back = await screen.findByRole("dialog", { name: "Send" });
    await waitFor(() => expect(sendError(back)).toBe(messages.insufficientGas));
    expect(await anvil.getTransactionCount({ address: owner })).toBe(0);
  });
});
