// jsonParsed instructions for the programs a wallet shows: System (transfers, createAccount), SPL Token transfers
// and mints, and the Associated Token Account program. Anything else stays in the partially decoded form.
import { decodeBase58 } from "./ledger.js";
import { TOKEN_PROGRAMS, uiTokenAmount } from "./token.js";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const ATA_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";

type Parsed = { type: string; info: Record<string, unknown> };

function u64(data: Uint8Array, offset: number): bigint | undefined {
  if (data.length < offset + 8) return undefined;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

function parseSystem(accounts: string[], data: Uint8Array): Parsed | undefined {
  if (data.length < 4) return undefined;
  const kind = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true);
  if (kind === 2) {
    const amount = u64(data, 4);
    if (amount === undefined) return undefined;
    return { type: "transfer", info: { destination: accounts[1], lamports: amount, source: accounts[0] } };
  }
  if (kind === 0) {
    const lamports = u64(data, 4);
    const space = u64(data, 12);
    if (lamports === undefined || space === undefined) return undefined;
    const owner = data.length >= 52 ? data.subarray(20, 52) : undefined;
    return {
      type: "createAccount",
      info: {
        lamports,
        newAccount: accounts[1],
        owner: owner ? base58(owner) : undefined,
        source: accounts[0],
        space,
      },
    };
  }
  return undefined;
}

function base58(bytes: Uint8Array): string {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) + BigInt(byte);
  let text = "";
  while (value > 0n) {
    text = alphabet[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

function parseToken(accounts: string[], data: Uint8Array): Parsed | undefined {
  const kind = data[0];
  const amount = u64(data, 1);
  if (kind === 3 && amount !== undefined) {
    return {
      type: "transfer",
      info: { amount: amount.toString(), authority: accounts[2], destination: accounts[1], source: accounts[0] },
    };
  }
  if (kind === 12 && amount !== undefined && data.length >= 10) {
    return {
      type: "transferChecked",
      info: {
        authority: accounts[3],
        destination: accounts[2],
        mint: accounts[1],
        source: accounts[0],
        tokenAmount: uiTokenAmount(amount, data[9] ?? 0),
      },
    };
  }
  if (kind === 7 && amount !== undefined) {
    return {
      type: "mintTo",
      info: { account: accounts[1], amount: amount.toString(), mint: accounts[0], mintAuthority: accounts[2] },
    };
  }
  if (kind === 14 && amount !== undefined && data.length >= 10) {
    return {
      type: "mintToChecked",
      info: {
        account: accounts[1],
        mint: accounts[0],
        mintAuthority: accounts[2],
        tokenAmount: uiTokenAmount(amount, data[9] ?? 0),
      },
    };
  }
  return undefined;
}

function parseAta(accounts: string[], data: Uint8Array): Parsed | undefined {
  const kind = data.length === 0 ? 0 : data[0];
  if (kind !== 0 && kind !== 1) return undefined;
  return {
    type: kind === 0 ? "create" : "createIdempotent",
    info: {
      account: accounts[1],
      mint: accounts[3],
      source: accounts[0],
      systemProgram: accounts[4],
      tokenProgram: accounts[5],
      wallet: accounts[2],
    },
  };
}

/** One instruction in the jsonParsed encoding: parsed where the program is known, else partially decoded. */
export function parseInstruction(programId: string, accounts: string[], data: string, stackHeight: number | null) {
  let bytes: Uint8Array;
  try {
    bytes = decodeBase58(data);
  } catch {
    bytes = new Uint8Array();
  }
  let parsed: Parsed | undefined;
  let program: string | undefined;
  if (programId === SYSTEM_PROGRAM) {
    parsed = parseSystem(accounts, bytes);
    program = "system";
  } else if (TOKEN_PROGRAMS.includes(programId as never)) {
    parsed = parseToken(accounts, bytes);
    program = programId === TOKEN_PROGRAMS[0] ? "spl-token" : "spl-token-2022";
  } else if (programId === ATA_PROGRAM) {
    parsed = parseAta(accounts, bytes);
    program = "spl-associated-token-account";
  }
  if (parsed && program) return { parsed, program, programId, stackHeight };
  return { accounts, data, programId, stackHeight };
}
