import { describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../preload/contract';
import { WalletError } from '../shared/errors';
import type { Result } from '../shared/result';
import type { CallContext, Handlers, Sender } from './handler-types';
import { createRegistry, describeFailure } from './registry';

const TRUSTED: Sender = { kind: 'http', origin: 'http://127.0.0.1:1', tokenValid: true };
const UNTRUSTED: Sender = { kind: 'http', origin: 'http://evil.example', tokenValid: false };
const ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const SECRET =
  '5MaiiCavjCmn9Hs1o3eznqDEhRwxo7pXiAYez7keQUviUkauRiTMD8DrESdrNjN8zd9mTmVhRvBJeg5vhyvgrAhG';

/** Handlers that record what they were given; individual tests override some. */
function handlers(overrides: Partial<Handlers> = {}): { handlers: Handlers; calls: unknown[] } {
  const calls: unknown[] = [];
  const record =
    <T>(value: T) =>
    async (request: unknown, context: CallContext): Promise<T> => {
      calls.push({ request, sender: context.sender });
      return value;
    };
  const account = { address: ADDRESS, label: 'A', kind: 'generated' as const, createdAt: '' };
  // Every method answers null unless named here, so the test holds as the contract grows.
  const fallback = Object.fromEntries(
    METHOD_NAMES.map((name) => [name, record(null)]),
  ) as unknown as Handlers;
  const base: Partial<Handlers> = {
    'app.info': record({
      version: '1',
      lock: 'unlocked',
      shell: 'web-preview' as const,
      network: {
        id: 'sandbox' as const,
        label: 's',
        rpcUrl: '',
        swapApiUrl: '',
        swapApiFlavour: 'v6' as const,
        isSandbox: true,
      },
    }),
    'accounts.list': record({ accounts: [], current: null }),
    'accounts.create': record(account),
    'accounts.import': record([account]),
    'accounts.rename': record(account),
    'accounts.remove': record({ accounts: [], current: null }),
    'accounts.select': record({ accounts: [account], current: ADDRESS }),
    'balances.get': record({ address: ADDRESS, lamports: '0', tokens: [], slot: 0 }),
    'sandbox.fund': record({ signatures: [] }),
  };
  return { handlers: { ...fallback, ...base, ...overrides } as Handlers, calls };
}

function registry(options: { overrides?: Partial<Handlers>; logs?: string[] } = {}) {
  const h = handlers(options.overrides);
  const responses: Array<[string, Result<unknown>]> = [];
  const reg = createRegistry({
    handlers: h.handlers,
    policy: (sender) => sender.kind === 'http' && sender.tokenValid,
    onResponse: (method, result) => responses.push([method, result]),
    logError: (message) => options.logs?.push(message),
  });
  return { reg, calls: h.calls, responses };
}

describe('registry.dispatch', () => {
  it('passes the parsed request and the sender to the handler and wraps its value', async () => {
    const { reg, calls } = registry();
    const result = await reg.dispatch('accounts.create', { label: '  Savings  ' }, TRUSTED);
    expect(result).toMatchObject({ ok: true, value: { address: ADDRESS } });
    // The schema trims the label: the handler sees the parsed value, not the raw one.
    expect(calls).toEqual([{ request: { label: 'Savings' }, sender: TRUSTED }]);
  });

  it('refuses an untrusted sender before anything else, even for an unknown method', async () => {
    const { reg, calls } = registry();
    for (const [method, payload] of [
      ['accounts.import', { secret: SECRET }],
      ['no.such', {}],
      ['accounts.import', 'not even an object'],
    ] as const) {
      const result = await reg.dispatch(method, payload, UNTRUSTED);
      expect(result).toEqual({
        ok: false,
        error: { code: 'UNTRUSTED_SENDER', message: expect.any(String) },
      });
    }
    expect(calls).toEqual([]);
  });

  it('treats a policy that throws as a refusal', async () => {
    const h = handlers();
    const reg = createRegistry({
      handlers: h.handlers,
      policy: () => {
        throw new Error('broken policy');
      },
    });
    expect(await reg.dispatch('app.info', {}, TRUSTED)).toMatchObject({
      ok: false,
      error: { code: 'UNTRUSTED_SENDER' },
    });
    expect(reg.trusts(TRUSTED)).toBe(false);
  });

  it('answers UNKNOWN_METHOD for a name outside the contract, including prototype keys', async () => {
    const { reg, calls } = registry();
    for (const method of ['accounts.export', 'toString', '__proto__', 'constructor', '']) {
      expect(await reg.dispatch(method, {}, TRUSTED)).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_METHOD' },
      });
    }
    expect(calls).toEqual([]);
  });

  it('answers INVALID_REQUEST naming the field, without repeating what was sent', async () => {
    const { reg, calls } = registry();
    const cases: Array<[string, unknown, RegExp]> = [
      ['accounts.import', { secret: SECRET, extra: SECRET }, /unexpected field extra/],
      [
        'accounts.import',
        { secret: SECRET.repeat(60) },
        /secret must have at most 4096 characters/,
      ],
      ['accounts.import', {}, /secret is required/],
      ['accounts.import', { secret: 42 }, /secret must be text/],
      ['accounts.import', { secret: SECRET, accountIndexes: [0, 1.5] }, /accountIndexes\[1\]/],
      ['accounts.rename', { address: 42, label: 'x' }, /address must be text/],
      ['accounts.rename', { address: ADDRESS, label: '   ' }, /label must not be empty/],
      ['balances.get', null, /the request must be an object/],
      ['balances.get', [SECRET], /the request must be an object/],
    ];
    for (const [method, payload, expected] of cases) {
      const result = await reg.dispatch(method, payload, TRUSTED);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.code).toBe('INVALID_REQUEST');
      expect(result.error.message).toMatch(expected);
      expect(result.error.message).toContain(method);
      expect(result.error.message).not.toContain(SECRET);
      expect(result.error.message).not.toContain(SECRET.slice(0, 12));
    }
    expect(calls).toEqual([]);
  });

  it('answers INVALID_ADDRESS when only addresses are wrong, from the one address parser', async () => {
    const { reg, calls } = registry();
    // Base58 of the right length that does not decode to 32 bytes, and text that is not base58.
    for (const bad of ['z'.repeat(44), '2'.repeat(32), SECRET, 'nope']) {
      const result = await reg.dispatch('accounts.rename', { address: bad, label: 'x' }, TRUSTED);
      expect(result).toMatchObject({
        ok: false,
        error: {
          code: 'INVALID_ADDRESS',
          message: expect.stringMatching(
            /accounts\.rename: address must be a Solana address \(base58 text of a 32-byte key\)/,
          ),
        },
      });
      expect(JSON.stringify(result)).not.toContain(bad);
    }
    const mixed = await reg.dispatch('accounts.rename', { address: 'nope', label: '' }, TRUSTED);
    expect(mixed).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(calls).toEqual([]);
  });

  it('does not name a field whose key is not an identifier (it could be a pasted secret)', async () => {
    const { reg } = registry();
    const result = await reg.dispatch('accounts.list', { [SECRET]: true }, TRUSTED);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(JSON.stringify(result)).not.toContain(SECRET.slice(0, 12));
  });

  it('turns a WalletError into its code and message', async () => {
    const { reg } = registry({
      overrides: {
        'accounts.create': async () => {
          throw new WalletError('KEYCHAIN_UNAVAILABLE', 'Unlock your keychain and try again.');
        },
      },
    });
    expect(await reg.dispatch('accounts.create', {}, TRUSTED)).toEqual({
      ok: false,
      error: { code: 'KEYCHAIN_UNAVAILABLE', message: 'Unlock your keychain and try again.' },
    });
  });

  it("sends a service's words only as the sanitized serviceMessage beside the message (issue 32)", async () => {
    const { reg } = registry({
      overrides: {
        'accounts.create': async () => {
          throw new WalletError('SWAP_API_REJECTED', 'The swap service refused the request.', {
            serviceMessage: 'Visit https://jup-support.example\u202e now',
          });
        },
      },
    });
    expect(await reg.dispatch('accounts.create', {}, TRUSTED)).toEqual({
      ok: false,
      error: {
        code: 'SWAP_API_REJECTED',
        message: 'The swap service refused the request.',
        serviceMessage: 'Visit hxxps[:]//jup-support[.]example now',
      },
    });
  });

  it('turns any other failure into INTERNAL and logs it without its message or the request', async () => {
    const logs: string[] = [];
    const { reg } = registry({
      logs,
      overrides: {
        'accounts.import': async ({ secret }) => JSON.parse(`[${secret}`) as never,
      },
    });
    const result = await reg.dispatch('accounts.import', { secret: SECRET }, TRUSTED);
    expect(result).toEqual({ ok: false, error: { code: 'INTERNAL', message: expect.any(String) } });
    expect(JSON.stringify(result)).not.toContain(SECRET.slice(0, 12));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('accounts.import');
    expect(logs[0]).toContain('SyntaxError');
    // Node's JSON.parse quotes its input in the message; the log must not.
    expect(logs[0]).not.toContain(SECRET.slice(0, 12));
  });

  it('reports every response to the observer, failures included', async () => {
    const { reg, responses } = registry();
    await reg.dispatch('app.info', {}, TRUSTED);
    await reg.dispatch('app.info', {}, UNTRUSTED);
    expect(responses.map(([method, result]) => [method, result.ok])).toEqual([
      ['app.info', true],
      ['app.info', false],
    ]);
  });

  it('is not disturbed by an observer that throws', async () => {
    const h = handlers();
    const reg = createRegistry({
      handlers: h.handlers,
      policy: () => true,
      onResponse: () => {
        throw new Error('observer broke');
      },
    });
    expect(await reg.dispatch('accounts.list', {}, TRUSTED)).toEqual({
      ok: true,
      value: { accounts: [], current: null },
    });
  });

  it('lists exactly the contract methods', () => {
    const { reg } = registry();
    expect([...reg.methods].sort()).toEqual(Object.keys(handlers().handlers).sort());
  });
});

describe('describeFailure', () => {
  it('keeps the error name and stack frames, drops the message', () => {
    const error = new TypeError(`bad input ${SECRET}`);
    const text = describeFailure(error);
    expect(text.startsWith('TypeError')).toBe(true);
    expect(text).toContain('at ');
    expect(text).not.toContain(SECRET);
    expect(describeFailure('a string')).toBe('a thrown string');
  });
});
