import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import bs58 from 'bs58';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { recordSecret } from '../test/harness/secrets-log';
import {
  REVEALING_METHODS,
  base58Decode,
  base58Encode,
  scanRunDir,
  scanText,
  secretForms,
  withoutRevealedAnswers,
} from './leak-scan.mjs';
import { tempDir } from '../test/fixtures/temp-dirs';

const checker = join(import.meta.dirname, 'leak-check.mjs');

/** A run folder with recorded secrets and a clean log, as scripts/test.mjs leaves it. */
function runDir() {
  const dir = tempDir('swapdesk-leak-');
  const secretKey = nacl.sign.keyPair().secretKey;
  const key = bs58.encode(secretKey);
  const phrase = generateMnemonic(wordlist, 128);
  // Recorded in the real run's list as well: this test must not leak them either.
  recordSecret('secret-key', key);
  recordSecret('recovery-phrase', phrase);
  const secrets = [
    { kind: 'secret-key', value: key },
    { kind: 'recovery-phrase', value: phrase },
  ];
  writeFileSync(
    join(dir, 'secrets.jsonl'),
    secrets.map((s) => JSON.stringify(s)).join('\n') + '\n',
  );
  writeFileSync(
    join(dir, 'vitest-output.log'),
    ' ✓ unit main/vault/vault.test.ts (9 tests)\n'.repeat(20),
  );
  writeFileSync(join(dir, 'bridge-transcript.jsonl'), '{"method":"accounts.list","ok":true}\n');
  // The keyring daemon's own files are not scanned.
  mkdirSync(join(dir, 'keyring-home'));
  writeFileSync(join(dir, 'keyring-home', 'login.keyring'), key);
  return { dir, secretKey, key, words: phrase.split(' ') };
}

function check(dir: string) {
  const result = spawnSync(process.execPath, [checker, dir], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('leak check', () => {
  it('passes a clean run and prints the summary', () => {
    const { dir } = runDir();
    const { status, output } = check(dir);
    expect(status).toBe(0);
    expect(output).toBe('leak check: 2 secrets, 2 files, 21 lines scanned, 0 leaks\n');
  });

  it.each([
    [
      'the base58 secret key in a bridge response',
      (s: Fixture) => `{"value":"${s.key}"}`,
      'base58 secret key',
    ],
    [
      'the seed as hex in a Buffer dump',
      (s: Fixture) => inspect(Buffer.from(s.secretKey.subarray(0, 32))),
      'seed as hex',
    ],
    [
      'the seed as base64',
      (s: Fixture) => `seed=${Buffer.from(s.secretKey.subarray(0, 32)).toString('base64')}`,
      'seed as base64',
    ],
    [
      'the seed as base58',
      (s: Fixture) => base58Encode(s.secretKey.subarray(0, 32)),
      'seed as base58',
    ],
    [
      'a keypair JSON array spread over lines',
      (s: Fixture) => JSON.stringify([...s.secretKey], null, 2),
      'secret key as a JSON array',
    ],
    [
      'a Uint8Array as console.log prints it',
      (s: Fixture) => inspect(s.secretKey),
      'secret key as a JSON array',
    ],
    [
      'the whole phrase in upper case',
      (s: Fixture) => s.words.join('  ').toUpperCase(),
      'recovery phrase',
    ],
    [
      'four words of the phrase wrapped over a line break',
      (s: Fixture) => `x ${s.words.slice(3, 5).join(' ')}\n${s.words.slice(5, 7).join(' ')} y`,
      'words 4-7 of a recovery phrase',
    ],
    [
      'four words of the phrase in a JSON-escaped string',
      (s: Fixture) => `"${s.words.slice(0, 2).join(' ')}\\n${s.words.slice(2, 4).join(' ')}"`,
      'words 1-4 of a recovery phrase',
    ],
  ])('finds %s and names file and line, not the secret', (_name, plant, form) => {
    const fixture = runDir();
    const planted = plant(fixture);
    appendFileSync(join(fixture.dir, 'vitest-output.log'), `${planted}\n`);
    const { status, output } = check(fixture.dir);
    expect(status).toBe(1);
    expect(output).toContain(`leak check: LEAK in vitest-output.log line 21: ${form}`);
    expect(output).toMatch(/2 secrets, 2 files, \d+ lines scanned, [1-9]\d* leaks/);
    expect(output).not.toContain(fixture.key);
    expect(output).not.toContain(fixture.words.slice(0, 4).join(' '));
  });

  it('does not take three words of the phrase, or the words inside longer words, for a leak', () => {
    const { dir, words } = runDir();
    appendFileSync(join(dir, 'vitest-output.log'), `${words.slice(0, 3).join(' ')}\n`);
    appendFileSync(join(dir, 'vitest-output.log'), `x${words.slice(4, 8).join(' ')}x\n`);
    const { leaks } = scanRunDir(dir);
    expect(leaks).toEqual([]);
  });

  it('finds an "other" secret even when it holds spaces', () => {
    const { dir } = runDir();
    appendFileSync(
      join(dir, 'secrets.jsonl'),
      `${JSON.stringify({ kind: 'other', value: 'tr0ub4dor and 3' })}\n`,
    );
    appendFileSync(join(dir, 'vitest-output.log'), 'passphrase: tr0ub4dor and 3\n');
    expect(scanRunDir(dir).leaks).toEqual([
      { file: 'vitest-output.log', line: 21, form: 'other secret', secret: 3 },
    ]);
  });

  it('finds each secret at its first line, short ones and ones that begin alike too', () => {
    // The scan indexes needles by their first characters (issue 36): two secrets that share
    // them, one shorter than that index, and a phrase whose first occurrence sits inside a
    // longer word must each still be found, at the first line that really holds them.
    const expanded = [
      ...secretForms({ kind: 'other', value: 'shared-prefix-0001' }),
      ...secretForms({ kind: 'other', value: 'shared-prefix-0002' }),
      ...secretForms({ kind: 'pin', value: '4711' }),
      ...secretForms({ kind: 'recovery-phrase', value: 'able acid actor actual' }),
    ].map((form, i) => ({ ...form, secret: i + 1 }));
    const text = [
      'nothing here',
      'xable acid actor actualx and shared-prefix-0002',
      'pin 4711',
      'able acid actor actual',
      'shared-prefix-0001 shared-prefix-0001',
      '',
    ].join('\n');
    expect(scanText(text, expanded)).toEqual({
      lines: 5,
      leaks: [
        { line: 5, form: 'other secret', secret: 1 },
        { line: 2, form: 'other secret', secret: 2 },
        { line: 3, form: 'pin secret', secret: 3 },
        { line: 4, form: 'recovery phrase', secret: 4 },
      ],
    });
  });

  it('scans logs in sub-folders and reports each leaking file', () => {
    const { dir, key } = runDir();
    mkdirSync(join(dir, 'preview'));
    writeFileSync(join(dir, 'preview', 'server.log'), `ok\nok\n${key}\n`);
    const { leaks, files } = scanRunDir(dir);
    expect(files).toContain('preview/server.log');
    expect(leaks).toEqual([
      { file: 'preview/server.log', line: 3, form: 'base58 secret key', secret: 1 },
    ]);
  });

  it('warns and passes when no secret was recorded', () => {
    const dir = tempDir('swapdesk-leak-');
    writeFileSync(join(dir, 'vitest-output.log'), 'nothing\n');
    const { status, output } = check(dir);
    expect(status).toBe(0);
    expect(output).toMatch(/warning: no secrets were recorded/);
  });

  it('round-trips base58 like bs58, leading zeros included', () => {
    for (const bytes of [new Uint8Array([0, 0, 1, 2]), nacl.randomBytes(64), new Uint8Array(0)]) {
      expect(base58Encode(bytes)).toBe(bs58.encode(bytes));
      expect([...base58Decode(bs58.encode(bytes))!]).toEqual([...bytes]);
    }
    expect(base58Decode('0OIl')).toBeNull();
  });
});

type Fixture = ReturnType<typeof runDir>;

describe('the answers that reveal a secret on purpose (issue 24)', () => {
  it('are the contract list, and only their successful answers are left out of the transcript', async () => {
    const { REVEALING_METHODS: contractList } = await import('../preload/contract/accounts');
    expect([...REVEALING_METHODS].sort()).toEqual([...contractList].sort());
    const phrase = generateMnemonic(wordlist, 128);
    recordSecret('recovery-phrase', phrase);
    const lines = [
      {
        method: 'accounts.revealPhrase',
        result: { ok: true, value: { words: phrase.split(' ') } },
      },
      { method: 'accounts.list', result: { ok: true, value: { note: phrase } } },
      { method: 'accounts.exportSecret', result: { ok: false, error: { message: phrase } } },
    ].map((entry) => JSON.stringify(entry));
    const kept = withoutRevealedAnswers(lines.join('\n')).split('\n');
    expect(kept).toEqual(['', lines[1], lines[2]]);
  });

  it('finds a secret in keychain items copied into the run folder', () => {
    const dir = tempDir('swapdesk-leak-');
    const phrase = generateMnemonic(wordlist, 128);
    writeFileSync(
      join(dir, 'secrets.jsonl'),
      `${JSON.stringify({ kind: 'password', value: 'hunter2 hunter3' })}\n${JSON.stringify({ kind: 'recovery-phrase', value: phrase })}\n`,
    );
    writeFileSync(
      join(dir, 'keychain-items.jsonl'),
      `${JSON.stringify({ account: 'x', item: 'hunter2hunter3' })}\n`,
    );
    writeFileSync(
      join(dir, 'bridge-transcript.jsonl'),
      `${JSON.stringify({ method: 'accounts.beginPhrase', result: { ok: true, value: { words: phrase.split(' ') } } })}\n`,
    );
    const { leaks } = scanRunDir(dir);
    expect(leaks.map((l) => [l.file, l.form])).toEqual([
      ['keychain-items.jsonl', 'password secret'],
    ]);
  });
});
