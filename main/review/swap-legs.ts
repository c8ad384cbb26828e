/**
 * The swap instructions of a transaction as legs with the bounds their programs enforce on
 * chain (decode-cp-swap.ts, decode-amm-v4.ts, decode-clmm.ts, decode-jupiter.ts), and what those bounds guarantee at the route's
 * ends: per holder and mint, the worst change the chain allows when the transaction lands,
 * whatever anyone else traded between the review and then. Fixed top-level token transfers
 * (a fee leg, a forward to the destination, a market maker's fill) count with their amounts.
 *
 * Worst case per leg: an ExactIn leg takes exactly its input and pays at least its minimum; an
 * ExactOut leg takes at most its maximum and pays exactly its output.
 */
import { isUserAccount, mintOf, type ReviewFacts } from './facts';
import type { DecodedInstruction } from './types';

export interface SwapLeg {
  instruction: number;
  /** 'Raydium CP-Swap swap_base_input', 'Jupiter v6 route_v2', ... */
  label: string;
  swapMode: 'ExactIn' | 'ExactOut';
  source: string;
  destination: string;
  inputMint: string | null;
  outputMint: string | null;
  /** The most the leg takes from `source`; null when measured on chain (a token ledger). */
  maxIn: bigint | null;
  /** The least the leg pays into `destination`. */
  minOut: bigint;
}

/** The swap legs of the transaction, in order. */
export function swapLegs(facts: ReviewFacts): SwapLeg[] {
  return facts.instructions.flatMap(({ index, programName, decoded }) => {
    const leg = legOf(index, programName, decoded);
    return leg === null ? [] : [leg];
  });
}

/** A leg's place, its label (the program and instruction name), mode and accounts. */
function namedLeg(
  index: number,
  program: string,
  decoded: Pick<SwapLeg, 'swapMode' | 'source' | 'destination'> & { name: string },
): Pick<SwapLeg, 'instruction' | 'label' | 'swapMode' | 'source' | 'destination'> {
  return {
    instruction: index,
    label: `${program} ${decoded.name}`,
    swapMode: decoded.swapMode,
    source: decoded.source,
    destination: decoded.destination,
  };
}

function legOf(index: number, program: string, decoded: DecodedInstruction): SwapLeg | null {
  if (decoded.kind === 'cpSwap' || decoded.kind === 'clmmSwap' || decoded.kind === 'ammV4Swap') {
    // AMM v4's accounts name no mint: worstCase reads them from the accounts (null here).
    const mints =
      decoded.kind === 'ammV4Swap'
        ? { inputMint: null, outputMint: null }
        : { inputMint: decoded.inputMint, outputMint: decoded.outputMint };
    return {
      ...namedLeg(index, program, decoded),
      ...mints,
      maxIn: decoded.maxIn,
      minOut: decoded.minOut,
    };
  }
  if (decoded.kind === 'jupiterzFill') {
    // Fixed both ways: exactly the input leaves, exactly the output arrives, or it fails.
    return {
      instruction: index,
      label: `${program} fill`,
      swapMode: 'ExactIn',
      source: decoded.takerInput ?? decoded.taker,
      destination: decoded.takerOutput ?? decoded.taker,
      inputMint: decoded.inputMint,
      outputMint: decoded.outputMint,
      maxIn: decoded.inputAmount,
      minOut: decoded.outputAmount,
    };
  }
  if (decoded.kind === 'jupiterRoute') {
    const exactIn = decoded.swapMode === 'ExactIn';
    return {
      ...namedLeg(index, program, decoded),
      inputMint: decoded.sourceMint,
      outputMint: decoded.destinationMint,
      maxIn: exactIn ? decoded.amount : decoded.bound,
      minOut: exactIn ? decoded.bound : (decoded.amount ?? 0n),
    };
  }
  return null;
}

/** Worst-case changes the chain allows: the person's by mint, and each other account's. */
export interface WorstCase {
  /** The person's holdings by mint (every token account of theirs the legs touch). */
  user: Map<string, bigint>;
  /** Other accounts (the destination, a payee) by address. */
  accounts: Map<string, bigint>;
  /** Mints whose input is measured on chain (token-ledger routes): no input bound to read. */
  unmeasured: Set<string>;
}

/**
 * What the legs and fixed transfers guarantee when the transaction lands: for each of the
 * person's mints, inflows at their minimum less outflows at their maximum.
 */
export function worstCase(facts: ReviewFacts, legs: readonly SwapLeg[]): WorstCase {
  const result: WorstCase = { user: new Map(), accounts: new Map(), unmeasured: new Set() };
  const add = (account: string, mint: string | null, amount: bigint) => {
    if (isUserAccount(facts, account)) {
      const key = mint ?? mintOf(facts, account) ?? account;
      result.user.set(key, (result.user.get(key) ?? 0n) + amount);
    } else {
      result.accounts.set(account, (result.accounts.get(account) ?? 0n) + amount);
    }
  };
  for (const leg of legs) {
    const inputMint = leg.inputMint ?? mintOf(facts, leg.source);
    if (leg.maxIn === null) {
      if (inputMint !== null) result.unmeasured.add(inputMint);
    } else {
      add(leg.source, inputMint, -leg.maxIn);
    }
    add(leg.destination, leg.outputMint ?? mintOf(facts, leg.destination), leg.minOut);
  }
  for (const { decoded } of facts.instructions) {
    if (decoded.kind !== 'tokenTransfer' || decoded.amount === 0n) continue;
    const mint =
      decoded.mint ?? mintOf(facts, decoded.source) ?? mintOf(facts, decoded.destination);
    const fromUser = isUserAccount(facts, decoded.source);
    const toUser = isUserAccount(facts, decoded.destination);
    // Between two of the person's own accounts nothing is gained or lost; from outside to
    // outside (a market maker paying a payee) only the receiving side matters.
    if (fromUser && toUser) continue;
    if (fromUser) add(decoded.source, mint, -decoded.amount);
    add(decoded.destination, mint, decoded.amount);
  }
  return result;
}

/** What the person holds of `mint`, before, in the accounts the transaction names. */
export function heldBefore(facts: ReviewFacts, mint: string): bigint {
  let held = 0n;
  for (const account of facts.message.accounts) {
    const token = facts.pre.get(account.address)?.token;
    if (token && token.owner === facts.user && token.mint === mint) held += token.amount;
  }
  return held;
}
