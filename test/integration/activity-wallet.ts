/**
 * The person of the activity suites: a wallet opened on the sandbox, its first account
 * ("Receives") funded by the sandbox, and one swap of its own confirmed, which is the wallet's
 * record and must never show again among what the chain says others sent.
 */
import { confirmedOwnSwap, openWallet, type Wallet, type WalletPlace } from './swap-flow-wallet';
import { firstAccount } from './wallet-setup';

/** Opens the wallet at `place`, funds its first account and makes its own swap. */
export async function openActivityWallet(
  place: WalletPlace,
): Promise<{ wallet: Wallet; address: string; ownSwap: string }> {
  const wallet = openWallet(place);
  const address = (await firstAccount(wallet.call, 'Receives')).address;
  await wallet.call('sandbox.fund', { address });
  return { wallet, address, ownSwap: await confirmedOwnSwap(wallet) };
}
