/**
 * What the swap did for the person, from the simulated post-state: what they spent of the
 * input, what reached them (or the destination), and the SOL the instructions moved. The
 * balance rules (guard-balances.ts) and the fee rule (guard-fee.ts) both judge it.
 */
import { accountGain, lamportGain, userDeltas, type UserDeltas } from './balances';
import type { ReviewFacts } from './facts';
import { tipsPaid } from './flows';
import { NATIVE_MINT } from './program-ids';

export interface Outcome {
  deltas: UserDeltas;
  /** SOL moved by the swap (fees and tips added back). */
  nativeSwap: bigint;
  spend: bigint;
  received: bigint;
}

/** The swap's outcome; null when the simulation failed (there is no post-state). */
export function swapOutcome(facts: ReviewFacts): Outcome | null {
  const deltas = userDeltas(facts);
  if (deltas === null) return null;
  const nativeSwap = deltas.nativeBeforeFees + tipsPaid(facts);
  const change = (mint: string) =>
    mint === NATIVE_MINT ? nativeSwap : (deltas.byMint.get(mint) ?? 0n);
  const { intent } = facts;
  const nativePayment = intent.payment?.kind === 'transfer' && intent.payment.native === true;
  const received =
    intent.destinationTokenAccount === null
      ? change(intent.outputMint)
      : nativePayment
        ? (lamportGain(facts, intent.destinationTokenAccount) ?? 0n)
        : (accountGain(facts, intent.destinationTokenAccount) ?? 0n);
  return { deltas, nativeSwap, spend: -change(intent.inputMint), received };
}
