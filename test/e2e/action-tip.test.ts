/**
 * A Solana Action in Chromium on the web preview (issue 34 point 5): a person holding USDC
 * opens the sandbox merchant's "Tip the barista" from the Pay screen (its page, mapped by the
 * shop's actions.json), sees the action as main read it and that it is unverified, is stopped
 * by the form when the tip is outside the action's pattern, tips 2.5 USDC through a review of
 * the action's transaction, and follows the chain's next action once it is confirmed (the
 * shop's callback checks the tip with @solana/pay's validateTransfer; Solana Actions spec,
 * packages/actions-spec/README.md "Action Chaining").
 */
import { Connection } from '@solana/web3.js';
import { beforeAll, describe, it } from 'vitest';
import { usePreviewSession } from '../harness/e2e-session';
import { startPreview } from '../harness/preview';
import {
  approveAndExpectMerchantPaid,
  expectCheckedIcon,
  openPayScreen,
  reviewNoRefusals,
} from './merchant-steps';
import { screenshot } from './onboarding-helpers';
import { createSolOnlyAccount, fundFromFaucet } from './pay-helpers';
import { USDC_MINT } from './swap-helpers';

let connection: Connection;

describe('a Solana Action in Chromium', () => {
  const session = usePreviewSession({ start: () => startPreview({ args: [] }) });
  beforeAll(() => {
    connection = new Connection(session.preview.rpcUrl, 'confirmed');
  });

  it('tips the sandbox barista 2.5 USDC and follows the action to its completed step', async () => {
    const { page } = await session.openApp();
    const payer = await createSolOnlyAccount(page, connection);
    await fundFromFaucet(session.preview.rpcUrl, payer, USDC_MINT, 10_000_000n);

    await openPayScreen(page);
    await page.getByRole('button', { name: 'Tip the barista (a Solana Action)' }).click();
    await page.getByRole('heading', { name: 'Sandbox Coffee' }).waitFor({ timeout: 30_000 });
    await page.getByText(/^This action is unverified: Swapdesk cannot reach a registry/).waitFor();
    await expectCheckedIcon(page);

    // The form stops a tip outside the action's pattern before anything is sent.
    const amount = page.getByLabel('Tip in USDC (required)');
    await amount.fill('2.1234567');
    await page.getByRole('button', { name: 'Tip the barista', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: '"Tip in USDC" is not in the form asked: An amount of USDC' })
      .waitFor();

    await amount.fill('2.5');
    const domain = new URL(session.preview.rpcUrl).host;
    await reviewNoRefusals(page, 'action.review', 'Tip the barista', domain);
    await page.getByText('Thank you for tipping 2.5 USDC!').waitFor();
    await page.getByRole('heading', { name: 'Your balance changes' }).waitFor();
    await screenshot(page, 'action-review');

    await approveAndExpectMerchantPaid(page, connection);

    // The chain: the shop's callback validates the tip and answers the completed action.
    await page.getByRole('button', { name: 'Continue with the action' }).click();
    await page.getByText('Your tip of 2.5 USDC landed. The barista thanks you!').waitFor({
      timeout: 30_000,
    });
    await page.getByText('Tipped: this action is complete.').waitFor();
    await screenshot(page, 'action-completed');
  });
});
