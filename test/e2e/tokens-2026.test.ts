/**
 * Token-2022 as it is in 2026 (issue 35), end to end in Chromium on the web preview against a
 * real sandbox: an invoice in the scaled token XSTK pays the amount the link asks for in scaled
 * units (the chain moves raw = UI ÷ multiplier, and the review shows both); a payment in HOOK
 * lands with its hook run (read back from the ledger: SPL's transfer-hook example program is an
 * inner instruction of the transfer, and the transfer carries the accounts the chain's
 * ExtraAccountMetaList resolves to); PAUS, paused by its issuer (POST /sandbox/pause), is
 * refused in words on the Swap screen and quoted again once resumed, without a restart.
 */
import { addExtraAccountMetasForExecute, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import {
  Connection,
  Keypair,
  PublicKey,
  TransactionInstruction,
  type VersionedTransactionResponse,
} from '@solana/web3.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlanView } from '../../preload/api-types';
import { usePreviewSession } from '../harness/e2e-session';
import { screenshot } from './onboarding-helpers';
import {
  approveAndWait,
  clickForTicket,
  latestAnswer,
  payeeWithAccount,
  pickTokenNamed,
  shownPlan,
  tokenBalance,
} from './pay-helpers';
import { createFundedAccount, enterAmount, pickToken } from './swap-helpers';

const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';
const PAUS = 'Gvmuxff3JGME8kNLuEy99w1mAkpn4u8GkKkbSDNz4xSK';
const HOOK = '33i3c6DBuswEtqPKVC8SJm2eABXVoihezuXKKjpoxUMc';
const HOOK_PROGRAM = 'CeqVj7SbkceCd7CK3DqpfaF5AR5Fpao2pMNvQSgy2K45';
const PAUSED_WORDS =
  'PAUS is paused by its issuer: the token program refuses every transfer of it until the issuer resumes it. Nothing was built or signed; try again once PAUS is resumed.';

let connection: Connection;

const ata2022 = (owner: string, mint: string) =>
  getAssociatedTokenAddressSync(
    new PublicKey(mint),
    new PublicKey(owner),
    true,
    TOKEN_2022_PROGRAM_ID,
  ).toBase58();

/** The confirmed transaction the receipt names, from the ledger. */
async function landed(signature: string): Promise<VersionedTransactionResponse> {
  const tx = await connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  if (!tx) throw new Error(`${signature} is not on the ledger`);
  expect(tx.meta?.err).toBeNull();
  return tx;
}

describe('Token-2022 in 2026 in Chromium', () => {
  const session = usePreviewSession();
  beforeAll(() => {
    connection = new Connection(session.preview.rpcUrl, 'confirmed');
  });

  // First in the file: XSTK is at 1.5× for the sandbox's first ten minutes (then 3×).
  it('pays an XSTK invoice in scaled units: the chain moves raw = UI ÷ 1.5', async () => {
    const { page } = await session.openApp();
    const plans = latestAnswer<PaymentPlanView>(page, 'pay.quote');
    await createFundedAccount(page);
    const payee = await payeeWithAccount(session.preview.rpcUrl, XSTK);
    const payeeXstk = ata2022(payee, XSTK);

    await page.getByRole('link', { name: 'Pay' }).click();
    await page
      .getByRole('textbox', { name: 'Payment request' })
      .fill(`solana:${payee}?amount=4.5&spl-token=${XSTK}&label=Broker`);
    // 4.5 XSTK at 1.5× is 3 raw XSTK (8 decimals): the panel says both.
    const amount = page.getByRole('status', { name: 'Amount to pay' });
    await amount.filter({ hasText: '4.5 XSTK' }).waitFor({ timeout: 30_000 });
    await page
      .getByText("3 XSTK move on chain at the issuer's 1.5× Scaled UI Amount multiplier")
      .waitFor();
    await pickTokenNamed(page, 'Pay with token', 'XSTK');
    const plan = await shownPlan(page, plans);
    expect(plan.route).toBe('direct-transfer');
    expect(plan.amount).toBe('300000000');
    expect(await page.getByRole('status', { name: 'You pay at most' }).textContent()).toBe(
      '4.5 XSTK',
    );

    const ticket = await clickForTicket(page, 'Review payment', 'pay.review');
    expect(ticket.report.refusals).toEqual([]);
    const mine = ticket.report.balanceChanges.find(
      (c) => c.mint === XSTK && c.owner === ticket.report.feePayer,
    );
    expect(mine?.change).toBe('-300000000');
    // The review reads scaled, names the multiplier, and gives the raw amount beside it.
    const row = page.getByRole('table', { name: 'Your balance changes' }).getByRole('row', {
      name: /XSTK/,
    });
    await row.filter({ hasText: '−4.5 XSTK' }).waitFor();
    expect(await row.textContent()).toContain('3 XSTK on chain at 1.5×');
    await page
      .getByText(/XSTK uses Token-2022's Scaled UI Amount/)
      .first()
      .waitFor();
    await screenshot(page, 'pay-scaled-review');
    await approveAndWait(page, 'Payment status');
    await page.getByRole('status', { name: 'Amount delivered' }).waitFor({ timeout: 30_000 });

    // 3 raw XSTK arrived (on top of the faucet's 1 base unit): 4.5 XSTK as the payee reads it.
    expect(await tokenBalance(connection, payeeXstk)).toBe(300_000_001n);
    const balance = await connection.getTokenAccountBalance(new PublicKey(payeeXstk));
    expect(balance.value.uiAmountString).toBe('4.50000001');
    // The ledger records the payee's balances scaled at the block's time, as a validator does.
    const signature =
      (await page.getByLabel('Signature', { exact: true }).textContent({ timeout: 30_000 })) ?? '';
    const tx = await landed(signature);
    const keys = tx.transaction.message.staticAccountKeys.map((k) => k.toBase58());
    const payeeBalance = tx.meta!.postTokenBalances!.find(
      (b) => keys[b.accountIndex] === payeeXstk,
    );
    expect(payeeBalance?.uiTokenAmount).toMatchObject({
      amount: '300000001',
      uiAmountString: '4.50000001',
    });

    // The issuer's split to 3×: Activity still reads the test funds received before it at
    // the multiplier then in force (1,000 raw XSTK were 1,500 XSTK), not at today's 3×.
    const split = await fetch(`${session.preview.rpcUrl}/sandbox/multiplier`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mint: XSTK, multiplier: 3 }),
    });
    expect(split.status).toBe(200);
    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    const received = page
      .getByRole('list', { name: 'Transactions' })
      .getByRole('listitem')
      .filter({ hasText: 'Received' })
      .filter({ hasText: 'XSTK' });
    await received.first().waitFor({ timeout: 30_000 });
    expect(await received.first().textContent()).toContain(
      '+1,500 XSTK (at the multiplier then in force)',
    );
    await screenshot(page, 'activity-scaled-history');
  });

  it('pays in HOOK with the hook run and its extra accounts on the transfer', async () => {
    const { page } = await session.openApp();
    const plans = latestAnswer<PaymentPlanView>(page, 'pay.quote');
    const payer = await createFundedAccount(page);
    const payee = await payeeWithAccount(session.preview.rpcUrl, HOOK);
    const payeeHook = ata2022(payee, HOOK);
    const reference = Keypair.generate().publicKey.toBase58();

    await page.getByRole('link', { name: 'Pay' }).click();
    await page
      .getByRole('textbox', { name: 'Payment request' })
      .fill(`solana:${payee}?amount=2&spl-token=${HOOK}&reference=${reference}`);
    await page.getByRole('list', { name: 'References' }).getByText(reference).waitFor();
    await pickTokenNamed(page, 'Pay with token', 'HOOK');
    const plan = await shownPlan(page, plans);
    expect(plan.route).toBe('direct-transfer');
    const ticket = await clickForTicket(page, 'Review payment', 'pay.review');
    expect(ticket.report.refusals).toEqual([]);
    // The review names the hook program and that the wallet knows it.
    await page
      .getByText(/which the wallet knows as the SPL transfer-hook example program \(sandbox\)/)
      .first()
      .waitFor();
    await screenshot(page, 'pay-hook-review');
    // A hook is a risk the person acknowledges before Approve works.
    await page.getByRole('checkbox', { name: 'I understand this risk' }).check();
    await approveAndWait(page, 'Payment status');
    const signature =
      (await page.getByLabel('Signature', { exact: true }).textContent({ timeout: 30_000 })) ?? '';

    const tx = await landed(signature);
    const keys = tx.transaction.message.getAccountKeys({
      accountKeysFromLookups: tx.meta!.loadedAddresses,
    });
    const name = (index: number) => keys.get(index)?.toBase58();
    const instructions = tx.transaction.message.compiledInstructions;
    const transferIndex = instructions.findIndex(
      (ix) => name(ix.programIdIndex) === TOKEN_2022_PROGRAM_ID.toBase58(),
    );
    expect(transferIndex).toBeGreaterThanOrEqual(0);
    const transfer = instructions[transferIndex]!;
    expect(transfer.data[0]).toBe(12); // TransferChecked
    expect(Buffer.from(transfer.data).readBigUInt64LE(1)).toBe(2_000_000n);
    // The hook ran: Token-2022 invoked the hook program inside the transfer.
    const inner = tx.meta!.innerInstructions!.find((set) => set.index === transferIndex);
    expect(inner?.instructions.map((ix) => name(ix.programIdIndex))).toContain(HOOK_PROGRAM);
    expect(tx.meta!.logMessages).toContain(
      'Program log: In TransferHookInstruction::Execute, amount: 2000000',
    );
    // Its extra accounts are those the chain's ExtraAccountMetaList resolves to for this
    // transfer, resolved here by @solana/spl-token against the ledger after the fact.
    const accounts = transfer.accountKeyIndexes.map((i) => name(i)!);
    expect(accounts.slice(0, 5)).toEqual([ata2022(payer, HOOK), HOOK, payeeHook, payer, reference]);
    const probe = new TransactionInstruction({
      programId: TOKEN_2022_PROGRAM_ID,
      keys: accounts.slice(0, 4).map((key) => ({
        pubkey: new PublicKey(key),
        isSigner: false,
        isWritable: false,
      })),
      data: Buffer.from(transfer.data),
    });
    await addExtraAccountMetasForExecute(
      connection,
      probe,
      new PublicKey(HOOK_PROGRAM),
      new PublicKey(accounts[0]!),
      new PublicKey(HOOK),
      new PublicKey(payeeHook),
      new PublicKey(payer),
      2_000_000n,
      'confirmed',
    );
    const extras = probe.keys.slice(4).map((k) => k.pubkey.toBase58());
    expect(extras).toHaveLength(4);
    expect(extras).toContain(HOOK_PROGRAM);
    expect(accounts.slice(5)).toEqual(extras);
    expect(await tokenBalance(connection, payeeHook)).toBe(2_000_001n);
  });

  it('refuses a paused PAUS in words on the Swap screen and quotes it again once resumed', async () => {
    const { page } = await session.openApp();
    await createFundedAccount(page);
    await page.getByRole('link', { name: 'Swap' }).click();
    await pickToken(page, 'You pay token', 'PAUS');
    await pickToken(page, 'You receive token', 'USDC');
    await enterAmount(page, '10');

    const setPaused = async (paused: boolean) => {
      const response = await fetch(new URL('/sandbox/pause', session.preview.rpcUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mint: PAUS, paused }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ paused });
    };
    await setPaused(true);
    const amount = page.getByRole('textbox', { name: 'You pay', exact: true });
    await amount.fill('12');
    await page.getByRole('alert').filter({ hasText: PAUSED_WORDS }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Review swap' }).isEnabled()).toBe(false);
    await screenshot(page, 'swap-paused');

    // The issuer resumes: the next quote works, in the same running wallet.
    await setPaused(false);
    await amount.fill('13');
    await page
      .getByRole('button', { name: 'Review swap' })
      .and(page.locator(':enabled'))
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').filter({ hasText: PAUSED_WORDS }).count()).toBe(0);
    await page.getByRole('status', { name: 'You receive' }).waitFor();
  });
});
