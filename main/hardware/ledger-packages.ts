/**
 * Ledger's packages, loaded through their CommonJS builds. Their ES builds (`lib-es`) import
 * files without extensions, which Node's ES loader refuses (ERR_MODULE_NOT_FOUND), so main
 * `require`s them. This also keeps them, and node-hid's native addon, out of the main bundle.
 * node-hid is loaded only when a real device is opened, never by the web preview's simulator.
 */
import { createRequire } from 'node:module';
import type Transport from '@ledgerhq/hw-transport';
import type SolanaApp from '@ledgerhq/hw-app-solana';

const requireCjs = createRequire(import.meta.url);

export type { Transport };
export type SolanaAppClient = SolanaApp;

/** The Solana app client (hw-app-solana) over `transport`. */
export function solanaAppOn(transport: Transport): SolanaAppClient {
  const { default: Solana } = requireCjs('@ledgerhq/hw-app-solana') as {
    default: new (transport: Transport) => SolanaApp;
  };
  return new Solana(transport);
}

/** The Transport base class of the copy hw-app-solana uses (for simulated devices). */
export function transportBaseClass(): typeof Transport {
  return (requireCjs('@ledgerhq/hw-transport') as { default: typeof Transport }).default;
}

/** The node-hid transport class (without usb events: no `usb` package). Loads node-hid. */
export function nodeHidTransportClass(): NodeHidTransportClass {
  return (
    requireCjs('@ledgerhq/hw-transport-node-hid-noevents') as { default: NodeHidTransportClass }
  ).default;
}

/** What Swapdesk uses of TransportNodeHidNoEvents; `new` takes a node-hid HID device. */
export interface NodeHidTransportClass {
  new (device: unknown): Transport;
  open(path?: string): Promise<Transport>;
}

/** The first Ledger on USB, through node-hid. */
export async function openNodeHidTransport(): Promise<Transport> {
  return nodeHidTransportClass().open('');
}
