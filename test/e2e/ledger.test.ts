/**
 * A Ledger account end to end in Chromium (issue 17): the web preview with --ledger-simulator
 * (the sandbox's simulated Solana app, on the Ledger emulator's seed, blind signing allowed)
 * against a real sandbox. Connect Ledger on the Accounts screen, add the account at
 * m/44'/501'/0'/0', fund it with Get test funds, swap and pay an invoice with it (Confirm on
 * your Ledger with the message hash shown, then Confirmed), and see the words for blind
 * signing off and for a rejection on the device. The simulated person at the device is set
 * through the preview's `ledger-simulator.json` (main/sandbox/ledger-device/simulator-settings.ts).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mnemonicToSeedSync } from '@scure/bip39';
import { Connection, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ReviewTicketView } from '../../preload/api-types';
import { EMULATOR_SEED_PHRASE } from '../../main/sandbox/ledger-device/simulated-solana-app';
import {
  SIMULATOR_SETTINGS_FILE,
  type SimulatorSettings,
} from '../../main/sandbox/ledger-device/simulator-settings';
import { slip10Derive } from '../../main/vault/slip10';
import { usePreviewSession } from '../harness/e2e-session';
import { startPreview } from '../harness/preview';
import { listAccounts, screenshot, createWallet } from './onboarding-helpers';
import {
  ataOf,
  clickForTicket,
  latestAnswer,
  payeeWithAccount,
  shownPlan,
  tokenBalance,
} from './pay-helpers';
import { enterAmount, reviewSwap, USDC_MINT } from './swap-helpers';
import type { PaymentPlanView } from '../../preload/api-types';

const PATH = "m/44'/501'/0'/0'";
let shots = 0;

/** The address the emulator seed gives at PATH (SLIP-0010), i.e. the device's. */
function emulatorAddress(): string {
  const key = slip10Derive(mnemonicToSeedSync(EMULATOR_SEED_PHRASE), PATH).key;
  return bs58.encode(nacl.sign.keyPair.fromSeed(key).publicKey);
}

/** What the Solana app shows when it blind-signs: base58 of the SHA-256 of the message. */
function deviceHash(ticket: ReviewTicketView): string {
  const message = VersionedTransaction.deserialize(
    Buffer.from(ticket.transactionBase64, 'base64'),
  ).message.serialize();
  return bs58.encode(createHash('sha256').update(message).digest());
}

/** Approves and checks Confirm on your Ledger with the hash, then waits for Confirmed. */
async function approveOnLedger(page: Page, ticket: ReviewTicketView, status: string) {
  // Named by flow and attempt: the same flow may be approved more than once.
  shots += 1;
  await page.getByRole('button', { name: 'Approve and sign' }).click();
  const prompt = page.getByRole('status', { name: 'Ledger' });
  await prompt.getByText('Confirm on your Ledger').waitFor();
  await prompt.getByText(deviceHash(ticket)).waitFor({ timeout: 10_000 });
  await screenshot(page, `ledger-confirm-${shots}-${status.split(' ')[0]!.toLowerCase()}`);
  await page
    .getByRole('status', { name: status })
    .filter({ hasText: /^Confirmed$/ })
    .waitFor({ timeout: 90_000 });
}

describe('Ledger account in Chromium (simulated device)', () => {
  const session = usePreviewSession({
    start: () => startPreview({ args: ['--ledger-simulator'] }),
  });
  const device = (settings: SimulatorSettings) =>
    writeFileSync(
      join(session.preview.dataDir, SIMULATOR_SETTINGS_FILE),
      JSON.stringify({ answerDelayMs: 1000, ...settings }),
    );

  it("connects, adds m/44'/501'/0'/0', swaps and pays with it, and names blind signing off and a rejection", async () => {
    device({});
    const { page } = await session.openApp();
    const connection = new Connection(session.preview.rpcUrl, 'confirmed');
    await createWallet(page);
    await page.getByRole('status', { name: 'Account address' }).waitFor();

    // Connect Ledger: the device's accounts on the three paths; pick the default one.
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('button', { name: 'Connect Ledger' }).click();
    const table = page.getByRole('table', { name: 'Ledger accounts' });
    await table.waitFor({ timeout: 30_000 });
    expect(await table.getByText(emulatorAddress(), { exact: true }).count()).toBe(1);
    await table.getByRole('checkbox', { name: `Add ${PATH}` }).check();
    await table.getByRole('textbox', { name: `Name for ${PATH}` }).fill('My Ledger');
    await screenshot(page, 'ledger-connect');
    await page.getByRole('button', { name: 'Add selected accounts' }).click();
    await page.getByText('Added My Ledger from your Ledger.').waitFor();
    const listed = await listAccounts(page);
    expect(listed.current).toBe(emulatorAddress());
    expect(listed.accounts.find((a) => a.address === emulatorAddress())).toMatchObject({
      kind: 'ledger',
      derivationPath: PATH,
      label: 'My Ledger',
    });

    // Get test funds for the Ledger account.
    await page.getByRole('link', { name: 'Wallet' }).click();
    await page.getByRole('button', { name: 'Get test funds' }).click();
    await page.getByText('Test funds received.').waitFor({ timeout: 60_000 });

    // A swap signed on the device.
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('heading', { name: 'Swap', level: 1 }).waitFor();
    await enterAmount(page, '0.5');
    const swap = await reviewSwap(page);
    expect(swap.report.feePayer).toBe(emulatorAddress());
    await approveOnLedger(page, swap, 'Swap status');

    // An invoice paid with it.
    const plans = latestAnswer<PaymentPlanView>(page, 'pay.quote');
    const merchant = await payeeWithAccount(session.preview.rpcUrl, USDC_MINT);
    await page.getByRole('link', { name: 'Pay' }).click();
    await page
      .getByRole('textbox', { name: 'Payment request' })
      .fill(`solana:${merchant}?amount=2.5&spl-token=${USDC_MINT}&label=Books`);
    await shownPlan(page, plans);
    const payment = await clickForTicket(page, 'Review payment', 'pay.review');
    await approveOnLedger(page, payment, 'Payment status');
    expect(await tokenBalance(connection, ataOf(merchant, USDC_MINT))).toBe(2_500_001n);

    // Blind signing off in the Solana app: the swap is refused with how to turn it on.
    device({ blindSigning: false });
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('heading', { name: 'Swap', level: 1 }).waitFor();
    // The confirmed swap is still shown: start a new one.
    await page.getByRole('button', { name: 'New swap' }).click();
    await enterAmount(page, '0.1');
    const third = await reviewSwap(page);
    await page.getByRole('button', { name: 'Approve and sign' }).click();
    const blind = page.getByRole('alert').filter({ hasText: 'Allow blind signing' });
    await blind.waitFor({ timeout: 30_000 });
    expect(await blind.textContent()).toMatch(/Nothing was signed/);
    await screenshot(page, 'ledger-blind-signing-off');

    // Blind signing turned on, then rejected on the device: the same review is approved again
    // (nothing was signed, the ticket stands until it expires).
    device({ answer: 'reject' });
    await page.getByRole('button', { name: 'Approve and sign' }).click();
    await page
      .getByRole('status', { name: 'Ledger' })
      .getByText('Confirm on your Ledger')
      .waitFor();
    const rejected = page
      .getByRole('alert')
      .filter({ hasText: 'You rejected the transaction on your Ledger' });
    await rejected.waitFor({ timeout: 30_000 });
    await screenshot(page, 'ledger-rejected');

    // Approved on the device this time: the same ticket is signed and confirmed.
    device({});
    await approveOnLedger(page, third, 'Swap status');
  });
});
