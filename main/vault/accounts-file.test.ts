import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../preload/api-types';
import { WalletError } from '../shared/errors';
import { createAccountsFile } from './accounts-file';
import { tempDir } from '../../test/fixtures/temp-dirs';
import { rejectionOf } from '../../test/fixtures/wallet-error';

const account: AccountSummary = {
  address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  label: 'Account 1',
  kind: 'generated',
  createdAt: '2026-11-22T03:00:00.000Z',
};

describe('accounts file', () => {
  it('reads as empty before the first write, then round-trips', async () => {
    const dir = join(tempDir('swapdesk-accounts-'), 'nested', 'data');
    const file = createAccountsFile(dir);
    expect(await file.read()).toEqual({ version: 2, current: null, accounts: [], sealing: null });
    const data = {
      version: 2 as const,
      current: account.address,
      accounts: [{ ...account, walletPhrase: true as const }],
      sealing: { id: '0123456789ab', generation: 3 },
    };
    await file.write(data);
    expect(await file.read()).toEqual(data);
    // A file of an earlier version (issue 24: raw secrets in the keychain) reads as version 1.
    writeFileSync(file.path, JSON.stringify({ version: 1, current: null, accounts: [account] }));
    expect(await file.read()).toEqual({
      version: 1,
      current: null,
      accounts: [account],
      sealing: null,
    });
    await file.write(data);
    // Only the file itself remains (no temp file), readable by its owner only.
    expect(readdirSync(dir)).toEqual(['accounts.json']);
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
  });

  it('reports a damaged file clearly and leaves it exactly as it was', async () => {
    const dir = tempDir('swapdesk-accounts-');
    const file = createAccountsFile(dir);
    for (const damaged of [
      '{"version":1,"accounts":[',
      '{"version":1,"current":null,"accounts":[{"label":"x"}]}',
    ]) {
      writeFileSync(file.path, damaged);
      const error = await rejectionOf(file.read());
      expect(error.code).toBe('ACCOUNTS_FILE_UNREADABLE');
      expect(error.message).toContain(file.path);
      expect(error.message).toMatch(/damaged.*left untouched/);
      expect(readFileSync(file.path, 'utf8')).toBe(damaged);
    }
  });

  it('says when it cannot write, and changes nothing', async () => {
    const dir = tempDir('swapdesk-accounts-');
    // The data folder's path is taken by a file: no write can succeed there, even as root.
    writeFileSync(join(dir, 'data'), 'not a folder');
    const file = createAccountsFile(join(dir, 'data'));
    const error = await rejectionOf(
      file.write({ version: 2, current: null, accounts: [account], sealing: null }),
    );
    expect(error.code).toBe('ACCOUNTS_FILE_UNWRITABLE');
    expect(error.message).toMatch(/could not save.*Nothing was changed/);
    expect(readFileSync(join(dir, 'data'), 'utf8')).toBe('not a folder');
  });

  it('reads the file at every call: the same text answers a copy of its list, a change is seen at once', async () => {
    const file = createAccountsFile(tempDir('swapdesk-accounts-'));
    const data = { version: 2 as const, current: null, accounts: [account], sealing: null };
    await file.write(data);
    const first = file.readSync();
    expect(first).toEqual(data);
    first.accounts.pop();
    first.current = 'changed';
    expect(file.readSync()).toEqual(data);
    writeFileSync(file.path, JSON.stringify({ ...data, current: account.address }));
    expect(file.readSync().current).toBe(account.address);
    // A damaged file is refused every time, never answered from the last good text.
    writeFileSync(file.path, '{');
    expect(() => file.readSync()).toThrow(WalletError);
    expect(() => file.readSync()).toThrow(WalletError);
  });
});
