/**
 * An invoice paid in SOL through Jupiter's program, as on mainnet (issue 33): the sandbox runs
 * Jupiter's mainnet binary (a test fixture: test/fixtures/programs/jupiter-v6/PROVENANCE.md),
 * so its ExactOut quote for the invoice is routed over Raydium AMM v4 or CLMM, whose steps the
 * program runs backwards, and /swap-instructions answers one `exact_out_route` of the program.
 * The real wallet reviews, signs and sends it on the v6 and the swap/v1 shapes; read back from
 * the ledger: Jupiter at the top, the venue inside, the person the only signer, the merchant credited
 * exactly the invoice, and the wallet's receipt saying so.
 */
import { describe, expect, it } from 'vitest';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import { ataOf, newKey, SOL, USDC, usePaySession } from './pay-helpers';

const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
/** The venues whose steps the program runs backwards: Raydium AMM v4 and Raydium CLMM. */
const VENUES = [
  '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8',
  'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK',
];

for (const shape of ['v6', 'v1'] as const) {
  describe(`an invoice paid in SOL through Jupiter's program (${shape} shape)`, () => {
    const pay = usePaySession(`pay-jupiter-${shape}`, {
      sandboxArgs: [
        '--jupiter-program',
        JUPITER_PROGRAM_FIXTURE,
        ...(shape === 'v1' ? ['--api-shape', 'v1'] : []),
      ],
    });

    it('is one exact_out_route over Raydium AMM v4 or CLMM and pays the merchant exactly', async () => {
      const recipient = await pay.payeeWithAccount(USDC);
      const reference = newKey();
      const text = `solana:${recipient}?amount=12.5&spl-token=${USDC}&reference=${reference}&memo=INV-JUP-${shape}`;
      const plan = await pay.wallet.call('pay.quote', { text, payWithMint: SOL });
      expect(plan).toMatchObject({ kind: 'swap' });
      const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
      expect(ticket.report.refusals).toEqual([]);
      const before = await pay.tokenBalance(ataOf(recipient, USDC));
      const signature = await pay.approveAndConfirm(ticket);
      expect((await pay.tokenBalance(ataOf(recipient, USDC))) - before).toBe(12_500_000n);
      const tx = await pay.landedTransaction(signature);
      const keys = tx.transaction.message.getAccountKeys({
        accountKeysFromLookups: tx.meta?.loadedAddresses,
      });
      const top = tx.transaction.message.compiledInstructions.map((ix) =>
        keys.get(ix.programIdIndex)?.toBase58(),
      );
      expect(top.filter((id) => id === JUPITER)).toHaveLength(1);
      for (const venue of VENUES) expect(top).not.toContain(venue);
      const logs = tx.meta?.logMessages ?? [];
      expect(logs).toContain('Program log: Instruction: ExactOutRoute');
      expect(
        logs.filter((line) => VENUES.some((venue) => line === `Program ${venue} invoke [2]`)),
      ).not.toHaveLength(0);
      expect(tx.transaction.signatures).toHaveLength(1);
      const receipt = await pay.wallet.call('pay.receipt', { signature });
      expect(receipt).toMatchObject({ delivered: '12500000' });
    });
  });
}
