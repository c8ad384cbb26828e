/**
 * The accounts a swap pays into and opens for the person, as the custody rule judges them
 * (guard-custody.ts; issue 21, "outputs and rent the person keeps"):
 *   - what the swap pays the person goes only to their associated token account, the
 *     destination they chose, or a token account nobody but they can close or spend from: an
 *     account whose close authority someone else kept can be closed while empty and opened
 *     again at the same address as theirs, and a delegate can move what arrives (read from the
 *     account's state before and after the simulation);
 *   - the token accounts it opens for them are associated token accounts (of the swap's own
 *     mints: the stray-mint check in guard-custody.ts), at the size their mint needs;
 *   - the rent it puts into new accounts stays within a few token accounts' worth.
 */
import { ExtensionType, getAccountLen, getAccountTypeOfMintType } from '@solana/spl-token';
import { associatedTokenAddress } from '../tokens/associated-token';
import type { AccountState } from './account-state';
import { isUserAccount, type ReviewFacts } from './facts';
import { TOKEN_2022_PROGRAM } from './program-ids';
import { fundedByUser, rentFunder, rentFunderWords } from './rent';
import { swapLegs } from './swap-legs';
import { formatSol, shortAddress, tokenName } from './words';

/** The rent a swap may put into new accounts: about five token accounts' worth. */
export const RENT_LIMIT_LAMPORTS = 10_000_000n;
const RENT_LIMIT_WORDS = '0.01 SOL (the rent of about five token accounts)';

const BASE_ACCOUNT = 165;
const MINT_LEN = 82;

/** The person's associated token account of `mint` under `program`. */
function ataOf(facts: ReviewFacts, mint: string, program: string): string {
  return associatedTokenAddress(mint, facts.user, program);
}

/** The person's token accounts the swap pays into: leg destinations, and any that gained. */
function receivingAccounts(facts: ReviewFacts): Set<string> {
  const receiving = new Set<string>();
  for (const leg of swapLegs(facts)) {
    if (isUserAccount(facts, leg.destination) && leg.destination !== facts.user) {
      receiving.add(leg.destination);
    }
  }
  for (const [address, after] of facts.post ?? []) {
    const token = after?.token;
    if (!token || token.owner !== facts.user) continue;
    if (token.amount > (facts.pre.get(address)?.token?.amount ?? 0n)) receiving.add(address);
  }
  return receiving;
}

/** Who besides the person can close or spend from `state`'s token account. */
function strangersOf(facts: ReviewFacts, state: AccountState | null | undefined): string[] {
  const token = state?.token;
  if (!token) return [];
  const words: string[] = [];
  if (token.closeAuthority !== null && token.closeAuthority !== facts.user) {
    words.push(`its close authority is ${shortAddress(token.closeAuthority)}`);
  }
  if (token.delegate !== null && token.delegate !== facts.user) {
    words.push(`${shortAddress(token.delegate)} is its delegate`);
  }
  return words;
}

/** Outputs into an account of the person that someone else can close or spend from. */
export function outputAccountProblems(facts: ReviewFacts): string[] {
  const problems: string[] = [];
  const chosen = facts.intent.destinationTokenAccount;
  for (const address of receivingAccounts(facts)) {
    if (address === chosen) continue;
    const before = facts.pre.get(address);
    const after = facts.post?.get(address);
    const token = before?.token ?? after?.token;
    const program = before?.programOwner ?? after?.programOwner;
    if (!token || !program) continue;
    if (address === ataOf(facts, token.mint, program)) continue;
    const strangers = [...new Set([...strangersOf(facts, before), ...strangersOf(facts, after)])];
    if (strangers.length === 0) continue;
    const name = tokenName(token.mint, facts.tokens);
    problems.push(
      `It would pay ${name} into your account ${shortAddress(address)}, which is not your usual ${name} account and ${strangers.join(' and ')}: they could empty it, or close it and open their own at the same address before this lands, and keep what arrives.`,
    );
  }
  return problems;
}

/** The size a token account of `mint` needs when the Associated Token program opens it. */
export function neededAccountSize(mintState: AccountState | null | undefined): number | null {
  if (!mintState) return null;
  if (mintState.programOwner !== TOKEN_2022_PROGRAM) return BASE_ACCOUNT;
  const data = mintState.data;
  const types: ExtensionType[] = [ExtensionType.ImmutableOwner];
  // A Token-2022 mint's extensions follow its account type byte (offset 165); each entry is a
  // type (u16), a length (u16) and the value. The empty type 0 or an entry that does not fit
  // ends the list (the padding of a mint the size of a multisig).
  if (data.length > MINT_LEN) {
    for (let at = BASE_ACCOUNT + 1; at + 4 <= data.length;) {
      const type = data[at]! | (data[at + 1]! << 8);
      const length = data[at + 2]! | (data[at + 3]! << 8);
      if (type === 0 || at + 4 + length > data.length) break;
      const accountType = getAccountTypeOfMintType(type as ExtensionType);
      if (accountType !== ExtensionType.Uninitialized) types.push(accountType);
      at += 4 + length;
    }
  }
  return getAccountLen(types);
}

/** Accounts opened for the person that stay open: an ATA, at its mint's size. */
export function openedAccountProblems(
  facts: ReviewFacts,
  opened: ReadonlyMap<string, { mint: string; owner: string }>,
): string[] {
  if (facts.post === null) return [];
  const problems: string[] = [];
  for (const [address, { mint, owner }] of opened) {
    const after = facts.post.get(address);
    if (owner !== facts.user || !after) continue; // closed again in the transaction: rent back
    const name = tokenName(mint, facts.tokens);
    // Whose SOL it is: a gas payer or a market maker may fund it (issue 32).
    const funds = rentFunderWords(facts, address);
    const rentIn = (lamports: bigint, how: string) =>
      funds === 'your SOL'
        ? `${formatSol(lamports)} of your SOL ${how}`
        : `${formatSol(lamports)} ${how}, ${funds}`;
    if (address !== ataOf(facts, mint, after.programOwner)) {
      problems.push(
        `It would open a ${name} token account ${shortAddress(address)} for you that is not your associated ${name} account, holding ${rentIn(after.lamports, 'as rent')}.`,
      );
      continue;
    }
    const needed = neededAccountSize(facts.pre.get(mint));
    if (needed !== null && after.data.length > needed) {
      problems.push(
        `It would open your ${name} account ${shortAddress(address)} at ${after.data.length} bytes where ${name} needs ${needed}, locking ${rentIn(after.lamports, 'in its rent')}.`,
      );
    }
  }
  return problems;
}

/** New accounts the person's SOL funds, with the rent each holds after the transaction. */
function newAccountsFunded(facts: ReviewFacts): [string, bigint][] {
  const funded = fundedByUser(facts);
  const found: [string, bigint][] = [];
  for (const [address, after] of facts.post ?? []) {
    if (!after || facts.pre.get(address)) continue;
    // The person's own wallet, new on chain when a gasless swap pays them their first SOL,
    // holds their SOL: none of it is rent locked away.
    if (address === facts.user) continue;
    // Rent another account funds (a gas payer, a market maker) is not the person's SOL locked
    // away (issue 32).
    if (rentFunder(facts, address) !== facts.user) continue;
    if (after.token?.owner === facts.user || funded.has(address) || isUserAccount(facts, address)) {
      // A wSOL account's tokens are the person's SOL, not rent.
      const rent = after.token?.isNative ? after.lamports - after.token.amount : after.lamports;
      found.push([address, rent]);
    }
  }
  return found;
}

/** The rent the transaction locks in new accounts, beyond the limit. */
export function rentProblems(facts: ReviewFacts): string[] {
  const accounts = newAccountsFunded(facts);
  const total = accounts.reduce((sum, [, lamports]) => sum + lamports, 0n);
  if (total <= RENT_LIMIT_LAMPORTS) return [];
  const where = accounts
    .sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))
    .map(([address, lamports]) => `${formatSol(lamports)} in ${shortAddress(address)}`)
    .join(', ');
  return [
    `It would lock ${formatSol(total)} of your SOL as rent in new accounts (${where}), more than the ${RENT_LIMIT_WORDS} a swap needs.`,
  ];
}

/** For the passing verdict: the rent the swap puts into new accounts. */
export function rentLocked(facts: ReviewFacts): bigint {
  return newAccountsFunded(facts).reduce((sum, [, lamports]) => sum + lamports, 0n);
}
