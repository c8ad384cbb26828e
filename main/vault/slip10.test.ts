import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { derivePath } from 'ed25519-hd-key';
import { describe, expect, it } from 'vitest';
import { recordSecret } from '../../test/harness/secrets-log';
import { parseHardenedPath, slip10Derive, solanaDerivationPath } from './slip10';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('SLIP-0010 ed25519 derivation', () => {
  // Test vector 1 for ed25519 of the SLIP-0010 specification
  // (https://github.com/satoshilabs/slips/blob/master/slip-0010.md#test-vector-1-for-ed25519).
  const seed = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
  const vector1: Array<[string, string, string]> = [
    [
      'm',
      '90046a93de5380a72b5e45010748567d5ea02bbf6522f979e05c0d8d8ca9fffb',
      '2b4be7f19ee27bbf30c667b642d5f4aa69fd169872f8fc3059c08ebae2eb19e7',
    ],
    [
      "m/0'",
      '8b59aa11380b624e81507a27fedda59fea6d0b779a778918a2fd3590e16e9c69',
      '68e0fe46dfb67e368c75379acec591dad19df3cde26e63b93a8e704f1dade7a3',
    ],
    [
      "m/0'/1'",
      'a320425f77d1b5c2505a6b1b27382b37368ee640e3557c315416801243552f14',
      'b1d0bad404bf35da785a64ca1ac54b2617211d2777696fbffaf208f746ae84f2',
    ],
    [
      "m/0'/1'/2'",
      '2e69929e00b5ab250f49c3fb1c12f252de4fed2c1db88387094a0f8c4c9ccd6c',
      '92a5b23c0b8a99e37d07df3fb9966917f5d06e02ddbd909c7e184371463e9fc9',
    ],
    [
      "m/0'/1'/2'/2'",
      '8f6d87f93d750e0efccda017d662a1b31a266e4a6f5993b15f5c1f07f74dd5cc',
      '30d1dc7e5fc04c31219ab25a27ae00b50f6fd66622f6e9c913253d6511d1e662',
    ],
  ];

  it.each(vector1)('matches the published test vector 1 at %s', (path, chainCode, key) => {
    const node = slip10Derive(seed, path);
    expect(hex(node.chainCode)).toBe(chainCode);
    expect(hex(node.key)).toBe(key);
  });

  it('agrees with ed25519-hd-key on Solana paths of several phrases and accounts', () => {
    for (const strength of [128, 160, 256]) {
      const phrase = generateMnemonic(wordlist, strength);
      recordSecret('recovery-phrase', phrase);
      const bip39Seed = mnemonicToSeedSync(phrase);
      for (const index of [0, 1, 2, 7, 1000]) {
        const path = solanaDerivationPath(index);
        const ours = slip10Derive(bip39Seed, path);
        const oracle = derivePath(path, Buffer.from(bip39Seed).toString('hex'));
        expect(hex(ours.key)).toBe(hex(oracle.key));
        expect(hex(ours.chainCode)).toBe(hex(oracle.chainCode));
      }
    }
  });

  it("builds the Solana path m/44'/501'/N'/0'", () => {
    expect(solanaDerivationPath(3)).toBe("m/44'/501'/3'/0'");
    expect(parseHardenedPath("m/44'/501'/3'/0'")).toEqual([44, 501, 3, 0]);
    expect(parseHardenedPath('m/44h/501h')).toEqual([44, 501]);
  });

  it('refuses paths with a non-hardened segment or a wrong start', () => {
    expect(() => parseHardenedPath("m/44'/501'/0")).toThrow(/hardened/);
    expect(() => parseHardenedPath("44'/501'")).toThrow(/start with m/);
    expect(() => parseHardenedPath("m/2147483648'")).toThrow(/hardened/);
  });
});
