/**
 * A durable-nonce transaction's lifetime, judged as a validator judges it (agave's
 * `check_transaction_age`): a transaction whose recent blockhash is no longer (or never was) in
 * the blockhash queue may still run when its first instruction is System
 * `AdvanceNonceAccount` and the nonce account it names is a writable, initialized nonce account
 * of the System program whose stored durable nonce is that "blockhash", and whose authority
 * signs. The instruction then moves the nonce on, so the same transaction can run only once.
 *
 * This is what makes a durable-nonce swap dangerous to a wallet that judges expiry by block
 * height: it stays valid until the nonce moves, at any later time. The sandbox accepting it is
 * what lets the refusal be proven end to end (issue 15).
 */
import bs58 from 'bs58';
import type { LedgerAccount } from './ledger-view';
import type { ParsedTransaction } from './wire';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** SystemInstruction::AdvanceNonceAccount, a u32 tag. */
const ADVANCE_NONCE_TAG = 4;
/** nonce::state::Versions: u32 version, u32 state (1 = initialized), authority, durable nonce. */
const NONCE_ACCOUNT_LENGTH = 80;
const STATE_INITIALIZED = 1;

/** True when `parsed` is a durable-nonce transaction whose nonce is current (see above). */
export function usesCurrentNonce(
  parsed: ParsedTransaction,
  getAccount: (address: string) => LedgerAccount | null,
): boolean {
  const first = parsed.instructions[0];
  if (first === undefined || parsed.accountKeys[first.programIdIndex] !== SYSTEM_PROGRAM) {
    return false;
  }
  const data = first.data;
  if (
    data.length < 4 ||
    new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true) !== ADVANCE_NONCE_TAG
  ) {
    return false;
  }
  const [nonceIndex, , authorityIndex] = first.accountKeyIndexes;
  if (nonceIndex === undefined || authorityIndex === undefined) return false;
  if (!parsed.writable[nonceIndex] || authorityIndex >= parsed.numRequiredSignatures) return false;
  const nonce = getAccount(parsed.accountKeys[nonceIndex] as string);
  if (nonce === null || nonce.owner !== SYSTEM_PROGRAM) return false;
  const state = nonce.data;
  if (state.length !== NONCE_ACCOUNT_LENGTH) return false;
  const view = new DataView(state.buffer, state.byteOffset, state.byteLength);
  if (view.getUint32(4, true) !== STATE_INITIALIZED) return false;
  const authority = bs58.encode(state.subarray(8, 40));
  const stored = bs58.encode(state.subarray(40, 72));
  return stored === parsed.recentBlockhash && authority === parsed.accountKeys[authorityIndex];
}
