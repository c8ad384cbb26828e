import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { contract, type MethodName, type ResponseOf } from '../../preload/contract';
import { recordSecret } from '../../test/harness/secrets-log';
import { TEST_PASSWORD, openTestVault } from '../../test/fixtures/test-vault';
import type { CallContext } from '../bridge/handler-types';
import { WalletError } from '../shared/errors';
import { createAccountHandlers, type AccountMethod } from './accounts';

const context: CallContext = { sender: { kind: 'http', origin: null, tokenValid: true } };

async function setup() {
  const { keychain, vault } = await openTestVault();
  const handlers = createAccountHandlers(vault);
  /** Parses the payload with the contract's schema, as the registry does, then calls. */
  async function call<M extends AccountMethod & MethodName>(
    method: M,
    payload: unknown,
  ): Promise<ResponseOf<M>> {
    const request = contract[method].request.parse(payload);
    const handler = handlers[method] as (r: unknown, c: CallContext) => Promise<ResponseOf<M>>;
    return handler(request, context);
  }
  return { call, keychain };
}

describe('accounts handlers', () => {
  it('create, import, list, rename, select and remove through the contract schemas', async () => {
    const { call } = await setup();
    // No account without a phrase first: Create account has nothing to derive from.
    await expect(call('accounts.create', {})).rejects.toMatchObject({ code: 'NO_RECOVERY_PHRASE' });
    const { draft, words } = await call('accounts.beginPhrase', { words: 12 });
    await expect(call('accounts.confirmPhrase', { draft, answers: [] })).rejects.toThrow();
    const answers = [1, 4, 12].map((position) => ({ position, word: words[position - 1]! }));
    const created = await call('accounts.confirmPhrase', { draft, answers });
    expect(created).toMatchObject({ label: 'Account 1', walletPhrase: true });
    expect((await call('accounts.revealPhrase', { password: TEST_PASSWORD })).words).toEqual(words);

    const pair = nacl.sign.keyPair();
    const secret = bs58.encode(pair.secretKey);
    recordSecret('secret-key', secret);
    const [imported] = await call('accounts.import', { secret, label: 'From Phantom' });
    expect(imported).toMatchObject({ address: bs58.encode(pair.publicKey), kind: 'secret-key' });

    const phrase = generateMnemonic(wordlist, 256);
    recordSecret('recovery-phrase', phrase);
    const derived = await call('accounts.import', { secret: phrase, accountIndexes: [0, 1] });
    expect(derived.map((a) => a.derivationPath)).toEqual(["m/44'/501'/0'/0'", "m/44'/501'/1'/0'"]);
    const exported = await call('accounts.exportSecret', {
      address: imported!.address,
      password: TEST_PASSWORD,
    });
    expect(exported).toEqual({ secretKey: secret });

    const listed = await call('accounts.list', {});
    expect(listed.accounts.map((a) => a.label)).toEqual([
      'Account 1',
      'From Phantom',
      'Account 3',
      'Account 4',
    ]);
    // No other response carries the secret, in any of the forms the renderer could receive.
    const everything = JSON.stringify([created, imported, derived, listed]);
    expect(everything).not.toContain(words.slice(0, 4).join(' '));
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(phrase.split(' ').slice(0, 4).join(' '));

    expect(
      await call('accounts.rename', { address: created.address, label: 'Daily' }),
    ).toMatchObject({
      label: 'Daily',
    });
    expect((await call('accounts.select', { address: created.address })).current).toBe(
      created.address,
    );
    const afterRemove = await call('accounts.remove', { address: created.address });
    expect(afterRemove.accounts).toHaveLength(3);
    expect(afterRemove.current).toBe(imported!.address);
  });

  it('lets the vault errors through for the registry to wrap', async () => {
    const { call, keychain } = await setup();
    const missing = bs58.encode(nacl.sign.keyPair().publicKey);
    await expect(call('accounts.select', { address: missing })).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
    });
    await expect(call('accounts.import', { secret: 'not a phrase at all' })).rejects.toBeInstanceOf(
      WalletError,
    );
    keychain.unavailable = true;
    const pair = nacl.sign.keyPair();
    recordSecret('secret-key', bs58.encode(pair.secretKey));
    await expect(
      call('accounts.import', { secret: bs58.encode(pair.secretKey) }),
    ).rejects.toMatchObject({
      code: 'KEYCHAIN_UNAVAILABLE',
    });
  });
});
