/**
 * The real node-hid transport class (@ledgerhq/hw-transport-node-hid-noevents, the one the app
 * opens devices with) driven against a fake HID device object (test/fixtures/fake-hid-ledger.ts)
 * that speaks Ledger's 64-byte HID framing to the simulated Solana app: the wallet's Ledger
 * module signs through it, and a pulled cable surfaces as LEDGER_DISCONNECTED.
 */
import { PublicKey, SystemProgram, TransactionMessage } from '@solana/web3.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { createFakeHidLedger } from '../../test/fixtures/fake-hid-ledger';
import { createSimulatedSolanaApp } from '../sandbox/ledger-device/simulated-solana-app';
import { WalletError } from '../shared/errors';
import { createLedgerDevice } from './ledger-device';
import { nodeHidTransportClass } from './ledger-packages';

const PATH = "m/44'/501'/0'/0'";

/** A System transfer with 20 transfers: over 255 bytes, so chunked and over many reports. */
function longTransfer(payer: PublicKey): Uint8Array {
  return new TransactionMessage({
    payerKey: payer,
    recentBlockhash: bs58.encode(new Uint8Array(32).fill(7)),
    instructions: Array.from({ length: 20 }, (_, i) =>
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: payer, lamports: BigInt(i + 1) }),
    ),
  })
    .compileToLegacyMessage()
    .serialize();
}

describe('node-hid transport against a fake HID device', () => {
  it('signs through 64-byte HID reports, and the signature verifies', async () => {
    const hid = createFakeHidLedger(createSimulatedSolanaApp());
    const Transport = nodeHidTransportClass();
    const ledger = createLedgerDevice({ open: async () => new Transport(hid) });
    const [found] = await ledger.addresses([PATH]);
    const address = found!.address;
    const message = longTransfer(new PublicKey(address));
    expect(message.length).toBeGreaterThan(255);
    const signature = await ledger.sign({ address, path: PATH, message });
    expect(nacl.sign.detached.verify(message, signature, bs58.decode(address))).toBe(true);
    // Every report: the report id, then exactly 64 bytes; some APDUs took several reports.
    expect(hid.writes.every((w) => w.length === 65 && w[0] === 0)).toBe(true);
    expect(hid.writes.some((w) => w[4] === 0 && w[5] === 2)).toBe(true);
  });

  it('says the Ledger was unplugged when the cable goes while signing', async () => {
    const app = createSimulatedSolanaApp();
    const hid = createFakeHidLedger(app);
    const Transport = nodeHidTransportClass();
    const ledger = createLedgerDevice({ open: async () => new Transport(hid) });
    const [found] = await ledger.addresses([PATH]);
    app.settings.answer = () => {
      hid.unplug();
      return new Promise(() => {});
    };
    const error = await ledger
      .sign({
        address: found!.address,
        path: PATH,
        message: longTransfer(new PublicKey(found!.address)),
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(WalletError);
    expect((error as WalletError).code).toBe('LEDGER_DISCONNECTED');
    expect((error as WalletError).message).toMatch(/while signing. Nothing was signed/);
  });
});
