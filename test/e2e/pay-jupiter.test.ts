/**
 * ExactOut through Jupiter's program end to end in Chromium (issue 33): a person holding only
 * SOL pays a USDC invoice on the web preview, whose sandbox runs Jupiter's mainnet binary (a
 * test fixture, test/fixtures/programs/jupiter-v6/PROVENANCE.md) beside Raydium AMM v4's and
 * CLMM's mainnet binaries (resources/programs/raydium-*, PROVENANCE.md). The invoice is an exact amount,
 * so the swap is ExactOut, which Jupiter's program runs only over a venue it can run backwards:
 * its route is one `exact_out_route` over AMM v4 or CLMM. The review names Jupiter and the
 * venue, the transaction lands, the merchant checks the payment as a real shop does with
 * @solana/pay's findReference and validateTransfer (its SPEC.md "Reference"; the payment is a
 * v0 transaction, which @solana/pay 0.2.6 reads only through merchant-check.ts), and the ledger
 * shows Jupiter's program at the top level and exactly the invoice arriving.
 */
import { findReference, validateTransfer } from '@solana/pay';
import { Connection, Keypair, PublicKey, type TokenBalance } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlanView } from '../../preload/api-types';
import { usePreviewSession } from '../harness/e2e-session';
import { API_SHAPES } from '../harness/api-shapes';
import { startPreview } from '../harness/preview';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import { screenshot } from './onboarding-helpers';
import { USDC_MINT } from './swap-helpers';
import { v0ReadingConnection } from './merchant-check';
import {
  approveAndWait,
  ataOf,
  clickForTicket,
  createSolOnlyAccount,
  latestAnswer,
  payeeWithAccount,
  shownPlan,
  tokenBalance,
} from './pay-helpers';

const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const AMM_V4 = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
const CLMM = 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK';

let connection: Connection;

describe.each(API_SHAPES)(
  "an invoice paid exactly through Jupiter's program in Chromium, swap API $name",
  ({ previewArgs }) => {
    // The program is named here, not left to the run's default: this suite is about it.
    const session = usePreviewSession({
      start: () =>
        startPreview({ args: [...previewArgs, '--jupiter-program', JUPITER_PROGRAM_FIXTURE] }),
    });
    beforeAll(() => {
      connection = new Connection(session.preview.rpcUrl, 'confirmed');
    });

    it('reviews Jupiter over Raydium AMM v4 or CLMM, lands, and the merchant validates exactly 12.5 USDC', async () => {
      const app = await session.openApp();
      const { page } = app;
      const plans = latestAnswer<PaymentPlanView>(page, 'pay.quote');
      await createSolOnlyAccount(page, connection);
      // A merchant whose USDC account exists (the sandbox faucet opens it with 1 base unit).
      const merchant = new PublicKey(await payeeWithAccount(session.preview.rpcUrl, USDC_MINT));
      const merchantUsdc = ataOf(merchant.toBase58(), USDC_MINT);
      const reference = Keypair.generate().publicKey;
      const memo = 'Invoice JUP-33';

      await page.getByRole('link', { name: 'Pay' }).click();
      await page
        .getByRole('textbox', { name: 'Payment request' })
        .fill(
          `solana:${merchant.toBase58()}?amount=12.5&spl-token=${USDC_MINT}` +
            `&reference=${reference.toBase58()}&label=Books&memo=${encodeURIComponent(memo)}`,
        );
      const plan = await shownPlan(page, plans);
      expect(plan.kind).toBe('swap');
      expect(plan.amount).toBe('12500000');

      const ticket = await clickForTicket(page, 'Review payment', 'pay.review');
      expect(ticket.report.refusals).toEqual([]);
      // The review names Jupiter's program and the venue its route runs through, backwards.
      const jupiter = ticket.report.instructions.filter((ix) => ix.programId === JUPITER);
      expect(jupiter).toHaveLength(1);
      const shown = page.getByRole('list', { name: 'Instructions' }).getByRole('listitem');
      const line = shown.filter({ hasText: '(exact_out_route)' });
      await line.waitFor();
      const words = (await line.textContent()) ?? '';
      // Both venues Jupiter runs backwards may carry it (issue 33): the deeper one wins.
      const venue = /Jupiter route: Raydium (AMM v4|CLMM) SOL → USDC, 100%/.exec(words)?.[1];
      expect(venue).toBeDefined();
      expect(words).toContain('Jupiter');
      expect(words).toMatch(/taking at most [\d.]+ SOL/);
      await screenshot(page, 'pay-jupiter-review');

      await approveAndWait(page, 'Payment status');
      const signature =
        (await page.getByLabel('Signature', { exact: true }).textContent({ timeout: 30_000 })) ??
        '';
      await screenshot(page, 'pay-jupiter-paid');

      // The merchant's own check, as a real shop makes it: found by its reference, then
      // validateTransfer. The payment is a v0 transaction (its route's accounts come from
      // lookup tables), which @solana/pay 0.2.6 cannot read on its own (merchant-check.ts).
      const found = await findReference(connection, reference, { finality: 'confirmed' });
      expect(found.signature).toBe(signature);
      const fields = {
        recipient: merchant,
        amount: new BigNumber('12.5'),
        splToken: new PublicKey(USDC_MINT),
        reference,
        memo,
      };
      await expect(
        validateTransfer(connection, found.signature, fields, { commitment: 'confirmed' }),
      ).rejects.toThrow(/Transaction version \(0\) is not supported/);
      const checked = await validateTransfer(
        v0ReadingConnection(connection),
        found.signature,
        fields,
        { commitment: 'confirmed' },
      );
      expect(checked.meta?.err).toBeNull();
      // The same rules refuse what is not the invoice: a cent more than arrived.
      await expect(
        validateTransfer(
          v0ReadingConnection(connection),
          found.signature,
          { ...fields, amount: new BigNumber('12.51') },
          { commitment: 'confirmed' },
        ),
      ).rejects.toThrow('amount not transferred');

      // The ledger: Jupiter at the top (the venue only inside it), ExactOut, one signer, and
      // exactly the invoice arriving in the merchant's account.
      const tx = await connection.getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      });
      expect(tx?.meta?.err).toBeNull();
      const keys = tx!.transaction.message.getAccountKeys({
        accountKeysFromLookups: tx!.meta?.loadedAddresses,
      });
      const top = tx!.transaction.message.compiledInstructions.map((ix) =>
        keys.get(ix.programIdIndex)?.toBase58(),
      );
      expect(top.filter((id) => id === JUPITER)).toHaveLength(1);
      expect(top).not.toContain(AMM_V4);
      expect(top).not.toContain(CLMM);
      const logs = tx!.meta?.logMessages ?? [];
      expect(logs).toContain('Program log: Instruction: ExactOutRoute');
      expect(logs).toContain(`Program ${venue === 'CLMM' ? CLMM : AMM_V4} invoke [2]`);
      expect(tx!.transaction.signatures).toHaveLength(1);
      const balanceOf = (list: TokenBalance[] | null | undefined) =>
        BigInt(
          list?.find((b) => keys.get(b.accountIndex)?.toBase58() === merchantUsdc)?.uiTokenAmount
            .amount ?? '0',
        );
      expect(balanceOf(tx!.meta!.postTokenBalances) - balanceOf(tx!.meta!.preTokenBalances)).toBe(
        12_500_000n,
      );
      expect(await tokenBalance(connection, merchantUsdc)).toBe(12_500_001n);
    });
  },
);
