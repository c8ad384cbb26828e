/**
 * The moves the instructions spell out at the top level: token transfers (with their mint and
 * whether the user pays them) and SOL leaving the user's system account. Classifies each
 * recipient as part of the swap (the user's own accounts, the signing counterparty's accounts,
 * the expected destination) or a third party; the guard rules decide what third parties may get.
 *
 * On mainnet the swap program moves tokens inside its own instruction, where these top-level
 * views see nothing; there the balance rules (guard-balances.ts) do the bounding.
 */
import type { Address } from '../shared/address';
import { counterpartyOf } from './counterparty';
import { feeConfigured, isUserAccount, mintOf, type ReviewFacts } from './facts';

export interface TokenFlow {
  instruction: number;
  source: string;
  destination: string;
  mint: string | null;
  amount: bigint;
  /** The user's account pays it, or the user signs it as authority. */
  userSourced: boolean;
  /** The recipient is not part of the swap. */
  thirdParty: boolean;
  /** A third-party move that the configured platform fee may explain (fee mint, fee set). */
  feeCandidate: boolean;
  /** Set when the recipient came from a lookup table. */
  recipientTable: string | null;
}

export interface SolFlow {
  instruction: number;
  to: string;
  lamports: bigint;
}

/** The configured fee account's mint, or null (no fee configured, or it does not exist). */
export function feeMint(facts: ReviewFacts): string | null {
  if (!feeConfigured(facts.intent) || facts.intent.feeAccount === null) return null;
  return mintOf(facts, facts.intent.feeAccount);
}

function tableOf(facts: ReviewFacts, address: string): string | null {
  return facts.message.accounts.find((a) => a.address === address)?.fromLookupTable ?? null;
}

/**
 * A payment from the payer's own account to the payee's (issue 5) is what the person asked
 * for: its amount is bounded by the output rule (the payee gains exactly the amount) and its
 * shape by the payment rule (guard-payment.ts).
 */
function isPayeeTransfer(facts: ReviewFacts, destination: string): boolean {
  const payment = facts.intent.payment;
  return (
    payment?.kind === 'transfer' &&
    payment.throughPayer &&
    destination === payment.payeeTokenAccount
  );
}

/**
 * The person pays a counterparty only its leg of the quoted route: the input token, or the
 * input of a route leg whose output that counterparty pays them in this transaction (the
 * sandbox market maker's hop after a CP-Swap hop: the person's USDC for its PDLG, issue 21).
 * Any other token of theirs reaching a counterparty's account is a gift to whoever signed. How
 * much may go is the balance rules' business: a middle token paid on beyond what the first hop
 * brought makes its balance drop, which the other-tokens rule refuses.
 */
function isCounterpartyLeg(
  facts: ReviewFacts,
  destination: string,
  mint: Address | null,
  userSourced: boolean,
): boolean {
  const counterparty = counterpartyOf(facts, destination);
  if (counterparty === null) return false;
  if (!userSourced || mint === facts.intent.inputMint) return true;
  return (facts.intent.routeLegs ?? []).some(
    (leg) => leg.inputMint === mint && counterparty.pays.has(leg.outputMint),
  );
}

/** Every top-level token transfer, classified. */
export function tokenFlows(facts: ReviewFacts): TokenFlow[] {
  const fees = feeMint(facts);
  const flows: TokenFlow[] = [];
  for (const { index, decoded } of facts.instructions) {
    if (decoded.kind !== 'tokenTransfer') continue;
    const userSourced = isUserAccount(facts, decoded.source) || decoded.authority === facts.user;
    const mint =
      decoded.mint ?? mintOf(facts, decoded.source) ?? mintOf(facts, decoded.destination);
    const counterpartyLeg = isCounterpartyLeg(facts, decoded.destination, mint, userSourced);
    // A swap program pays the person's own account; an output-side fee is then theirs to pay
    // and the rest theirs to forward to the destination they chose (Raydium CP-Swap called
    // directly, with no aggregator to take the fee in flight).
    const forwarded =
      userSourced &&
      facts.intent.destinationTokenAccount !== null &&
      decoded.destination === facts.expectedDestination &&
      mint === facts.intent.outputMint;
    const partOfSwap =
      isUserAccount(facts, decoded.destination) ||
      counterpartyLeg ||
      (!userSourced && decoded.destination === facts.expectedDestination) ||
      forwarded ||
      isPayeeTransfer(facts, decoded.destination);
    flows.push({
      instruction: index,
      source: decoded.source,
      destination: decoded.destination,
      mint,
      amount: decoded.amount,
      userSourced,
      thirdParty: !partOfSwap,
      feeCandidate: !partOfSwap && fees !== null && mint === fees,
      recipientTable: tableOf(facts, decoded.destination),
    });
  }
  return flows;
}

/**
 * A SOL payment to the recipient wallet (issue 5, a request without spl-token): what the person
 * asked for; the payment rule checks it is the last instruction and that the recipient gains
 * exactly the amount, the input-spend rule bounds what it costs.
 */
function isNativePayeeTransfer(facts: ReviewFacts, to: string): boolean {
  const payment = facts.intent.payment;
  return (
    payment?.kind === 'transfer' && payment.native === true && to === payment.payeeTokenAccount
  );
}

/** SOL the user's system account sends to accounts that are not the user's (top level). */
export function solToOthers(facts: ReviewFacts): SolFlow[] {
  const flows: SolFlow[] = [];
  for (const { index, decoded } of facts.instructions) {
    if (decoded.kind === 'systemTransfer' && decoded.from === facts.user) {
      if (!isUserAccount(facts, decoded.to) && !isNativePayeeTransfer(facts, decoded.to)) {
        flows.push({ instruction: index, to: decoded.to, lamports: decoded.lamports });
      }
    }
    if (decoded.kind === 'systemCreateAccount' && decoded.from === facts.user) {
      if (!isUserAccount(facts, decoded.newAccount)) {
        flows.push({ instruction: index, to: decoded.newAccount, lamports: decoded.lamports });
      }
    }
  }
  return flows;
}

/** SOL to the network's published tip accounts (service-terms.ts). */
export function tipFlows(facts: ReviewFacts): SolFlow[] {
  return solToOthers(facts).filter((flow) => facts.terms.tipAccounts.has(flow.to));
}

/** What the user may send a tip account: the priority cap minus the compute-unit fee. */
export function tipAllowance(facts: ReviewFacts): bigint {
  const { priorityLamports, paidByYou } = facts.networkFee;
  const left = facts.intent.maxPriorityFeeLamports - (paidByYou ? priorityLamports : 0n);
  return left > 0n ? left : 0n;
}

/** SOL counted as a tip: all that goes to tip accounts when within the allowance, else none. */
export function tipsPaid(facts: ReviewFacts): bigint {
  const total = tipFlows(facts).reduce((sum, flow) => sum + flow.lamports, 0n);
  return total <= tipAllowance(facts) ? total : 0n;
}
