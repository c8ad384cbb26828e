/**
 * Escrows make POST /swap-instructions executable with the user's signature alone. At request
 * time the sandbox executes, signed by the venue authority, a settlement: create a fresh token
 * account owned by the authority (the escrow), move the venue side of the route into it (vault
 * → vault between hops, last hop's vaults → escrow) and approve the user as the escrow's
 * delegate for exactly its balance (`approveChecked`). The user's instructions then pay the
 * first hop's vaults as owner and empty the escrow as delegate; a second run finds no
 * delegated amount left.
 *
 * An escrow still full after its lastValidBlockHeight is swept: its tokens go back into the
 * vaults they came from, the transfers between hops are undone, the delegate is revoked and
 * the account closed (rent back to the authority). A used escrow is only closed. Sweeps run
 * before every request of the swap API (lazily, so a stopped sandbox sweeps on its next
 * request) and are recorded in escrows.json before and after each ledger write.
 */
import {
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import {
  createApproveCheckedInstruction,
  createCloseAccountInstruction,
  createInitializeAccount3Instruction,
  createRevokeInstruction,
  createTransferCheckedInstruction,
} from '@solana/spl-token';
import type { LedgerView } from '../ledger/ledger-view';
import { TOKEN_ACCOUNT_SIZE } from '../ledger/token-layout';
import { MEMO_PROGRAM_ID, SYSTEM_PROGRAM_ID, type SandboxToken } from '../tokens';
import { loadEscrows, saveEscrows, type EscrowRecord, type EscrowTransfer } from './escrow-store';

/** The authority pays settlement fees and escrow rent; it is topped up below this balance. */
const AUTHORITY_FLOOR_LAMPORTS = 10_000_000_000n;
const AUTHORITY_TOP_UP_LAMPORTS = 1_000_000_000_000n;
/** A sweep that failed this often is left for a person to look at (stderr says why). */
const MAX_FAILED_SWEEPS = 3;

export interface OpenedEscrow {
  escrow: string;
  lastValidBlockHeight: number;
  settlementSignature: string;
}

export interface EscrowBook {
  /**
   * Executes the settlement on the ledger: creates `escrow` (a fresh keypair), runs the venue
   * authority's `settlement` transfers into it and approves `user` as delegate for `amount`.
   * Throws when the ledger refuses it (nothing is left open then).
   */
  open(input: {
    escrow: Keypair;
    token: SandboxToken;
    user: PublicKey;
    amount: bigint;
    settlement: TransactionInstruction[];
    memo: string;
  }): OpenedEscrow;
  /** Sweeps or closes every escrow past its lastValidBlockHeight; returns how many it settled. */
  sweepExpired(): number;
  /** The open escrows (a copy), for tests and logs. */
  list(): EscrowRecord[];
}

/** Reads a TransferChecked instruction of the settlement back into a record transfer. */
function transferOf(instruction: TransactionInstruction): EscrowTransfer {
  const [source, mint, destination] = instruction.keys;
  if (source === undefined || mint === undefined || destination === undefined) {
    throw new Error('settlement instruction is not a TransferChecked');
  }
  return {
    source: source.pubkey.toBase58(),
    mint: mint.pubkey.toBase58(),
    destination: destination.pubkey.toBase58(),
    amount: Buffer.from(instruction.data).readBigUInt64LE(1).toString(),
  };
}

/** Creates the escrow book of a swap API state folder (records survive restarts). */
export function createEscrowBook(
  ledger: LedgerView,
  authority: Keypair,
  stateDir: string,
  decimalsOf: (mint: string) => number,
  log: (line: string) => void = (line) => console.error(line),
): EscrowBook {
  let records = loadEscrows(stateDir);
  const save = () => saveEscrows(stateDir, records);

  const fundAuthority = () => {
    const address = authority.publicKey.toBase58();
    const account = ledger.getAccount(address);
    if (account !== null && account.lamports >= AUTHORITY_FLOOR_LAMPORTS) return;
    // The sandbox mints its own SOL (as genesis and the faucet do) for the authority's fees.
    ledger.setAccount(address, {
      lamports: AUTHORITY_TOP_UP_LAMPORTS,
      owner: SYSTEM_PROGRAM_ID,
      data: new Uint8Array(),
      executable: false,
    });
  };

  /** Signs and executes; returns the signature or throws with the ledger's reason. */
  const execute = (instructions: TransactionInstruction[], signers: Keypair[]): string => {
    fundAuthority();
    const { blockhash } = ledger.latestBlockhash();
    const message = new TransactionMessage({
      payerKey: authority.publicKey,
      recentBlockhash: blockhash,
      instructions,
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([authority, ...signers]);
    const outcome = ledger.sendTransaction(tx.serialize());
    const err = outcome.status === 'executed' ? outcome.record.err : outcome.err;
    if (outcome.status !== 'executed' || err !== null) {
      throw new Error(`ledger ${outcome.status} ${outcome.signature}: ${JSON.stringify(err)}`);
    }
    return outcome.signature;
  };

  const transfer = (from: string, to: string, record: EscrowRecord, mint: string, amount: bigint) =>
    createTransferCheckedInstruction(
      new PublicKey(from),
      new PublicKey(mint),
      new PublicKey(to),
      authority.publicKey,
      amount,
      decimalsOf(mint),
      [],
      new PublicKey(record.tokenProgram),
    );

  /** The instructions that settle an expired escrow holding `balance`. */
  const sweepInstructions = (record: EscrowRecord, balance: bigint): TransactionInstruction[] => {
    const program = new PublicKey(record.tokenProgram);
    const escrow = new PublicKey(record.escrow);
    const instructions: TransactionInstruction[] = [];
    const intoEscrow = record.transfers.filter((t) => t.destination === record.escrow);
    // Tokens still in the escrow go back to the vaults they came from, in order.
    let left = balance;
    for (const t of intoEscrow) {
      const amount = left < BigInt(t.amount) ? left : BigInt(t.amount);
      if (amount > 0n) instructions.push(transfer(record.escrow, t.source, record, t.mint, amount));
      left -= amount;
    }
    // Untouched escrow: the user never paid, so the hops between vaults are undone too.
    if (balance === BigInt(record.amount)) {
      const between = record.transfers.filter((t) => t.destination !== record.escrow).reverse();
      for (const t of between) {
        instructions.push(transfer(t.destination, t.source, record, t.mint, BigInt(t.amount)));
      }
    }
    instructions.push(createRevokeInstruction(escrow, authority.publicKey, [], program));
    instructions.push(
      createCloseAccountInstruction(escrow, authority.publicKey, authority.publicKey, [], program),
    );
    return instructions;
  };

  return {
    open({ escrow, token, user, amount, settlement, memo }) {
      const program = new PublicKey(token.tokenProgram);
      const mint = new PublicKey(token.mint);
      // Sized for a mint without extensions, as every sandbox mint is (PYUSD included).
      const rent = ledger.minimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE);
      const { lastValidBlockHeight } = ledger.latestBlockhash();
      const record: EscrowRecord = {
        escrow: escrow.publicKey.toBase58(),
        mint: token.mint,
        tokenProgram: token.tokenProgram,
        decimals: token.decimals,
        amount: amount.toString(),
        user: user.toBase58(),
        lastValidBlockHeight,
        transfers: settlement.map(transferOf),
        failedSweeps: 0,
      };
      // Recorded before the ledger write: a crash in between leaves a record whose escrow
      // account does not exist, which the next sweep drops.
      records.push(record);
      save();
      try {
        const settlementSignature = execute(
          [
            SystemProgram.createAccount({
              fromPubkey: authority.publicKey,
              newAccountPubkey: escrow.publicKey,
              lamports: Number(rent),
              space: TOKEN_ACCOUNT_SIZE,
              programId: program,
            }),
            createInitializeAccount3Instruction(
              escrow.publicKey,
              mint,
              authority.publicKey,
              program,
            ),
            new TransactionInstruction({
              programId: new PublicKey(MEMO_PROGRAM_ID),
              keys: [],
              data: Buffer.from(memo),
            }),
            ...settlement,
            createApproveCheckedInstruction(
              escrow.publicKey,
              mint,
              user,
              authority.publicKey,
              amount,
              token.decimals,
              [],
              program,
            ),
          ],
          [escrow],
        );
        return { escrow: record.escrow, lastValidBlockHeight, settlementSignature };
      } catch (error) {
        records = records.filter((r) => r !== record);
        save();
        throw error;
      }
    },

    sweepExpired() {
      const height = ledger.blockHeight();
      const due = records.filter(
        (r) => r.lastValidBlockHeight < height && r.failedSweeps < MAX_FAILED_SWEEPS,
      );
      let settled = 0;
      for (const record of due) {
        try {
          if (ledger.getAccount(record.escrow) !== null) {
            const balance = ledger.tokenBalance(record.escrow) ?? 0n;
            const signature = execute(sweepInstructions(record, balance), []);
            if (balance > 0n) {
              log(
                `[swap-api] escrow ${record.escrow} expired: ${balance} swept back (${signature})`,
              );
            }
          }
          records = records.filter((r) => r !== record);
          settled += 1;
        } catch (error) {
          record.failedSweeps += 1;
          log(`[swap-api] sweep of escrow ${record.escrow} failed: ${(error as Error).message}`);
        }
        save();
      }
      return settled;
    },

    list: () => records.map((r) => ({ ...r, transfers: [...r.transfers] })),
  };
}
