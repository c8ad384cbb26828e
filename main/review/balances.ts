/**
 * The person's balance changes, from the account states before (getMultipleAccounts) and after
 * (the simulation's post-state, which on a validator and on the sandbox already has the network
 * fee debited from the fee payer), plus the per-mint deltas the guard bounds.
 *
 * SOL is the person's only where they alone can move it: their wallet (system) account, and the
 * native balance of a wSOL account (the native mint has no freeze authority). The rent-exempt
 * minimum of each of their token accounts is rent: moved into a new account of theirs, or back
 * from one they close, it nets out. Lamports above that minimum in a token account of any other
 * mint are NOT theirs: whoever holds that mint's freeze authority can freeze the account, and a
 * frozen account can't be closed, so those lamports are counted as spent (and the custody rule,
 * guard-custody.ts, refuses the transaction that parks them there).
 */
import type { AccountState } from './account-state';
import {
  isUserAccount,
  serviceFeeAccount,
  stateAfter,
  walletOwnerOf,
  type ReviewFacts,
} from './facts';
import { NATIVE_MINT } from './program-ids';
import type { BalanceChange, BalanceRole } from './types';

export interface UserDeltas {
  /** Token amount change per mint over the user's token accounts (wrapped SOL excluded). */
  byMint: Map<string, bigint>;
  /**
   * SOL moved by the transaction's instructions, network fee added back: the change of all
   * the user's lamports (system + token accounts) + the network fee.
   */
  nativeBeforeFees: bigint;
  /** Lamports the user put into (positive) or got back from (negative) account rent. */
  rentLamports: bigint;
  /**
   * Lamports newly parked above the rent-exempt minimum of a token account of theirs that is
   * not wSOL, by account (only increases): SOL someone else could freeze.
   */
  parked: Map<string, bigint>;
}

const lamportsOf = (state: AccountState | null) => state?.lamports ?? 0n;
const amountOf = (state: AccountState | null) => state?.token?.amount ?? 0n;

/** The rent-exempt minimum of an account of `size` bytes (the runtime's default rent). */
export function rentExemptMinimum(size: number): bigint {
  // (128 bytes of account overhead + data) × 3,480 lamports per byte-year × 2 years.
  return (128n + BigInt(size)) * 6_960n;
}

/** How a token account of the person holds its lamports (see the header). */
function lamportParts(state: AccountState | null): { rent: bigint; sol: bigint; parked: bigint } {
  if (state === null) return { rent: 0n, sol: 0n, parked: 0n };
  const minimum = rentExemptMinimum(state.data.length);
  const rent = state.lamports < minimum ? state.lamports : minimum;
  const above = state.lamports - rent;
  return state.token?.mint === NATIVE_MINT
    ? { rent, sol: above, parked: 0n }
    : { rent, sol: 0n, parked: above };
}

/** The writable accounts the user owns (system account first). */
function userWritable(facts: ReviewFacts): string[] {
  const seen = new Set<string>();
  const list = [facts.user as string];
  seen.add(facts.user);
  for (const account of facts.message.accounts) {
    if (!account.writable || seen.has(account.address)) continue;
    if (isUserAccount(facts, account.address)) list.push(account.address);
    seen.add(account.address);
  }
  return list;
}

/** Computes the user's deltas; null when the simulation failed (there is no after). */
export function userDeltas(facts: ReviewFacts): UserDeltas | null {
  if (facts.post === null) return null;
  const byMint = new Map<string, bigint>();
  const parked = new Map<string, bigint>();
  let lamports = 0n;
  let rentLamports = 0n;
  for (const address of userWritable(facts)) {
    const before = facts.pre.get(address) ?? null;
    const after = stateAfter(facts, address);
    if (address === facts.user) {
      lamports += lamportsOf(after) - lamportsOf(before);
      continue;
    }
    const [was, is] = [lamportParts(before), lamportParts(after)];
    lamports += is.sol - was.sol + (is.rent - was.rent);
    rentLamports += is.rent - was.rent;
    if (is.parked > was.parked) parked.set(address, is.parked - was.parked);
    const mint = before?.token?.mint ?? after?.token?.mint;
    if (mint === undefined || mint === NATIVE_MINT) continue;
    byMint.set(mint, (byMint.get(mint) ?? 0n) + amountOf(after) - amountOf(before));
  }
  return {
    byMint,
    // The fee is added back only when the person paid it (a gasless order's payer pays it).
    nativeBeforeFees: lamports + (facts.networkFee.paidByYou ? facts.networkFee.totalLamports : 0n),
    rentLamports,
    parked,
  };
}

/** Gain of one token account (its token amount), 0 when absent before and after. */
export function accountGain(facts: ReviewFacts, address: string): bigint | null {
  if (facts.post === null) return null;
  return amountOf(stateAfter(facts, address)) - amountOf(facts.pre.get(address) ?? null);
}

/** Lamport gain of one account (a wallet receiving SOL), null when the simulation failed. */
export function lamportGain(facts: ReviewFacts, address: string): bigint | null {
  if (facts.post === null) return null;
  return lamportsOf(stateAfter(facts, address)) - lamportsOf(facts.pre.get(address) ?? null);
}

function row(facts: ReviewFacts, address: string, role: BalanceRole): BalanceChange {
  const before = facts.pre.get(address) ?? null;
  const after = stateAfter(facts, address);
  // The user's wallet, or a wallet receiving a SOL payment (issue 5): measured in lamports.
  const isSol =
    address === facts.user || (role === 'destination' && !before?.token && !after?.token);
  const mint = isSol ? null : (before?.token?.mint ?? after?.token?.mint ?? null);
  const valueOf = isSol ? lamportsOf : amountOf;
  return {
    account: address as BalanceChange['account'],
    role,
    mint,
    decimals: isSol ? 9 : (facts.tokens.get(mint ?? '')?.decimals ?? null),
    owner: (address === facts.user
      ? facts.user
      : isSol
        ? address
        : walletOwnerOf(facts, address)) as BalanceChange['owner'],
    before: valueOf(before),
    after: valueOf(after),
    change: valueOf(after) - valueOf(before),
    created: before === null && after !== null,
    closed: before !== null && after === null,
  };
}

/**
 * The rows of the report: the user's SOL, each token account of theirs the transaction writes,
 * the destination and the fee account. Empty when the simulation failed.
 */
export function balanceChanges(facts: ReviewFacts): BalanceChange[] {
  if (facts.post === null) return [];
  const rows: BalanceChange[] = [];
  const destination = facts.expectedDestination as string;
  const fee = facts.intent.feeAccount as string | null;
  for (const address of userWritable(facts)) {
    if (address === destination || address === fee) continue;
    // Opened and closed within the transaction (temporary wSOL): nothing to show.
    if (!facts.pre.get(address) && stateAfter(facts, address) === null) continue;
    rows.push(row(facts, address, 'user'));
  }
  const destinationRow = row(facts, destination, 'destination');
  // A temporary wSOL account (SOL out, unwrapped): the SOL row already shows what arrived.
  if (facts.pre.get(destination) != null || stateAfter(facts, destination) !== null) {
    rows.push(destinationRow);
  }
  if (fee !== null && fee !== destination) rows.push(row(facts, fee, 'fee'));
  const serviceFee = serviceFeeAccount(facts);
  if (serviceFee !== null && serviceFee !== destination && serviceFee !== fee) {
    rows.push(row(facts, serviceFee, 'service-fee'));
  }
  return rows;
}
