import {
  type Address,
  address,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64Encoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOLANA_LOCAL_METHODS, type SolanaLocal, startSolanaLocal } from "./index.js";
import { call, rawRpc, signedTransaction, waitForFinalized } from "./testing.js";

const SOL = 1_000_000_000n;

let local: SolanaLocal;
let rpc: Rpc<SolanaRpcApi>;
let alice: KeyPairSigner;
let bob: KeyPairSigner;

async function ata(owner: Address, mint: Address): Promise<Address> {
  const [found] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return found;
}

beforeAll(async () => {
  local = await startSolanaLocal();
  rpc = createSolanaRpc(local.url);
  alice = await createKeyPairSignerFromBytes(local.accounts[0]?.secretKey as Uint8Array);
  bob = await createKeyPairSignerFromBytes(local.accounts[1]?.secretKey as Uint8Array);
});

afterAll(async () => {
  await local?.stop();
});

describe("dev accounts and the mint", () => {
  it("funds 10 dev accounts with 1,000 SOL and 100,000 mUSDC each", async () => {
    expect(local.accounts).toHaveLength(10);
    expect(local.mint).toMatchObject({ symbol: "mUSDC", decimals: 6 });
    for (const account of local.accounts) {
      expect(account.secretKey).toHaveLength(64);
      const { value } = await rpc.getBalance(address(account.address)).send();
      expect(value).toBe(1_000n * SOL);
      const tokens = await rpc
        .getTokenAccountsByOwner(
          address(account.address),
          { mint: address(local.mint.address) },
          { encoding: "jsonParsed" },
        )
        .send();
      expect(tokens.value).toHaveLength(1);
      expect(tokens.value[0]?.account.data.parsed.info.tokenAmount.uiAmountString).toBe("100000");
    }
    const supply = await rpc.getTokenSupply(address(local.mint.address)).send();
    expect(supply.value.uiAmountString).toBe("1000000");
  });

  it("derives the same accounts, mint and genesis hash on every start", async () => {
    const again = await startSolanaLocal();
    try {
      expect(again.accounts.map((a) => a.address)).toEqual(local.accounts.map((a) => a.address));
      expect(again.mint.address).toBe(local.mint.address);
      expect(again.genesisHash).toBe(local.genesisHash);
      expect(again.url).not.toBe(local.url);
    } finally {
      await again.stop();
    }
    expect(await rpc.getGenesisHash().send()).toBe(local.genesisHash);
  });
});

describe("sending", () => {
  let solSignature: Signature;
  let splSignature: Signature;

  it("sends SOL signed with kit; the balances change by amount + fee", async () => {
    const amount = 2n * SOL + 123n;
    const before = (await rpc.getBalance(alice.address).send()).value;
    const bobBefore = (await rpc.getBalance(bob.address).send()).value;
    const wire = await signedTransaction(rpc, alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: lamports(amount) }),
    ]);
    solSignature = await rpc.sendTransaction(wire, { encoding: "base64" }).send();
    const status = await waitForFinalized(rpc, solSignature);
    expect(status.err).toBeNull();
    const tx = await rpc.getTransaction(solSignature, { maxSupportedTransactionVersion: 0, encoding: "json" }).send();
    const fee = tx?.meta?.fee ?? -1n;
    expect(fee).toBe(5_000n);
    expect((await rpc.getBalance(alice.address).send()).value).toBe(before - amount - fee);
    expect((await rpc.getBalance(bob.address).send()).value).toBe(bobBefore + amount);
  });

  it("sends mUSDC to a new wallet, creating its token account in the same transaction", async () => {
    const stranger = await generateKeyPairSigner();
    const mint = address(local.mint.address);
    const source = await ata(alice.address, mint);
    const destination = await ata(stranger.address, mint);
    const wire = await signedTransaction(rpc, alice, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: alice, ata: destination, owner: stranger.address, mint }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: alice,
        amount: 12_345_678n,
        decimals: 6,
      }),
    ]);
    splSignature = await rpc.sendTransaction(wire, { encoding: "base64" }).send();
    expect((await waitForFinalized(rpc, splSignature)).err).toBeNull();
    const theirs = await rpc.getTokenAccountsByOwner(stranger.address, { mint }, { encoding: "jsonParsed" }).send();
    expect(theirs.value.map((entry) => entry.pubkey)).toEqual([destination]);
    expect(theirs.value[0]?.account.data.parsed.info).toMatchObject({
      mint,
      owner: stranger.address,
      state: "initialized",
      tokenAmount: { amount: "12345678", decimals: 6, uiAmountString: "12.345678" },
    });
    const byProgram = await rpc
      .getTokenAccountsByOwner(stranger.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: "jsonParsed" })
      .send();
    expect(byProgram.value).toHaveLength(1);
    const mine = await rpc.getTokenAccountBalance(source).send();
    expect(mine.value.uiAmountString).toBe("99987.654322");
    const tx = await rpc.getTransaction(splSignature, { maxSupportedTransactionVersion: 0, encoding: "json" }).send();
    const post = tx?.meta?.postTokenBalances?.find((b) => b.owner === stranger.address);
    expect(post?.uiTokenAmount.amount).toBe("12345678");
    expect(tx?.meta?.preTokenBalances?.find((b) => b.owner === stranger.address)).toBeUndefined();
  });

  it("lists the sender's transactions newest first, with before/until/limit", async () => {
    const list = await rpc.getSignaturesForAddress(alice.address).send();
    expect(list.slice(0, 2).map((entry) => entry.signature)).toEqual([splSignature, solSignature]);
    expect(list.length).toBe(3); // and the genesis transfer that funded the account
    expect(list[0]?.confirmationStatus).toBe("finalized");
    expect(Number(list[0]?.slot)).toBeGreaterThan(Number(list[1]?.slot));
    expect(typeof list[0]?.blockTime).toBe("bigint");
    const limited = await rpc.getSignaturesForAddress(alice.address, { limit: 1 }).send();
    expect(limited.map((entry) => entry.signature)).toEqual([splSignature]);
    const before = await rpc.getSignaturesForAddress(alice.address, { before: splSignature, limit: 1 }).send();
    expect(before.map((entry) => entry.signature)).toEqual([solSignature]);
    const until = await rpc.getSignaturesForAddress(alice.address, { until: solSignature }).send();
    expect(until.map((entry) => entry.signature)).toEqual([splSignature]);
  });

  it("returns the transaction (json and jsonParsed) and its status", async () => {
    const tx = await rpc.getTransaction(solSignature, { maxSupportedTransactionVersion: 0, encoding: "json" }).send();
    expect(tx?.transaction.signatures[0]).toBe(solSignature);
    expect(tx?.transaction.message.accountKeys.slice(0, 2)).toEqual([alice.address, bob.address]);
    expect(tx?.version).toBe(0);
    expect(tx?.meta?.err).toBeNull();
    const parsed = await rpc
      .getTransaction(solSignature, { maxSupportedTransactionVersion: 0, encoding: "jsonParsed" })
      .send();
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: "system",
      parsed: { type: "transfer", info: { source: alice.address, destination: bob.address } },
    });
    const unknown = await call(local.url, "getTransaction", ["1".repeat(64)]);
    expect(unknown.result).toBeNull();
    const noVersion = await call(local.url, "getTransaction", [solSignature, { encoding: "json" }]);
    expect(noVersion.error.code).toBe(-32015);
  });

  it("charges a compute-unit price as a cluster does, and reports that fee", async () => {
    const budget = (kind: 2 | 3, value: bigint): Instruction => {
      const data = new Uint8Array(kind === 2 ? 5 : 9);
      data[0] = kind;
      if (kind === 2) new DataView(data.buffer).setUint32(1, Number(value), true);
      else new DataView(data.buffer).setBigUint64(1, value, true);
      return { programAddress: address("ComputeBudget111111111111111111111111111111"), data };
    };
    const cases: [Instruction[], bigint][] = [
      [[budget(3, 1_000_000n)], 5_000n + 6_000n], // default limit: 3,000 units per builtin instruction
      [[budget(3, 1_000_000n), budget(2, 300_000n)], 5_000n + 300_000n],
    ];
    for (const [extra, expected] of cases) {
      const before = (await rpc.getBalance(alice.address).send()).value;
      const wire = await signedTransaction(rpc, alice, [
        ...extra,
        getTransferSolInstruction({ source: alice, destination: bob.address, amount: lamports(1n) }),
      ]);
      const signature = await rpc.sendTransaction(wire, { encoding: "base64" }).send();
      await waitForFinalized(rpc, signature);
      const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: "json" }).send();
      expect(tx?.meta?.fee).toBe(expected);
      expect((await rpc.getBalance(alice.address).send()).value).toBe(before - 1n - expected);
    }
  });

  it("airdrops SOL", async () => {
    const someone = await generateKeyPairSigner();
    const signature = await rpc.requestAirdrop(someone.address, lamports(3n * SOL)).send();
    await waitForFinalized(rpc, signature);
    expect((await rpc.getBalance(someone.address).send()).value).toBe(3n * SOL);
    // the same airdrop twice at once (raw: kit would coalesce the two requests): two transactions
    const twice = await Promise.all([
      call(local.url, "requestAirdrop", [someone.address, Number(SOL)]),
      call(local.url, "requestAirdrop", [someone.address, Number(SOL)]),
    ]);
    expect(new Set(twice.map((answer) => answer.result)).size).toBe(2);
    expect((await rpc.getBalance(someone.address).send()).value).toBe(5n * SOL);
  });
});

describe("rejections", () => {
  it("insufficient funds: a -32002 with the program's reason, and nothing changes", async () => {
    const before = (await rpc.getBalance(alice.address).send()).value;
    const wire = await signedTransaction(rpc, alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: lamports(5_000n * SOL) }),
    ]);
    const answer = await call(local.url, "sendTransaction", [wire, { encoding: "base64" }]);
    expect(answer.error.code).toBe(-32002);
    expect(answer.error.message).toMatch(
      /^Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1/,
    );
    expect(answer.error.message).toMatch(/insufficient lamports/);
    expect(answer.error.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(answer.error.data.logs.join("\n")).toMatch(/insufficient lamports/);
    await expect(rpc.sendTransaction(wire, { encoding: "base64" }).send()).rejects.toThrow();
    expect((await rpc.getBalance(alice.address).send()).value).toBe(before);
  });

  it("insufficient funds with skipPreflight: the failed transaction lands and pays its fee", async () => {
    const before = (await rpc.getBalance(bob.address).send()).value;
    const wire = await signedTransaction(rpc, bob, [
      getTransferSolInstruction({ source: bob, destination: alice.address, amount: lamports(5_000n * SOL) }),
    ]);
    const signature = await rpc.sendTransaction(wire, { encoding: "base64", skipPreflight: true }).send();
    const status = await waitForFinalized(rpc, signature);
    expect(status.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect((await rpc.getBalance(bob.address).send()).value).toBe(before - 5_000n);
    const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: "json" }).send();
    expect(tx?.meta?.status).toEqual({ Err: { InstructionError: [0n, { Custom: 1n }] } });
  });

  it("a bad signature: -32003, nothing lands", async () => {
    const wire = await signedTransaction(rpc, alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: lamports(1n) }),
    ]);
    const bytes = new Uint8Array(getBase64Encoder().encode(wire));
    bytes[10] = (bytes[10] ?? 0) ^ 0xff; // inside the first signature
    const tampered = getBase64Decoder().decode(bytes);
    const answer = await call(local.url, "sendTransaction", [tampered, { encoding: "base64" }]);
    expect(answer.error).toMatchObject({ code: -32003, message: "Transaction signature verification failure" });
    const skipped = await call(local.url, "sendTransaction", [tampered, { encoding: "base64", skipPreflight: true }]);
    expect(skipped.error.code).toBe(-32003);
  });

  it("a stale blockhash: Blockhash not found", async () => {
    const bytes = new Uint8Array(
      getBase64Encoder().encode(
        await signedTransaction(rpc, alice, [
          getTransferSolInstruction({ source: alice, destination: bob.address, amount: lamports(1n) }),
        ]),
      ),
    );
    // Replace the blockhash (right after the 1 signature, 3 header bytes, and the account keys) with zeros.
    const keys = bytes[1 + 64 + 1 + 3] ?? 0;
    const at = 1 + 64 + 1 + 3 + 1 + keys * 32;
    bytes.fill(7, at, at + 32);
    const answer = await call(local.url, "sendTransaction", [getBase64Decoder().decode(bytes), { encoding: "base64" }]);
    expect(answer.error.code).toBe(-32002);
    expect(answer.error.message).toBe("Transaction simulation failed: Blockhash not found");
  });

  it("an undecodable transaction: -32602 with a plain message", async () => {
    const answer = await call(local.url, "sendTransaction", ["AAAA", { encoding: "base64" }]);
    expect(answer.error.code).toBe(-32602);
    expect(answer.error.message).toMatch(/^Invalid params: the transaction could not be decoded/);
  });
});

describe("the JSON-RPC surface", () => {
  it("answers the basic queries", async () => {
    expect(await rpc.getHealth().send()).toBe("ok");
    expect((await rpc.getVersion().send())["solana-core"]).toMatch(/^\d+\.\d+\.\d+$/);
    const slot = await rpc.getSlot().send();
    expect(slot).toBeGreaterThan(10n);
    expect(await rpc.getBlockHeight().send()).toBe(slot);
    const epoch = await rpc.getEpochInfo().send();
    expect(epoch.absoluteSlot).toBe(slot);
    const { value: latest } = await rpc.getLatestBlockhash().send();
    expect(latest.lastValidBlockHeight).toBe(slot + 150n);
    expect((await rpc.isBlockhashValid(latest.blockhash).send()).value).toBe(true);
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    const info = await rpc.getAccountInfo(address(local.mint.address), { encoding: "jsonParsed" }).send();
    expect(info.value?.data).toMatchObject({ program: "spl-token", parsed: { type: "mint", info: { decimals: 6 } } });
    const many = await rpc
      .getMultipleAccounts([alice.address, (await generateKeyPairSigner()).address], { encoding: "base64" })
      .send();
    expect(many.value[0]?.lamports).toBeGreaterThan(0n);
    expect(many.value[1]).toBeNull();
    expect(SOLANA_LOCAL_METHODS).toContain("getSignaturesForAddress");
    const holders = await rpc
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, {
        encoding: "jsonParsed",
        filters: [{ dataSize: 165n }, { memcmp: { offset: 32n, bytes: bob.address as never, encoding: "base58" } }],
      })
      .send();
    expect(holders.map((entry) => entry.pubkey)).toEqual([await ata(bob.address, address(local.mint.address))]);
  });

  it("simulates an unsigned transaction and prices a message", async () => {
    const wire = await signedTransaction(rpc, alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: lamports(1n) }),
    ]);
    const bytes = new Uint8Array(getBase64Encoder().encode(wire));
    bytes.fill(0, 1, 65); // no signature
    const unsigned = getBase64Decoder().decode(bytes);
    const sim = await call(local.url, "simulateTransaction", [unsigned, { encoding: "base64" }]);
    expect(sim.result.value.err).toBeNull();
    expect(sim.result.value.logs[0]).toMatch(/^Program 11111111111111111111111111111111 invoke/);
    const verified = await call(local.url, "simulateTransaction", [unsigned, { encoding: "base64", sigVerify: true }]);
    expect(verified.result.value.err).toBe("SignatureFailure");
    const message = getBase64Decoder().decode(bytes.subarray(65));
    const fee = await call(local.url, "getFeeForMessage", [message]);
    expect(fee.result.value).toBe(5000);
  });

  it("unknown method → -32601", async () => {
    const answer = await call(local.url, "getEverything");
    expect(answer).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } });
  });

  it("malformed JSON → -32700; a bad request → -32600", async () => {
    const bad = await rawRpc(local.url, "{ this is not json");
    expect(bad.body).toMatchObject({ id: null, error: { code: -32700 } });
    const notRequest = await rawRpc(local.url, { hello: "world" });
    expect(notRequest.body.error.code).toBe(-32600);
    const empty = await rawRpc(local.url, []);
    expect(empty.body.error.code).toBe(-32600);
  });

  it("bad params → -32602 with a plain message", async () => {
    const notAddress = await call(local.url, "getBalance", ["not-an-address"]);
    expect(notAddress.error).toEqual({
      code: -32602,
      message: "Invalid params: the first parameter must be an account address (base58, 32 bytes)",
    });
    const notArray = await rawRpc(local.url, { jsonrpc: "2.0", id: 2, method: "getBalance", params: { a: 1 } });
    expect(notArray.body.error.code).toBe(-32602);
    const badConfig = await call(local.url, "getAccountInfo", [alice.address, { encoding: "morse" }]);
    expect(badConfig.error.message).toBe("Invalid params: encoding must be one of base58, base64, jsonParsed");
    const badLimit = await call(local.url, "getSignaturesForAddress", [alice.address, { limit: 5000 }]);
    expect(badLimit.error.code).toBe(-32602);
    const tooMany = await call(local.url, "getSignatureStatuses", [Array(300).fill("1")]);
    expect(tooMany.error.code).toBe(-32602);
  });

  it("answers batches, refuses oversized bodies, serves a status on GET and CORS preflights", async () => {
    const batch = await rawRpc(local.url, [
      { jsonrpc: "2.0", id: 1, method: "getHealth" },
      { jsonrpc: "2.0", id: 2, method: "nope" },
    ]);
    expect(batch.body).toEqual([
      { jsonrpc: "2.0", id: 1, result: "ok" },
      { jsonrpc: "2.0", id: 2, error: { code: -32601, message: "Method not found" } },
    ]);
    const huge = await rawRpc(local.url, {
      jsonrpc: "2.0",
      id: 1,
      method: "getHealth",
      params: ["x".repeat(2_000_000)],
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe(-32600);
    const status = await fetch(local.url);
    expect(await status.json()).toMatchObject({ name: "Solana RPC (LiteSVM)", genesisHash: local.genesisHash });
    const preflight = await fetch(local.url, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-headers": "content-type,solana-client" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(await rpc.getHealth().send()).toBe("ok"); // still serving
  });
});
