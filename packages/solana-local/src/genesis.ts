// The starting state: a faucet, 10 dev accounts with 1,000 SOL and 100,000 mUSDC each — set up by real transactions
// (system and SPL token instructions signed with @solana/kit), so every balance has a history behind it.
import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getCreateAccountInstruction, getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { deriveKey, devAccountKey, FAUCET_LABEL, MINT_LABEL, signerFor } from "./keys.js";
import type { Ledger } from "./ledger.js";

/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000n;
/** How many dev accounts are funded. */
export const DEV_ACCOUNT_COUNT = 10;
/** SOL per dev account. */
export const DEV_ACCOUNT_SOL = 1_000n;
/** The SPL token's symbol and decimals. */
export const MINT_SYMBOL = "mUSDC";
/** The SPL token's decimals. */
export const MINT_DECIMALS = 6;
/** Whole mUSDC per dev account. */
export const DEV_ACCOUNT_TOKENS = 100_000n;
/** The faucet's starting balance (1 billion SOL), which requestAirdrop draws on. */
export const FAUCET_LAMPORTS = 1_000_000_000n * LAMPORTS_PER_SOL;

/** A funded dev account: address and the 64-byte secret key. */
export type DevAccount = { address: string; secretKey: Uint8Array };

/** What the genesis set up. */
export type Genesis = {
  faucet: KeyPairSigner;
  accounts: DevAccount[];
  mint: { address: string; symbol: typeof MINT_SYMBOL; decimals: typeof MINT_DECIMALS };
};

/** Sign instructions with the fee payer (and any signers they name) and send them through the ledger. */
export async function sendInstructions(
  ledger: Ledger,
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
): Promise<string> {
  const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: BigInt(lastValidBlockHeight) },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  const wire = new Uint8Array(getTransactionEncoder().encode(signed));
  return ledger.send(ledger.decode(wire));
}

/** The associated token account of an owner for a mint (classic SPL Token program). */
export async function associatedTokenAddress(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return ata;
}

/** Fund the faucet, create the mint, and fund each dev account with SOL and mUSDC. */
export async function runGenesis(ledger: Ledger): Promise<Genesis> {
  const faucetKey = deriveKey(FAUCET_LABEL);
  const faucet = await signerFor(faucetKey);
  // The faucet's balance is the one genesis allocation; everything else moves by transactions.
  ledger.svm.setAccount({
    address: faucet.address,
    data: new Uint8Array(),
    executable: false,
    lamports: lamports(FAUCET_LAMPORTS),
    programAddress: SYSTEM_PROGRAM_ADDRESS,
    space: 0n,
  });
  const mintSigner = await signerFor(deriveKey(MINT_LABEL));
  const mintSpace = BigInt(getMintSize());
  await sendInstructions(ledger, faucet, [
    getCreateAccountInstruction({
      payer: faucet,
      newAccount: mintSigner,
      lamports: lamports(ledger.svm.minimumBalanceForRentExemption(mintSpace)),
      space: mintSpace,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mintSigner.address, decimals: MINT_DECIMALS, mintAuthority: faucet.address }),
  ]);
  const accounts: DevAccount[] = [];
  for (let i = 0; i < DEV_ACCOUNT_COUNT; i++) {
    const key = devAccountKey(i);
    const ata = await associatedTokenAddress(key.address, mintSigner.address);
    await sendInstructions(ledger, faucet, [
      getTransferSolInstruction({
        source: faucet,
        destination: key.address,
        amount: lamports(DEV_ACCOUNT_SOL * LAMPORTS_PER_SOL),
      }),
      getCreateAssociatedTokenIdempotentInstruction({
        payer: faucet,
        ata,
        owner: key.address,
        mint: mintSigner.address,
      }),
      getMintToCheckedInstruction({
        mint: mintSigner.address,
        token: ata,
        mintAuthority: faucet,
        amount: DEV_ACCOUNT_TOKENS * 10n ** BigInt(MINT_DECIMALS),
        decimals: MINT_DECIMALS,
      }),
    ]);
    accounts.push({ address: key.address, secretKey: key.secretKey });
  }
  return { faucet, accounts, mint: { address: mintSigner.address, symbol: MINT_SYMBOL, decimals: MINT_DECIMALS } };
}
