/**
 * The simulated Solana app behind a real @ledgerhq/hw-transport Transport, so main's Ledger
 * code runs unchanged against it (status words checked by the transport, chunking by the
 * Solana app client). `unplugged` makes the next exchange fail as a pulled cable does.
 */
import { transportBaseClass, type Transport } from '../../hardware/ledger-packages';
import type { SimulatedSolanaApp } from './simulated-solana-app';

export interface SimulatedDevice {
  app: SimulatedSolanaApp;
  /** false: nothing plugged in (opening fails as with no device). */
  plugged: boolean;
}

/** An error shaped as @ledgerhq/errors shapes it (told apart by name, as main does). */
function ledgerError(name: string, message: string, fields: object = {}): Error {
  return Object.assign(new Error(message), { name, ...fields });
}

/**
 * Opens the simulated device as node-hid opens a real one: fails with NoDevice when unplugged.
 *
 * @example
 * const device = { app: createSimulatedSolanaApp({ blindSigning: true }), plugged: true };
 * createLedgerDevice({ open: () => openSimulatedTransport(device) });
 */
export async function openSimulatedTransport(device: SimulatedDevice): Promise<Transport> {
  if (!device.plugged) {
    throw ledgerError('TransportError', 'NoDevice', { id: 'NoDevice' });
  }
  const Base = transportBaseClass();
  class SimulatedTransport extends Base {
    override async exchange(apdu: Buffer): Promise<Buffer> {
      const answer = await device.app.exchange(apdu);
      // A cable pulled while the prompt was shown: the answer never arrives.
      if (!device.plugged) throw ledgerError('DisconnectedDevice', 'DisconnectedDevice');
      return Buffer.from(answer);
    }
    override async close(): Promise<void> {}
  }
  return new SimulatedTransport();
}
