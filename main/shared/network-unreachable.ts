/**
 * The wallet's words for a read that did not reach the network. Every reader names what it
 * could not read in its own sentence; the code (NETWORK_UNAVAILABLE) and the library's error
 * kept as the cause, never shown, are the same everywhere, so they are made in one place.
 */
import { WalletError } from './errors';

/**
 * A rejection handler that throws NETWORK_UNAVAILABLE with `message`, the error as its cause.
 *
 * @example const info = await connection.getAccountInfo(key).catch(networkUnreachable(
 *   'The network could not be reached to read the payee. Check the connection and try again.'));
 */
export function networkUnreachable(message: string): (error: unknown) => never {
  return (error) => {
    throw new WalletError('NETWORK_UNAVAILABLE', message, { cause: error });
  };
}
