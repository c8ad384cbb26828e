/**
 * The lock service (issue 24) with the test's own clock: growing delays after wrong passwords
 * said with the time left, kept across a restart; auto-lock after idle time; lock on demand.
 */
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, firstAccount, openTestVault } from '../../test/fixtures/test-vault';
import { createLockFile } from './lock-file';
import { createLockService } from './lock-service';
import { delayAfter, timeInWords } from './wait-words';
import { rejectionOf } from '../../test/fixtures/wallet-error';

async function setUp() {
  const t = await openTestVault();
  await firstAccount(t.vault);
  let clock = 1_000_000;
  let tick: (() => void) | null = null;
  const start = (vault = t.vault) =>
    createLockService({
      vault,
      file: createLockFile(t.dataDir),
      now: () => clock,
      every: (_ms, check) => {
        tick = check;
        return () => (tick = null);
      },
    });
  return {
    ...t,
    start,
    advance: (ms: number) => {
      clock += ms;
      tick?.();
    },
  };
}

describe('lock service', () => {
  it('waits 30 s after five wrong passwords, then doubling, saying the time left, across a restart', async () => {
    const t = await setUp();
    t.vault.lock();
    const lock = t.start();
    for (let i = 1; i <= 4; i++) {
      const error = await rejectionOf(lock.unlock('wrong password number'));
      expect(error.code).toBe('WRONG_PASSWORD');
    }
    const fifth = await rejectionOf(lock.unlock('wrong password number'));
    expect(fifth.message).toMatch(/Wait 30 seconds before the next try\.$/);
    expect((await lock.status()).waitMs).toBe(30_000);
    t.advance(12_000);
    const early = await rejectionOf(lock.unlock(TEST_PASSWORD)); // even the right one waits
    expect([early.code, early.message]).toEqual([
      'TOO_MANY_TRIES',
      'Too many wrong passwords. Wait 18 seconds before the next try.',
    ]);
    // Starting again does not buy new tries.
    const restarted = t.start(t.reopen());
    expect((await restarted.status()).waitMs).toBe(18_000);
    t.advance(18_000);
    expect((await rejectionOf(restarted.unlock('wrong again here'))).message).toMatch(
      /Wait 1 minute before/,
    );
    t.advance(60_000);
    expect((await restarted.unlock(TEST_PASSWORD)).state).toBe('unlocked');
    // Success forgets the count.
    restarted.lock();
    expect((await rejectionOf(restarted.unlock('one more wrong'))).message).not.toMatch(/Wait/);
  });

  it('locks after the chosen idle time, counted from the last touch', async () => {
    const t = await setUp();
    const lock = t.start();
    expect((await lock.status()).autoLockMinutes).toBe(15);
    expect((await lock.setAutoLock(1)).autoLockMinutes).toBe(1);
    t.advance(50_000);
    lock.touch();
    t.advance(50_000);
    expect(await lock.state()).toBe('unlocked');
    t.advance(10_000); // 60 s since the touch: the timer locks
    expect(t.vault.isUnlocked()).toBe(false);
    expect((await lock.status()).state).toBe('locked');
    // The choice is kept.
    expect((await t.start().status()).autoLockMinutes).toBe(1);
  });

  it('locks on demand and reports whether the wallet has its phrase', async () => {
    const t = await setUp();
    const lock = t.start();
    expect(await lock.status()).toEqual({
      state: 'unlocked',
      autoLockMinutes: 15,
      waitMs: 0,
      hasPhrase: true,
    });
    lock.lock();
    expect(await lock.status()).toEqual({
      state: 'locked',
      autoLockMinutes: 15,
      waitMs: 0,
      hasPhrase: false,
    });
  });

  it('words the delays', () => {
    expect([0, 4, 5, 6, 7].map(delayAfter)).toEqual([0, 0, 30_000, 60_000, 120_000]);
    expect(timeInWords(1)).toBe('1 second');
    expect(timeInWords(125_000)).toBe('2 minutes 5 seconds');
    expect(timeInWords(7_200_000)).toBe('2 hours');
  });
});
