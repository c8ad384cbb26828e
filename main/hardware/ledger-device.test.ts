/**
 * The wallet's Ledger module against Ledger's own recordings of the Solana app
 * (test/fixtures/recorded/ledger-solana-apdus.ts, from LedgerHQ/ledger-live), replayed with
 * @ledgerhq/hw-transport-mocker: any APDU the wallet sends that differs from the recorded one by
 * a byte fails the replay. Before each recorded exchange the wallet asks the device which app is
 * open (GET_APP_AND_VERSION, not part of Ledger's recordings): that exchange is written here in
 * the format of Ledger's documentation, answered as the Solana app 1.0.6 answers it.
 */
import { mnemonicToSeedSync } from '@scure/bip39';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { replayer } from '../../test/fixtures/ledger-replayer';
import { LEDGER_SOLANA_RECORDINGS as R } from '../../test/fixtures/recorded/ledger-solana-apdus';
import { EMULATOR_SEED_PHRASE } from '../sandbox/ledger-device/simulated-solana-app';
import { slip10Derive } from '../vault/slip10';
import { createLedgerDevice, ledgerMessageHash } from './ledger-device';
import { solanaAppOn } from './ledger-packages';
import { rejectionOf as rejection } from '../../test/fixtures/wallet-error';

/** "Which app is open?" answered: format 1, "Solana", "1.0.6", flags. */
const SOLANA_APP_OPEN = `
  => b001000000
  <= 0106${Buffer.from('Solana').toString('hex')}05${Buffer.from('1.0.6').toString('hex')}01009000
`;
/** The dashboard answers with the OS's name, BOLOS. */
const DASHBOARD_OPEN = `
  => b001000000
  <= 0105${Buffer.from('BOLOS').toString('hex')}05${Buffer.from('2.2.3').toString('hex')}01009000
`;

/** The key at 44'/501' of the emulator seed, the signer of the recorded transfers. */
const RECORDED_SIGNER = '5eb9862fe23e544a2a0969cc157cb31fd72901cc2824d536a67fb8ee911e0236';
const SIGNER_ADDRESS = bs58.encode(Buffer.from(RECORDED_SIGNER, 'hex'));
/** The wallet checks the address at the path before signing (wrong device or passphrase). */
const ADDRESS_CHECK = `
  => e005000009028000002c800001f5
  <= ${RECORDED_SIGNER}9000
`;

function emulatorKeyAt(path: string): nacl.SignKeyPair {
  const seed = mnemonicToSeedSync(EMULATOR_SEED_PHRASE);
  return nacl.sign.keyPair.fromSeed(slip10Derive(seed, path).key);
}

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

/** The refusal of the recorded signer's sign request for `messageHex` at m/44'/501'. */
const signRefusal = (replay: ReturnType<typeof replayer>, messageHex: string) =>
  rejection(
    createLedgerDevice({ open: replay.open }).sign({
      address: SIGNER_ADDRESS,
      path: "m/44'/501'",
      message: hex(messageHex),
    }),
  );

describe('Ledger device over recorded exchanges', () => {
  it('reads the app configuration as recorded (version 1.0.6, blind signing off)', async () => {
    const replay = replayer(SOLANA_APP_OPEN, R.getAppConfiguration.exchanges);
    const info = await createLedgerDevice({ open: replay.open }).appInfo();
    expect(info).toEqual({ version: '1.0.6', blindSigningEnabled: false });
    replay.store.ensureQueueEmpty();
  });

  it('reads the recorded address, which the emulator seed derives at that path', async () => {
    const replay = replayer(SOLANA_APP_OPEN, R.getAddress.exchanges);
    const [found] = await createLedgerDevice({ open: replay.open }).addresses([
      `m/${R.getAddress.path}`,
    ]);
    expect(found!.address).toBe(bs58.encode(hex(R.getAddress.publicKeyHex)));
    expect(Buffer.from(emulatorKeyAt(`m/${R.getAddress.path}`).publicKey).toString('hex')).toBe(
      R.getAddress.publicKeyHex,
    );
    replay.store.ensureQueueEmpty();
  });

  for (const [name, recording] of [
    ['a transaction', R.signTransaction],
    ['a transaction over 255 bytes, in two chunks', R.signLongTransaction],
  ] as const) {
    it(`signs ${name} with exactly the recorded APDUs and checks the signature`, async () => {
      const replay = replayer(SOLANA_APP_OPEN, ADDRESS_CHECK, recording.exchanges);
      const message = hex(recording.messageHex);
      const signature = await createLedgerDevice({ open: replay.open }).sign({
        address: SIGNER_ADDRESS,
        path: `m/${recording.path}`,
        message,
      });
      expect(Buffer.from(signature).toString('hex')).toBe(recording.signatureHex);
      replay.store.ensureQueueEmpty();
      // The recording was made on the emulator seed: SLIP-0010 at the path reproduces it.
      const key = emulatorKeyAt(`m/${recording.path}`);
      expect(Buffer.from(key.publicKey).toString('hex')).toBe(RECORDED_SIGNER);
      expect(Buffer.from(nacl.sign.detached(message, key.secretKey)).toString('hex')).toBe(
        recording.signatureHex,
      );
    });
  }

  it('replays the recorded off-chain message signature, which the emulator seed reproduces', async () => {
    // The wallet signs transactions only; this replays through the same Solana app client.
    const replay = replayer(R.signOffchainMessage.exchanges);
    const transport = await replay.open();
    const message = hex(R.signOffchainMessage.messageHex);
    const outcome = await solanaAppOn(transport)
      .signOffchainMessage(R.signOffchainMessage.path, Buffer.from(message))
      .then(
        (answer) => Buffer.from(answer.signature).toString('hex'),
        (error: unknown) => (error as { name?: string }).name,
      );
    // The recorded answer lacks its 9000 status word, so the transport reads the signature's
    // last two bytes (0x5b07) as a status and refuses it.
    expect(outcome).toBe('TransportStatusError');
    const key = emulatorKeyAt(`m/${R.signOffchainMessage.path}`);
    expect(Buffer.from(nacl.sign.detached(message, key.secretKey)).toString('hex')).toBe(
      R.signOffchainMessage.signatureHex,
    );
  });

  it('says how to allow blind signing when the app answers 0x6808 (recorded)', async () => {
    const replay = replayer(SOLANA_APP_OPEN, R.blindSignatureRequired.exchanges);
    const error = await rejection(createLedgerDevice({ open: replay.open }).appInfo());
    expect(error.code).toBe('LEDGER_BLIND_SIGNING_OFF');
    expect(error.message).toMatch(/Allow blind signing/);
  });

  it('says blind signing is off when the recorded sign request is answered 0x6808', async () => {
    const sent = R.signTransaction.exchanges.split('\n').find((l) => l.includes('=>'))!;
    const replay = replayer(SOLANA_APP_OPEN, ADDRESS_CHECK, `${sent}\n<= 6808`);
    const error = await signRefusal(replay, R.signTransaction.messageHex);
    expect(error.code).toBe('LEDGER_BLIND_SIGNING_OFF');
    expect(error.message).toMatch(/turn on "Allow blind signing".*Nothing was signed/);
  });

  it('asks the device which app is open and names the dashboard', async () => {
    const replay = replayer(DASHBOARD_OPEN);
    const error = await rejection(createLedgerDevice({ open: replay.open }).appInfo());
    expect(error.code).toBe('LEDGER_WRONG_APP');
    expect(error.message).toMatch(/on its dashboard.*Open the Solana app/);
  });

  it('refuses before the sign request when the device holds another key at the path', async () => {
    const other = `
      => e005000009028000002c800001f5
      <= ${R.getAddress.publicKeyHex}9000
    `;
    const replay = replayer(SOLANA_APP_OPEN, other);
    const error = await signRefusal(replay, R.signTransaction.messageHex);
    expect(error.code).toBe('LEDGER_WRONG_DEVICE');
    expect(error.message).toMatch(/passphrase.*Nothing was signed/);
    replay.store.ensureQueueEmpty();
  });

  it('refuses a returned signature that is not of the reviewed bytes', async () => {
    // The recorded answer to the short transfer, returned for the long one.
    const sentLong = R.signLongTransaction.exchanges.split('\n').filter((l) => l.includes('=>'));
    const replay = replayer(
      SOLANA_APP_OPEN,
      ADDRESS_CHECK,
      `${sentLong[0]}\n<= 9000\n${sentLong[1]}\n<= ${R.signTransaction.signatureHex}9000`,
    );
    const error = await signRefusal(replay, R.signLongTransaction.messageHex);
    expect(error.code).toBe('LEDGER_BAD_SIGNATURE');
  });

  it('names the message hash the device shows: base58 of its SHA-256', () => {
    // 32 bytes of SHA-256, in base58: 43 or 44 characters.
    const hash = ledgerMessageHash(hex(R.signTransaction.messageHex));
    expect(hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/);
    expect(bs58.decode(hash)).toHaveLength(32);
  });
});
