/**
 * Connect Ledger and the signer chosen by account kind, over the simulated Solana app (the
 * emulator seed, so the addresses are the ones SLIP-0010 gives) and a real vault on a
 * memory keychain.
 */
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { firstAccount, openTestVault } from '../../test/fixtures/test-vault';
import { createSimulatedSolanaApp } from '../sandbox/ledger-device/simulated-solana-app';
import { openSimulatedTransport } from '../sandbox/ledger-device/simulated-transport';
import { WalletError } from '../shared/errors';
import { createAccountSigner, createSigner } from '../signer';
import { createLedgerAccounts } from './ledger-accounts';
import { createLedgerDevice } from './ledger-device';

/** SLIP-0010 of the emulator seed at m/44'/501'/0'/0' (checked in ledger-device.test.ts's way). */
const FIRST_PHANTOM = bs58.encode(
  Buffer.from('c45a24a9739accab4e759af91435a89ae9b78e6f145b0ac6786df0423438c524', 'hex'),
);

async function setup() {
  const { keychain, vault } = await openTestVault();
  const prompts: Uint8Array[] = [];
  const app = createSimulatedSolanaApp({
    blindSigning: true,
    answer: async (prompt) => (prompts.push(prompt.message), 'approve'),
  });
  const device = createLedgerDevice({ open: () => openSimulatedTransport({ app, plugged: true }) });
  const accounts = createLedgerAccounts({ device, vault });
  const signer = createAccountSigner({
    keychain: createSigner({ secretKeyOf: (address) => vault.secretKeyOf(address) }),
    ledger: device,
    accountOf: async (address) => (await vault.list()).accounts.find((a) => a.address === address),
  });
  return { keychain, vault, accounts, signer, prompts };
}

describe('Connect Ledger', () => {
  it('lists the first accounts on each convention, the default first', async () => {
    const { accounts } = await setup();
    const found = await accounts.connect(2);
    expect(found.appVersion).toBe('1.0.6');
    expect(found.blindSigningEnabled).toBe(true);
    expect(found.accounts.map((a) => a.path)).toEqual([
      "m/44'/501'/0'/0'",
      "m/44'/501'/1'/0'",
      "m/44'/501'/0'",
      "m/44'/501'/1'",
      "m/44'/501'",
    ]);
    expect(found.accounts[0]!.address).toBe(FIRST_PHANTOM);
    expect(new Set(found.accounts.map((a) => a.address)).size).toBe(5);
  });

  it('adds the picked accounts with their paths, nothing in the keychain, and marks them', async () => {
    const { accounts, vault, keychain } = await setup();
    const found = await accounts.connect(1);
    const [added] = await accounts.add([{ address: FIRST_PHANTOM, label: 'Ledger main' }]);
    expect(added).toMatchObject({
      address: FIRST_PHANTOM,
      kind: 'ledger',
      derivationPath: "m/44'/501'/0'/0'",
      label: 'Ledger main',
    });
    expect(keychain.size).toBe(1); // the password's check item only: nothing of the Ledger
    expect((await vault.list()).current).toBe(FIRST_PHANTOM);
    expect(found.accounts[0]!.inWallet).toBe(false);
    expect((await accounts.connect(1)).accounts[0]!.inWallet).toBe(true);
  });

  it('refuses an address the device did not give', async () => {
    const { accounts } = await setup();
    await accounts.connect(1);
    const stranger = bs58.encode(nacl.sign.keyPair().publicKey);
    const error = await accounts.add([{ address: stranger }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WalletError);
    expect((error as WalletError).message).toMatch(/Click Connect Ledger again/);
  });
});

describe('signer chosen by account kind', () => {
  it('signs for a Ledger account on the device, exactly the bytes given', async () => {
    const { accounts, signer, prompts } = await setup();
    await accounts.connect(1);
    await accounts.add([{ address: FIRST_PHANTOM }]);
    const message = new TextEncoder().encode('reviewed message bytes');
    const signature = await signer.signMessage(FIRST_PHANTOM, message);
    expect(prompts).toEqual([message]);
    expect(nacl.sign.detached.verify(message, signature, bs58.decode(FIRST_PHANTOM))).toBe(true);
  });

  it('signs for a keychain account with its secret, never asking the device', async () => {
    const { vault, signer, prompts } = await setup();
    const account = await firstAccount(vault);
    const message = new TextEncoder().encode('keychain');
    const signature = await signer.signMessage(account.address, message);
    expect(prompts).toEqual([]);
    expect(nacl.sign.detached.verify(message, signature, bs58.decode(account.address))).toBe(true);
  });
});
