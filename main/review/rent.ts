/**
 * The rent a transaction costs the person: what their own accounts take in (or give back when
 * closed), plus the rent of every other account the transaction creates with the person as
 * the funder (the payee's token account of issue 5, a fee account of issue 6). Those accounts
 * are not the person's, so the balance rows do not show them, yet the SOL leaves the wallet.
 */
import { userDeltas } from './balances';
import { counterparties } from './counterparty';
import { isUserAccount, stateAfter, type ReviewFacts } from './facts';
import { shortAddress } from './words';

/** Accounts the transaction's instructions create with the user paying: address → created. */
export function fundedByUser(facts: ReviewFacts): Set<string> {
  const funded = new Set<string>();
  for (const { decoded } of facts.instructions) {
    if (decoded.kind === 'ataCreate' && decoded.payer === facts.user) funded.add(decoded.account);
    if (decoded.kind === 'systemCreateAccount' && decoded.from === facts.user) {
      funded.add(decoded.newAccount);
    }
  }
  return funded;
}

/**
 * Who funds the rent of an account this transaction creates: the payer its creating instruction
 * names (an `ataCreate` payer, a `SystemProgram.createAccount` source), else the person.
 */
export function rentFunder(facts: ReviewFacts, address: string): string {
  for (const { decoded } of facts.instructions) {
    if (decoded.kind === 'ataCreate' && decoded.account === address) return decoded.payer;
    if (decoded.kind === 'systemCreateAccount' && decoded.newAccount === address) {
      return decoded.from;
    }
  }
  return facts.user;
}

/**
 * Whose SOL the rent of `address` is, in words (issue 32): "your SOL", or another payer's
 * (the swap service's gas payer, the market maker, anyone else) by name, never "your SOL".
 */
export function rentFunderWords(facts: ReviewFacts, address: string): string {
  const funder = rentFunder(facts, address);
  if (funder === facts.user) return 'your SOL';
  if (funder === facts.terms.gasPayer) {
    return `SOL that the swap service's gas payer ${shortAddress(funder)} pays`;
  }
  if (counterparties(facts).has(funder)) {
    return `SOL that the market maker ${shortAddress(funder)} pays`;
  }
  return `SOL that ${shortAddress(funder)} pays`;
}

/**
 * Lamports the user puts into rent in this transaction (net of rent returned by closes of
 * their own accounts); 0 when the simulation failed.
 *
 * @example rentPaid(facts) // 2_039_280n when the payer opens the payee's token account
 */
export function rentPaid(facts: ReviewFacts): bigint {
  const own = userDeltas(facts)?.rentLamports;
  if (own === undefined) return 0n;
  let others = 0n;
  for (const address of fundedByUser(facts)) {
    // The user's own accounts are counted above; an account that existed already cost nothing.
    if (isUserAccount(facts, address) || facts.pre.get(address)) continue;
    others += stateAfter(facts, address)?.lamports ?? 0n;
  }
  return own + others;
}
