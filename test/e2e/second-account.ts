/**
 * A second account in the UI, the step the fee suites (fees.test.ts, fees-v2.test.ts) share:
 * the integrator's wallet makes another account, selects it as the current one and gets it
 * test funds, so that a different person swaps and the integrator's fee account earns.
 */
import { expect } from 'vitest';
import { listAccounts, type AppPage } from './onboarding-helpers';

/**
 * Creates an account beside `first` (Accounts, **Create account**), makes it current and funds
 * it (Wallet, **Get test funds**); answers its address.
 */
export async function fundedSecondAccount(page: AppPage['page'], first: string): Promise<string> {
  await page.getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect.poll(async () => (await listAccounts(page)).accounts.length).toBe(2);
  const second = (await listAccounts(page)).accounts.find((a) => a.address !== first)!;
  await page.getByRole('combobox', { name: 'Current account' }).selectOption(second.address);
  await page.getByRole('link', { name: 'Wallet' }).click();
  await page.getByRole('button', { name: 'Get test funds' }).click();
  await page.getByText('Test funds received.').waitFor({ timeout: 60_000 });
  return second.address;
}
