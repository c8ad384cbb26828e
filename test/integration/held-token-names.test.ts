/**
 * Issue 18: balances.get names a held token the token directory does not know from the chain,
 * through the real composition root on a real sandbox. A Token-2022 mint with a TokenMetadata
 * extension, made through the sandbox's RPC, is named by it and stays unverified; a mint named
 * nowhere is left unnamed (the page shows its short mint); USDC keeps the directory's name.
 */
import { describe, expect, it } from 'vitest';
import { Connection, PublicKey } from '@solana/web3.js';
import { useFundedWallet } from './funded-wallet-session';
import { makeUnknownHeldTokens } from '../fixtures/chain-named-token';
import { USDC } from './swap-flow-wallet';

const session = useFundedWallet('held-names', { accountName: 'Holds' });

describe('held tokens the directory does not know', () => {
  it('are named from their on-chain metadata, or left unnamed, and stay unverified', async () => {
    const connection = new Connection(session.sandbox.rpcUrl, 'confirmed');
    const { named, nameless } = await makeUnknownHeldTokens(
      connection,
      new PublicKey(session.address),
    );

    const balances = await session.wallet.call('balances.get', { address: session.address });
    const byMint = new Map(balances.tokens.map((t) => [t.mint, t]));
    expect(byMint.get(named.mint.toBase58())).toMatchObject({
      symbol: 'CNT',
      name: 'Chain Named Token',
      amount: '5000000',
      verified: false,
    });
    expect(byMint.get(nameless.mint.toBase58())).toMatchObject({
      symbol: null,
      name: null,
      amount: '42',
      verified: false,
    });
    expect(byMint.get(USDC)).toMatchObject({ symbol: 'USDC', name: 'USD Coin', verified: true });
  });
});
