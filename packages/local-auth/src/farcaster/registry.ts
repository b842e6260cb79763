import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  type Address,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  isHex,
  parseAbi,
  parseEther,
  publicActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * The address of Farcaster's IdRegistry on Optimism: the one `@farcaster/auth-client`'s `viemConnector` reads
 * (`idOf(custody)`) whatever chain its RPC URL points at, so the local stand-in must live at this very address.
 */
export const ID_REGISTRY_ADDRESS: Address = "0x00000000Fc6c5F01Fc30151999387Bb99A9f489b";

/** The reads and the registration of contracts/src/mocks/MockIdRegistry.sol (the reads match the real registry's). */
export const mockIdRegistryAbi = parseAbi([
  "function idOf(address owner) view returns (uint256)",
  "function custodyOf(uint256 fid) view returns (address)",
  "function register(uint256 fid)",
  "error HasId()",
  "error FidTaken(uint256 fid, address custody)",
  "error InvalidFid()",
]);

/** Where forge writes MockIdRegistry's artifact (contracts/out is built by `npm run build -w @fundament/contracts`). */
export const MOCK_ID_REGISTRY_ARTIFACT = fileURLToPath(
  new URL("../../../../contracts/out/MockIdRegistry.sol/MockIdRegistry.json", import.meta.url),
);

/** MockIdRegistry's runtime code, from its forge artifact. */
export function mockIdRegistryRuntimeCode(artifactPath: string = MOCK_ID_REGISTRY_ARTIFACT): Hex {
  let text: string;
  try {
    text = readFileSync(artifactPath, "utf8");
  } catch {
    throw new Error(
      `MockIdRegistry's artifact is missing (${artifactPath}): build the contracts with \`npm run build -w @fundament/contracts\``,
    );
  }
  const artifact = JSON.parse(text) as { deployedBytecode?: { object?: unknown } };
  const code = artifact.deployedBytecode?.object;
  if (typeof code !== "string" || !isHex(code) || code.length <= 2) {
    throw new Error(`${artifactPath} holds no runtime code for MockIdRegistry`);
  }
  return code;
}

export type InstallIdRegistryOptions = {
  /** A local chain that speaks anvil's `anvil_setCode` and `anvil_setBalance` (never a real network). */
  rpcUrl: string;
  /** The fid the custody account must own. */
  fid: number;
  /** The custody account's private key: it registers itself, so it signs (and pays for) the registration. */
  custody: Hex;
  /** Default: the real IdRegistry's address, which auth-client reads. */
  idRegistryAddress?: Address;
  /** Default: read from contracts/out. */
  runtimeCode?: Hex;
};

/** What `installIdRegistry` found or did. */
export type InstalledIdRegistry = {
  idRegistryAddress: Address;
  custody: Address;
  fid: number;
  /** Whether the stand-in's code was put at the address now (false: it was already there). */
  codeInstalled: boolean;
  /** Whether the fid was registered now (false: the custody address already owned it). */
  registered: boolean;
};

/** Runs an anvil-only call (`anvil_setCode`, `anvil_setBalance`), saying plainly when the chain is not anvil. */
async function onAnvil(method: string, call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new Error(`${method} failed: the Farcaster IdRegistry stand-in needs a local anvil chain (${reason})`);
  }
}

/**
 * Makes sure `custody` owns `fid` in an IdRegistry at the real registry's address on a local anvil chain: puts
 * MockIdRegistry's runtime code there with `anvil_setCode` when the address holds no code, then registers the fid
 * from the custody account (funded with `anvil_setBalance` first, so no dev account's nonce moves). Idempotent: a
 * second call against the same chain changes nothing.
 */
export async function installIdRegistry(options: InstallIdRegistryOptions): Promise<InstalledIdRegistry> {
  const { rpcUrl, fid } = options;
  if (!Number.isSafeInteger(fid) || fid <= 0) throw new Error(`fid must be a whole number above 0, got ${fid}`);
  const idRegistryAddress = options.idRegistryAddress ?? ID_REGISTRY_ADDRESS;
  const account = privateKeyToAccount(options.custody);
  // A test client speaks anvil's own methods; the public actions read the registry.
  const client = createTestClient({
    mode: "anvil",
    transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }),
  }).extend(publicActions);

  const runtimeCode = options.runtimeCode ?? mockIdRegistryRuntimeCode();
  const code = await client.getCode({ address: idRegistryAddress });
  let codeInstalled = false;
  if (code === undefined || code === "0x") {
    await onAnvil("anvil_setCode", () => client.setCode({ address: idRegistryAddress, bytecode: runtimeCode }));
    codeInstalled = true;
  } else if (code.toLowerCase() !== runtimeCode.toLowerCase()) {
    // Another contract (e.g. the real registry on a fork of Optimism): use it as it is if the custody already owns
    // the fid there, since this stand-in cannot register anything in it.
    const owned = await client
      .readContract({
        address: idRegistryAddress,
        abi: mockIdRegistryAbi,
        functionName: "idOf",
        args: [account.address],
      })
      .catch(() => undefined);
    if (owned === BigInt(fid)) {
      return { idRegistryAddress, custody: account.address, fid, codeInstalled, registered: false };
    }
    throw new Error(
      `${idRegistryAddress} holds a contract that is not the local IdRegistry stand-in, and ${account.address} does not own fid ${fid} in it`,
    );
  }

  const owned = await client.readContract({
    address: idRegistryAddress,
    abi: mockIdRegistryAbi,
    functionName: "idOf",
    args: [account.address],
  });
  if (owned === BigInt(fid))
    return { idRegistryAddress, custody: account.address, fid, codeInstalled, registered: false };
  if (owned !== 0n) throw new Error(`${account.address} already owns fid ${owned}, not fid ${fid}`);
  const holder = await client.readContract({
    address: idRegistryAddress,
    abi: mockIdRegistryAbi,
    functionName: "custodyOf",
    args: [BigInt(fid)],
  });
  if (holder !== "0x0000000000000000000000000000000000000000") {
    throw new Error(`fid ${fid} already belongs to ${holder}, not to ${account.address}`);
  }

  const balance = await client.getBalance({ address: account.address });
  if (balance < parseEther("0.01")) {
    await onAnvil("anvil_setBalance", () => client.setBalance({ address: account.address, value: parseEther("1") }));
  }
  const wallet = createWalletClient({ account, transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) });
  const hash = await wallet.writeContract({
    chain: null,
    address: idRegistryAddress,
    abi: mockIdRegistryAbi,
    functionName: "register",
    args: [BigInt(fid)],
  });
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: 30_000 });
  if (receipt.status !== "success") throw new Error(`Registering fid ${fid} for ${account.address} reverted`);
  return { idRegistryAddress, custody: account.address, fid, codeInstalled, registered: true };
}
