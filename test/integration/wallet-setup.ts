/**
 * The first account of an integration test's wallet, made as onboarding makes it (issue 24):
 * a password, a new recovery phrase, three of its words checked. Through whatever `call` the
 * suite has for the bridge (the registry, the preview's loopback HTTP).
 */
import type { AccountSummary } from '../../preload/api-types';
import { recordSecret } from '../harness/secrets-log';

/** The password the integration suites set (recorded for the leak check). */
export const ITEST_PASSWORD = 'integration only: tidal compass 31';
recordSecret('password', ITEST_PASSWORD);

type Call = (method: never, request: never) => Promise<unknown>;

/** Sets the password (unless the wallet has one) and adds account 1 of a new phrase. */
export async function firstAccount(call: Call, label?: string): Promise<AccountSummary> {
  const bridge = call as unknown as (method: string, request: unknown) => Promise<unknown>;
  const status = (await bridge('lock.status', {})) as { state: string };
  if (status.state === 'new') {
    await bridge('lock.setPassword', { password: ITEST_PASSWORD, confirm: ITEST_PASSWORD });
  }
  const { draft, words } = (await bridge('accounts.beginPhrase', { words: 12 })) as {
    draft: string;
    words: string[];
  };
  recordSecret('recovery-phrase', words.join(' '));
  const answers = [2, 5, 9].map((position) => ({ position, word: words[position - 1] }));
  return (await bridge('accounts.confirmPhrase', {
    draft,
    answers,
    ...(label !== undefined ? { label } : {}),
  })) as AccountSummary;
}

/** Unlocks a wallet that starts locked (a restart) with the suites' password. */
export async function unlock(call: Call): Promise<void> {
  const bridge = call as unknown as (method: string, request: unknown) => Promise<unknown>;
  await bridge('lock.unlock', { password: ITEST_PASSWORD });
}
