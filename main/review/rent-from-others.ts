/**
 * Rent someone else paid that reaches the person's wallet in the same transaction (issue 32): on
 * a gasless order the service's gas payer opens the person's temporary wSOL account, and when the
 * swap closes it to the person its rent-exempt lamports arrive with the SOL bought. They are the
 * gas payer's money passing through, not what the swap gave the person, so a fee taken from the
 * output is reckoned without them (guard-service-fee.ts).
 */
import { rentExemptMinimum } from './balances';
import type { ReviewFacts } from './facts';
import { TOKEN_PROGRAM } from './program-ids';

/** An SPL Token account's size: a wSOL account's, whose rent the formula needs. */
const TOKEN_ACCOUNT_LEN = 165;

/**
 * Lamports of accounts the transaction opens for the person with another funder and closes to
 * the person before it ends; 0 when there are none.
 *
 * @example rentFromOthers(facts) // 2_039_280n on a gasless USDC → SOL order
 */
export function rentFromOthers(facts: ReviewFacts): bigint {
  const { user } = facts;
  const closedToUser = new Set<string>();
  for (const { decoded } of facts.instructions) {
    if (decoded.kind === 'tokenCloseAccount' && decoded.destination === user) {
      closedToUser.add(decoded.account);
    }
  }
  let total = 0n;
  for (const { decoded } of facts.instructions) {
    // Only an account that did not exist before and is gone after passes its rent through.
    const passes = (account: string) =>
      closedToUser.has(account) && !facts.pre.get(account) && !facts.post?.get(account);
    if (
      decoded.kind === 'ataCreate' &&
      decoded.payer !== user &&
      decoded.owner === user &&
      decoded.tokenProgram === TOKEN_PROGRAM &&
      passes(decoded.account)
    ) {
      total += rentExemptMinimum(TOKEN_ACCOUNT_LEN);
    }
    if (
      decoded.kind === 'systemCreateAccount' &&
      decoded.from !== user &&
      passes(decoded.newAccount)
    ) {
      total += decoded.lamports;
    }
  }
  return total;
}
