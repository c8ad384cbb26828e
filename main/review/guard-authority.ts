/**
 * The authority rule: no approval, authority change or close of the person's accounts in
 * someone else's favour. Read twice: from the instructions at the top level, and from the
 * simulated post-state of every token account the person owns, which also shows what a swap
 * program would do inside its own instruction (mainnet), where the top level sees nothing.
 */
import { isUserAccount, mintOf, type ReviewFacts } from './facts';
import { SYSTEM_PROGRAM } from './program-ids';
import type { GuardVerdict } from './types';
import { fail, pass } from './verdicts';
import { shortAddress, tokenName } from './words';

/**
 * Changes of owner, delegate or close authority on the user's accounts seen after simulation:
 * accounts the user held before, and accounts this transaction opens for the user (a program can
 * open the person's token account inside its CPI and set a delegate on it in the same breath).
 */
function postStateProblems(facts: ReviewFacts, flagged: ReadonlySet<string>): string[] {
  if (facts.post === null) return [];
  const problems: string[] = [];
  const user = facts.user as string;
  for (const address of new Set([...facts.pre.keys(), ...facts.post.keys()])) {
    if (flagged.has(address)) continue;
    const before = facts.pre.get(address)?.token ?? null;
    const after = facts.post.get(address)?.token;
    if (after === undefined || after === null) continue; // not written, or closed (balance rules count that)
    const opened = facts.pre.get(address) == null;
    if (before?.owner !== user && !(opened && after.owner === user)) continue;
    const name = `your ${tokenName(after.mint, facts.tokens)} account ${shortAddress(address)}`;
    if (after.owner !== user) {
      problems.push(`It would make ${shortAddress(after.owner)} the owner of ${name}.`);
    } else if (
      after.delegate !== null &&
      after.delegate !== (before?.delegate ?? null) &&
      after.delegate !== user
    ) {
      problems.push(
        `It would allow ${shortAddress(after.delegate)} to spend from ${name} (an approval), at any time later.`,
      );
    } else if (
      after.closeAuthority !== null &&
      after.closeAuthority !== (before?.closeAuthority ?? null) &&
      after.closeAuthority !== user
    ) {
      problems.push(
        `It would give the right to close ${name} to ${shortAddress(after.closeAuthority)}.`,
      );
    }
  }
  const account = facts.post.get(user);
  if (account && account.programOwner !== SYSTEM_PROGRAM) {
    problems.push(
      `It would hand your wallet account itself to the program ${shortAddress(account.programOwner)}.`,
    );
  }
  return problems;
}

/** No approval, authority change or close of the user's accounts in someone else's favour. */
export function authorityRule(facts: ReviewFacts): GuardVerdict {
  const problems: string[] = [];
  const flagged = new Set<string>();
  const mine = (address: string) => isUserAccount(facts, address);
  for (const { decoded } of facts.instructions) {
    if (decoded.kind === 'tokenApprove' && (mine(decoded.source) || decoded.owner === facts.user)) {
      if (decoded.delegate !== facts.user) {
        flagged.add(decoded.source);
        problems.push(
          `It would allow ${shortAddress(decoded.delegate)} to spend ${tokenName(mintOf(facts, decoded.source), facts.tokens)} from your account ${shortAddress(decoded.source)} (an approval), at any time later.`,
        );
      }
    }
    if (
      decoded.kind === 'tokenSetAuthority' &&
      (mine(decoded.account) || decoded.currentAuthority === facts.user) &&
      decoded.newAuthority !== facts.user &&
      !(decoded.authorityType === 'CloseAccount' && decoded.newAuthority === null)
    ) {
      flagged.add(decoded.account);
      const who = decoded.newAuthority === null ? 'nobody' : shortAddress(decoded.newAuthority);
      const what =
        decoded.authorityType === 'AccountOwner'
          ? 'ownership of'
          : decoded.authorityType === 'CloseAccount'
            ? 'the right to close'
            : `the ${decoded.authorityType} authority of`;
      problems.push(
        `It would give ${what} your ${tokenName(mintOf(facts, decoded.account), facts.tokens)} account ${shortAddress(decoded.account)} to ${who}.`,
      );
    }
    if (
      decoded.kind === 'tokenCloseAccount' &&
      (mine(decoded.account) || decoded.owner === facts.user) &&
      !mine(decoded.destination)
    ) {
      flagged.add(decoded.account);
      problems.push(
        `It would close your ${tokenName(mintOf(facts, decoded.account), facts.tokens)} account ${shortAddress(decoded.account)} and send what it holds to ${shortAddress(decoded.destination)}.`,
      );
    }
  }
  problems.push(...postStateProblems(facts, flagged));
  return problems.length === 0
    ? pass(
        'authority',
        'No approval, authority change or close of your accounts in favour of anyone else.',
      )
    : fail('authority', problems);
}
