import { devLocalAccount } from "@fundament/test-chain";
import { testChainForFile } from "@fundament/test-chain/vitest";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  http,
  type PublicClient,
  parseEther,
} from "viem";
import { foundry } from "viem/chains";
import { beforeAll, describe, expect, it } from "vitest";
import { connect, sendTransaction, writeContract } from "wagmi/actions";
import { createWalletConfig } from "../../connectors/createWalletConfig.js";
import { createWalletCore } from "../../core/createWalletCore.js";
import type { TokenBalance } from "../../core/createWalletState.js";
import { toCaipNetwork } from "../../core/network.js";
import { testTokenAbi, testTokenBytecode } from "../../testing/testToken.js";
import { RECEIVER_NOT_EVM } from "./checkReceiver.js";
import { createSendStore } from "./createSendStore.js";
import { estimateSendGas, FALLBACK_GAS } from "./estimateSendGas.js";
import { type SendClient, sendTokens } from "./sendTokens.js";

const { rpcUrl } = testChainForFile();
let client: PublicClient;
let token: Address;
const owner = devLocalAccount(0);
const receiver = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";

beforeAll(async () => {
  client = createPublicClient({ chain: foundry, transport: http(rpcUrl) }) as PublicClient;
  const wallet = createWalletClient({ account: owner, chain: foundry, transport: http(rpcUrl) });
  const hash = await wallet.deployContract({
    abi: testTokenAbi,
    bytecode: testTokenBytecode,
    args: ["USD Coin", "USDC", 6, 10_000_000n],
  });
  token = (await client.waitForTransactionReceipt({ hash })).contractAddress as Address;
});

const ethBalance: TokenBalance = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:31337",
  value: 0,
  price: 0,
  quantity: { decimals: "18", numeric: "10000" },
  iconUrl: "",
};

async function setup() {
  const config = createWalletConfig({
    chains: [foundry],
    rpcUrls: { 31337: rpcUrl },
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
  });
  const connector = config.connectors.find((c) => c.id === "devAccounts");
  if (!connector) throw new Error("no dev connector");
  await connect(config, { connector });
  const sendClient: SendClient = {
    sendTransaction: (p) => sendTransaction(config, p),
    writeContract: (p) => writeContract(config, p),
  };
  const core = createWalletCore({ networks: [toCaipNetwork(foundry)], isMobile: () => false });
  core.state.setConnected("eip155", owner.address);
  core.open();
  core.router.push("Send");
  const send = createSendStore();
  return { core, send, sendClient };
}

describe("sendTokens on anvil", () => {
  it("sends the native token: events, toast, reset, back to Account without history", async () => {
    const { core, send, sendClient } = await setup();
    send.setState({
      token: ethBalance,
      sendTokenAmount: "0.25",
      receiverAddress: receiver,
      gasPrice: await client.getGasPrice(),
    });
    const before = await client.getBalance({ address: receiver });
    const hash = await sendTokens({ core, send, client: sendClient });
    if (!hash) throw new Error("no hash");
    await client.waitForTransactionReceipt({ hash });
    expect((await client.getBalance({ address: receiver })) - before).toBe(parseEther("0.25"));
    expect(core.bus.history().map((e) => e.event)).toEqual(["MODAL_OPEN", "SEND_INITIATED", "SEND_SUCCESS"]);
    expect(core.toasts.getState().toasts.map((t) => [t.variant, t.message])).toEqual([
      ["success", "Transaction started"],
    ]);
    expect(send.getState().sendTokenAmount).toBeUndefined();
    expect(core.router.getState().history).toEqual(["Account"]);
  });

  it("sends a token with transfer(receiver, amount)", async () => {
    const { core, send, sendClient } = await setup();
    send.setState({
      token: {
        ...ethBalance,
        symbol: "USDC",
        address: `eip155:31337:${token}`,
        quantity: { decimals: "6", numeric: "10" },
      },
      sendTokenAmount: "1.5",
      receiverAddress: receiver,
    });
    const hash = await sendTokens({ core, send, client: sendClient });
    if (!hash) throw new Error("no hash");
    await client.waitForTransactionReceipt({ hash });
    expect(
      await client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [receiver] }),
    ).toBe(1_500_000n);
  });

  it("a failed send: SEND_ERROR, 'Something went wrong', back to the Send view, input kept", async () => {
    const { core, send, sendClient } = await setup();
    send.setState({
      token: {
        ...ethBalance,
        symbol: "USDC",
        address: `eip155:31337:${token}`,
        quantity: { decimals: "6", numeric: "10" },
      },
      sendTokenAmount: "999999",
      receiverAddress: receiver,
    });
    expect(await sendTokens({ core, send, client: sendClient })).toBeUndefined();
    expect(core.bus.history().map((e) => e.event)).toEqual(["MODAL_OPEN", "SEND_INITIATED", "SEND_ERROR"]);
    expect(core.toasts.getState().toasts.map((t) => [t.variant, t.message])).toEqual([
      ["error", "Something went wrong"],
    ]);
    expect(core.router.getState().view).toBe("Send");
    expect(send.getState().sendTokenAmount).toBe("999999");
  });

  it("invalid input is refused before anything is sent", async () => {
    const { core, send, sendClient } = await setup();
    send.setState({ token: ethBalance, sendTokenAmount: "1", receiverAddress: "0x12" });
    await expect(sendTokens({ core, send, client: sendClient })).rejects.toThrow(RECEIVER_NOT_EVM);
    send.setState({ receiverAddress: undefined });
    await expect(sendTokens({ core, send, client: sendClient })).rejects.toThrow(
      "Please enter a valid amount and receiver address",
    );
    expect(core.bus.history().map((e) => e.event)).toEqual(["MODAL_OPEN"]);
  });
});

describe("estimateSendGas", () => {
  const estimate = (tx: { account: Address; to: Address; value?: bigint; data?: `0x${string}` }) =>
    client.estimateGas(tx);
  it("asks the node for this very transaction: a plain transfer, a token transfer", async () => {
    expect(await estimateSendGas({ estimate, account: owner.address, receiver, amount: parseEther("1") })).toBe(
      21_000n,
    );
    const tokenGas = await estimateSendGas({ estimate, account: owner.address, receiver, amount: 1_000_000n, token });
    expect(tokenGas).toBeGreaterThan(21_000n);
    expect(tokenGas).toBeLessThan(FALLBACK_GAS.token + 20_000n);
  });

  it("falls back to a typical figure when the node cannot estimate (more than the balance)", async () => {
    const poor = "0x000000000000000000000000000000000000dEaD";
    expect(await estimateSendGas({ estimate, account: poor, receiver, amount: 10n ** 30n, token })).toBe(
      FALLBACK_GAS.token,
    );
    expect(await estimateSendGas({ estimate, account: poor, receiver, amount: 10n ** 30n })).toBe(FALLBACK_GAS.native);
  });
});
