/**
 * The swap's counterparties (issues 21, 22, 32): those who pay the person their side of the
 * quoted route in this very transaction, and so may take the person's input (or the input of a
 * route leg whose output they pay, flows.ts). Paying something is not enough: a co-signer that
 * pays the person one base unit of the output token and takes their whole input is a stranger
 * (issue 32). A party earns the name only for a token in which what it pays the person covers
 * the least the person accepted for that fill (acceptedMinimum); anything less, or another
 * token, leaves it a stranger, and the rules that refuse it say what it pays against what the
 * person accepted (payoutShortfall).
 */
import type { Address } from '../shared/address';
import { isUserAccount, mintOf, signsFor, walletOwnerOf, type ReviewFacts } from './facts';
import type { ReviewedInstruction } from './types';
import { formatToken, tokenName } from './words';

/** What each payer pays the person in this transaction: base units by mint (null: unknown). */
type Payouts = Map<string, Map<Address | null, bigint>>;

/**
 * Everyone who pays the person (or the destination) something here, with how much of which
 * token: a co-signer signing a transfer from an account not the person's (the sandbox's market
 * maker), the maker of a JupiterZ fill whose taker is the person, or the owner of a /swap-
 * instructions escrow the person really empties as delegate.
 */
function payersToPerson(facts: ReviewFacts): Payouts {
  const cosigners = new Set<string>(
    facts.message.signatures
      .filter((entry) => entry.signer !== facts.user && signsFor(facts, entry))
      .map((entry) => entry.signer),
  );
  const payers: Payouts = new Map();
  const pays = (party: string, mint: Address | null, amount: bigint) => {
    const mints = payers.get(party) ?? new Map<Address | null, bigint>();
    mints.set(mint, (mints.get(mint) ?? 0n) + amount);
    payers.set(party, mints);
  };
  const reachesPerson = (to: string) =>
    isUserAccount(facts, to) || to === facts.expectedDestination;
  for (const { decoded } of facts.instructions) {
    // JupiterZ's fill (decode-order-engine.ts): the program pays the taker exactly the output
    // from the maker, both signing.
    if (decoded.kind === 'jupiterzFill') {
      const paysUser =
        decoded.taker === facts.user &&
        decoded.outputAmount > 0n &&
        reachesPerson(decoded.takerOutput ?? decoded.taker);
      if (paysUser && cosigners.has(decoded.maker)) {
        pays(decoded.maker, decoded.outputMint, decoded.outputAmount);
      }
      continue;
    }
    if (decoded.kind !== 'tokenTransfer' || decoded.amount <= 0n) continue;
    if (!reachesPerson(decoded.destination)) continue;
    const mint = decoded.mint ?? mintOf(facts, decoded.source);
    if (cosigners.has(decoded.authority) && !isUserAccount(facts, decoded.source)) {
      pays(decoded.authority, mint, decoded.amount);
      continue;
    }
    // A pre-settled swap (the sandbox's POST /swap-instructions, used by invoices, issue 5):
    // the venue moved its side into an account it owns and made the user its delegate; the
    // user empties it into their own account. That owner pays as a signing venue does.
    if (decoded.authority !== facts.user || isUserAccount(facts, decoded.source)) continue;
    const owner = walletOwnerOf(facts, decoded.source);
    if (owner === null || owner === facts.user) continue;
    if (paysOut(facts, decoded)) pays(owner, mint, decoded.amount);
  }
  return payers;
}

/**
 * True when a delegate transfer really pays the user out of the escrow in this transaction: a
 * positive amount, of the escrow's own mint, into an account of that mint, and the escrow's
 * simulated balance drops by at least that amount. Without this, a zero-amount (or failing)
 * "delegate transfer" from any stranger's account would make that stranger a payer. The
 * escrow's drop is measured rather than the receiving account's gain because an honest invoice
 * forwards the tokens to the payee and a SOL output is unwrapped, both in the same transaction.
 */
function paysOut(
  facts: ReviewFacts,
  transfer: Extract<ReviewedInstruction['decoded'], { kind: 'tokenTransfer' }>,
): boolean {
  if (transfer.amount <= 0n || facts.post === null) return false;
  const before = facts.pre.get(transfer.source)?.token;
  const after = facts.post.get(transfer.source);
  if (!before || (transfer.mint !== undefined && transfer.mint !== before.mint)) return false;
  if (mintOf(facts, transfer.destination) !== before.mint) return false;
  // Not simulated: nothing shows it moved. Closed (null): all of it left.
  const left = after === undefined ? before.amount : (after?.token?.amount ?? 0n);
  return before.amount - left >= transfer.amount;
}

/**
 * The least the person accepted to receive in `mint` from one fill: in the swap's output token,
 * the intent's bound (ExactIn: otherAmountThreshold; ExactOut: the exact amount asked); in the
 * output of a quoted route leg, that leg's own minimum (RouteLeg.minOutAmount, the smallest
 * over the legs paying that token); null for any other token, or a leg with no stated minimum,
 * which no payment covers.
 */
export function acceptedMinimum(facts: ReviewFacts, mint: Address | null): bigint | null {
  const { intent } = facts;
  if (mint === null) return null;
  if (mint === intent.outputMint) {
    return intent.swapMode === 'ExactIn' ? intent.otherAmountThreshold : intent.amount;
  }
  let least: bigint | null = null;
  for (const leg of intent.routeLegs ?? []) {
    if (leg.outputMint !== mint || leg.minOutAmount === undefined) continue;
    if (least === null || leg.minOutAmount < least) least = leg.minOutAmount;
  }
  return least;
}

const covers = (facts: ReviewFacts, mint: Address | null, amount: bigint): boolean => {
  const least = acceptedMinimum(facts, mint);
  return least !== null && amount > 0n && amount >= least;
};

/**
 * Each counterparty with the tokens it pays the person in this transaction, each covering the
 * least the person accepted for that fill (acceptedMinimum). A payer that covers none is a
 * stranger and is left out.
 */
export function counterpartyPayouts(facts: ReviewFacts): Map<string, Set<Address>> {
  const parties = new Map<string, Set<Address>>();
  for (const [party, paid] of payersToPerson(facts)) {
    const mints = new Set<Address>();
    for (const [mint, amount] of paid) {
      if (mint !== null && covers(facts, mint, amount)) mints.add(mint);
    }
    if (mints.size > 0) parties.set(party, mints);
  }
  return parties;
}

/** The swap's counterparties (see counterpartyPayouts). */
export function counterparties(facts: ReviewFacts): Set<string> {
  return new Set(counterpartyPayouts(facts).keys());
}

/** True for accounts owned by a counterparty (see counterpartyPayouts). */
export function isCounterpartyAccount(facts: ReviewFacts, address: string): boolean {
  return counterpartyOf(facts, address) !== null;
}

/** The counterparty that `address` is, or owns it, with the mints it pays; else null. */
export function counterpartyOf(
  facts: ReviewFacts,
  address: string,
): { party: string; pays: ReadonlySet<Address> } | null {
  const owner = walletOwnerOf(facts, address);
  const parties = counterpartyPayouts(facts);
  for (const party of [address, owner]) {
    const pays = party === null ? undefined : parties.get(party);
    if (party !== null && pays !== undefined) return { party, pays };
  }
  return null;
}

/**
 * Why a payer that `address` is (or whose account it is) is no counterparty: what it pays the
 * person against what they accepted, e.g. `{ party, words: "pays you only 0.000001 PDLG, less
 * than the 5 PDLG you accepted" }`. Null when it pays nothing (or is a counterparty).
 */
export function payoutShortfall(
  facts: ReviewFacts,
  address: string,
): { party: string; words: string } | null {
  const payers = payersToPerson(facts);
  const owner = walletOwnerOf(facts, address);
  const party = [address, owner].find((p) => p !== null && payers.has(p));
  if (party === undefined || party === null || counterparties(facts).has(party)) return null;
  const { outputMint } = facts.intent;
  const accepted = acceptedMinimum(facts, outputMint) ?? 0n;
  const parts = [...payers.get(party)!].map(([mint, amount]) => {
    const paid = formatToken(amount, mint, facts.tokens);
    const least = acceptedMinimum(facts, mint);
    if (least !== null) {
      return `${paid}, less than the ${formatToken(least, mint, facts.tokens)} you accepted`;
    }
    return `${paid}, not the ${tokenName(outputMint, facts.tokens)} you accepted (at least ${formatToken(accepted, outputMint, facts.tokens)})`;
  });
  return { party, words: `pays you only ${parts.join(' and ')}` };
}
