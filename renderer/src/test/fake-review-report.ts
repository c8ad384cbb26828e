/**
 * The review report the fake bridge answers for a quote (fake-swap.ts): shaped like main's
 * ReviewReportView, with one swap instruction and the person's two balance changes, accepted
 * unless the test sets refusals.
 */
import type { QuoteView, ReviewReportView, TokenWarningView } from '../../../preload/api-types';
import { FAKE_TOKENS } from './fake-tokens';

/** A review report for a quote: one swap instruction, the user's two balance changes. */
export function reportFor(
  quote: QuoteView,
  owner: string,
  refusals: string[] | null,
  tokenWarnings: TokenWarningView[] = [],
): ReviewReportView {
  const verdicts = [
    { rule: 'fee-payer', ok: true, reason: 'The fee payer is your account.' },
    {
      rule: 'onchain-bound',
      ok: true,
      reason: 'The network refuses this swap if you would receive less than 297 USDC.',
    },
    {
      rule: 'output',
      ok: refusals === null,
      reason: refusals?.[0] ?? 'You receive at least the minimum of the quote.',
    },
  ];
  return {
    accepted: refusals === null,
    verdicts,
    refusals: refusals ?? [],
    format: 'v0',
    messageSha256: 'ab'.repeat(32),
    feePayer: owner,
    recentBlockhash: '11111111111111111111111111111111',
    lastValidBlockHeight: 1000,
    signatures: [{ signer: owner, state: 'missing' }],
    lookupTables: [],
    accounts: [
      { address: owner, signer: true, writable: true, index: 0, fromLookupTable: null },
      {
        address: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
        signer: false,
        writable: false,
        index: 1,
        fromLookupTable: null,
      },
    ],
    instructions: [
      {
        index: 0,
        programId: 'ComputeBudget111111111111111111111111111111',
        programName: 'Compute Budget',
        decoded: { kind: 'setComputeUnitLimit', units: 200000 },
        summary: 'Sets the compute unit limit to 200,000.',
      },
      {
        index: 1,
        programId: 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
        programName: 'Sandbox swap router',
        decoded: { kind: 'route' },
        summary: 'Swaps through the quoted route.',
      },
    ],
    simulation: { ok: true, error: null, reason: null, logs: [], unitsConsumed: 50000 },
    networkFee: {
      signatures: 1,
      baseLamports: '5000',
      computeUnitLimit: 200000,
      computeUnitPriceMicroLamports: '0',
      priorityLamports: '0',
      totalLamports: '5000',
      paidBy: owner,
      paidByYou: true,
    },
    rentLamports: '2039280',
    balanceChanges: [
      {
        account: owner,
        role: 'user',
        mint: quote.inputMint,
        decimals: FAKE_TOKENS.find((t) => t.mint === quote.inputMint)?.decimals ?? null,
        owner,
        before: quote.inAmount,
        after: '0',
        change: `-${quote.inAmount}`,
        created: false,
        closed: false,
      },
      {
        account: owner,
        role: 'destination',
        mint: quote.outputMint,
        decimals: FAKE_TOKENS.find((t) => t.mint === quote.outputMint)?.decimals ?? null,
        owner,
        before: '0',
        after: quote.outAmount,
        change: quote.outAmount,
        created: true,
        closed: false,
      },
    ],
    tokenWarnings,
  };
}
