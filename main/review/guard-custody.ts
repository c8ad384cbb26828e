/**
 * The custody rule: SOL stays where only the person can move it. SOL is theirs in their wallet
 * (system) account and as the native balance of a wSOL account; anywhere else someone else can
 * lock it. A token account's mint may have a freeze authority: lamports parked above the
 * rent of such an account (the person's USDC account, say) are frozen with it, and a frozen
 * account can be neither closed nor emptied. So this rule refuses a transaction that
 *   - leaves lamports above the rent-exempt minimum in a token account of the person that is
 *     not wSOL (read from the simulated post-state, so a swap program's CPIs are seen too);
 *   - closes (unwraps) an account of the person into anything but their wallet account;
 *   - opens a token account for a mint the swap does not involve (not the input, the output,
 *     a mint of the quoted route, the fee mint or the paid mint): rent parked in an account
 *     the person never asked for, whose mint may be someone's to freeze.
 * Rent paid to open an account the swap needs stays allowed, and the review shows it as rent.
 * And what the person keeps (custody-accounts.ts, issue 21): outputs go only to their
 * associated token account, the destination they chose, or an account nobody else can close or
 * spend from; accounts opened for them are associated token accounts at their mint's size; the
 * rent put into new accounts stays within a few token accounts' worth.
 */
import type { UserDeltas } from './balances';
import { isUserAccount, mintOf, openedByInstructions, type ReviewFacts } from './facts';
import { feeMint } from './flows';
import {
  openedAccountProblems,
  outputAccountProblems,
  RENT_LIMIT_LAMPORTS,
  rentLocked,
  rentProblems,
} from './custody-accounts';
import type { GuardVerdict } from './types';
import { rentFunderWords } from './rent';
import { formatSol, shortAddress, tokenName, unresolvedEntry, unresolvedWords } from './words';

/** The mints the swap involves: the only ones the person's new token accounts may hold. */
function involvedMints(facts: ReviewFacts): Set<string> {
  const { intent } = facts;
  const mints = new Set<string>([
    intent.inputMint,
    intent.outputMint,
    ...(intent.routeMints ?? []),
  ]);
  const fee = feeMint(facts);
  if (fee !== null) mints.add(fee);
  if (intent.payment) mints.add(intent.payment.mint);
  return mints;
}

/** Token accounts this transaction opens, by instruction or as seen in the post-state. */
function openedAccounts(facts: ReviewFacts): Map<string, { mint: string; owner: string }> {
  const opened: Map<string, { mint: string; owner: string }> = openedByInstructions(facts);
  for (const [address, after] of facts.post ?? []) {
    if (after?.token && facts.pre.get(address) == null && !opened.has(address)) {
      opened.set(address, { mint: after.token.mint, owner: after.token.owner });
    }
  }
  return opened;
}

function strayAccounts(facts: ReviewFacts): string[] {
  const involved = involvedMints(facts);
  const problems: string[] = [];
  for (const [address, { mint, owner }] of openedAccounts(facts)) {
    if (involved.has(mint)) continue;
    const whose = owner === facts.user ? 'you' : shortAddress(owner);
    // Whose SOL pays the rent: a gas payer or a market maker may fund it (issue 32).
    const funds = rentFunderWords(facts, address);
    const entry = unresolvedEntry(mint);
    problems.push(
      entry === null
        ? `It would open a ${tokenName(mint, facts.tokens)} token account ${shortAddress(address)} for ${whose}, a token this swap does not involve, and put ${funds} into its rent.`
        : `It would open a token account ${shortAddress(address)} for ${whose} whose token is ${unresolvedWords(entry)}, so the wallet cannot tell it is a token this swap involves, and put ${funds} into its rent.`,
    );
  }
  return problems;
}

function parkedSol(facts: ReviewFacts, deltas: UserDeltas | null): string[] {
  if (deltas === null) return [];
  return [...deltas.parked].map(([address, lamports]) => {
    const name = tokenName(mintOf(facts, address), facts.tokens);
    return `It would leave ${formatSol(lamports)} in your ${name} token account ${shortAddress(address)} instead of your wallet: whoever holds the freeze authority of ${name} could freeze that account and the SOL with it.`;
  });
}

function closesOutsideTheWallet(facts: ReviewFacts): string[] {
  const problems: string[] = [];
  for (const { decoded } of facts.instructions) {
    if (decoded.kind !== 'tokenCloseAccount' || decoded.destination === facts.user) continue;
    const theirs = isUserAccount(facts, decoded.account) || decoded.owner === facts.user;
    // Into a stranger's account: the authority rule refuses it in its own words.
    if (!theirs || !isUserAccount(facts, decoded.destination)) continue;
    problems.push(
      `It would close your ${tokenName(mintOf(facts, decoded.account), facts.tokens)} account ${shortAddress(decoded.account)} into your ${tokenName(mintOf(facts, decoded.destination), facts.tokens)} account ${shortAddress(decoded.destination)} instead of your wallet, where its SOL could be frozen.`,
    );
  }
  return problems;
}

/** `deltas`: the person's balance changes (outcome.ts), null when the simulation failed. */
export function custodyRule(facts: ReviewFacts, deltas: UserDeltas | null): GuardVerdict {
  const opened = openedAccounts(facts);
  const problems = [
    ...closesOutsideTheWallet(facts),
    ...parkedSol(facts, deltas),
    ...strayAccounts(facts),
    ...outputAccountProblems(facts),
    ...openedAccountProblems(facts, opened),
    ...rentProblems(facts),
  ];
  const rent = rentLocked(facts);
  return problems.length === 0
    ? {
        rule: 'sol-custody',
        ok: true,
        reason: `Your SOL stays in your wallet (or wrapped, as wSOL), outputs reach accounts only you control, and accounts are opened only for the tokens of this swap${rent > 0n ? `, with ${formatSol(rent)} of rent (a swap may lock at most ${formatSol(RENT_LIMIT_LAMPORTS)})` : ''}.`,
      }
    : { rule: 'sol-custody', ok: false, reason: problems.join(' ') };
}
