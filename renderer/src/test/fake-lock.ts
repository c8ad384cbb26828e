/**
 * The lock and the recovery-phrase methods of the fake bridge (issue 24), for component tests:
 * a password, a phrase drafted and checked, Show recovery phrase and Export secret key, and
 * the lock state. Main's real rules run in main/lock and main/vault tests and end to end.
 */
import type { AccountSummary, LockState, LockStatus } from '../../../preload/api-types';
import type { Result } from '../../../main/shared/result';
import { weaknessOf } from '../../../main/shared/password-strength';

/** The password the fake wallet accepts. */
export const FAKE_PASSWORD = 'fake: amber lantern';
export const FAKE_WORDS =
  'legal winner thank year wave sausage worth useful legal winner thank yellow'.split(' ');

export interface FakeLockState {
  state: LockState;
  autoLockMinutes: 1 | 5 | 15 | 60;
  hasPhrase: boolean;
  waitMs: number;
  drafts: number;
}

export function initialFakeLockState(hasAccounts: boolean): FakeLockState {
  return {
    state: hasAccounts ? 'unlocked' : 'new',
    autoLockMinutes: 15,
    hasPhrase: hasAccounts,
    waitMs: 0,
    drafts: 0,
  };
}

const err = (code: string, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});

export function createFakeLockHandlers(
  lock: FakeLockState,
  add: (account: AccountSummary) => AccountSummary,
  accountOf: (address: string) => AccountSummary | undefined,
  makeAccount: () => AccountSummary,
) {
  const status = (): Result<LockStatus> => ({
    ok: true,
    value: {
      state: lock.state,
      autoLockMinutes: lock.autoLockMinutes,
      waitMs: lock.state === 'locked' ? lock.waitMs : 0,
      hasPhrase: lock.state === 'unlocked' && lock.hasPhrase,
    },
  });
  const newPassword = (req: { password: string; confirm: string }) => {
    if (req.password !== req.confirm)
      return err('WEAK_PASSWORD', 'The two passwords are not the same.');
    const weak = weaknessOf(req.password);
    return weak ? err('WEAK_PASSWORD', `That password is too weak. ${weak}`) : null;
  };
  const wrong = () => err('WRONG_PASSWORD', 'That password does not open this wallet.');
  return {
    'lock.status': status,
    'lock.unlock': (req: { password: string }) => {
      if (req.password !== FAKE_PASSWORD) return wrong();
      lock.state = 'unlocked';
      return status();
    },
    'lock.lock': () => {
      if (lock.state === 'unlocked') lock.state = 'locked';
      return status();
    },
    'lock.touch': status,
    'lock.setPassword': (req: { password: string; confirm: string }) => {
      const refused = newPassword(req);
      if (refused) return refused;
      lock.state = 'unlocked';
      return status();
    },
    'lock.upgrade': (req: { password: string; confirm: string }) => {
      const refused = newPassword(req);
      if (refused) return refused;
      lock.state = 'unlocked';
      return status();
    },
    'lock.changePassword': (req: { current: string; password: string; confirm: string }) => {
      if (req.current !== FAKE_PASSWORD) return wrong();
      return newPassword(req) ?? status();
    },
    'lock.setAutoLock': (req: { minutes: 1 | 5 | 15 | 60 }) => {
      lock.autoLockMinutes = req.minutes;
      return status();
    },
    'lock.restorePlan': () => ({ ok: true as const, value: { keeps: [], loses: [] } }),
    'lock.restore': () => {
      lock.state = 'unlocked';
      return status();
    },
    'accounts.beginPhrase': () => {
      lock.drafts += 1;
      return {
        ok: true as const,
        value: {
          draft: `00000000-0000-4000-8000-00000000000${lock.drafts % 10}`,
          words: FAKE_WORDS,
        },
      };
    },
    'accounts.confirmPhrase': (req: { answers: { position: number; word: string }[] }) => {
      const bad = req.answers.find((a) => FAKE_WORDS[a.position - 1] !== a.word);
      if (bad)
        return err('PHRASE_CHECK_FAILED', `Word ${bad.position} is not word ${bad.position}.`);
      if (lock.state !== 'unlocked') return err('PASSWORD_REQUIRED', 'Choose a password first.');
      lock.hasPhrase = true;
      return { ok: true as const, value: add({ ...makeAccount(), walletPhrase: true }) };
    },
    'accounts.revealPhrase': (req: { password: string }) =>
      req.password === FAKE_PASSWORD
        ? { ok: true as const, value: { words: FAKE_WORDS } }
        : wrong(),
    'accounts.exportSecret': (req: { address: string; password: string }) => {
      if (accountOf(req.address)?.kind === 'ledger') {
        return err('NOTHING_TO_EXPORT', 'A Ledger account has nothing to export.');
      }
      return req.password === FAKE_PASSWORD
        ? { ok: true as const, value: { secretKey: `fake-secret-of-${req.address}` } }
        : wrong();
    },
  };
}
