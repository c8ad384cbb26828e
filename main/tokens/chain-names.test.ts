import { describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import { readMetaplexName, readToken2022Name } from './chain-names';
import { bundledOnNetwork } from './bundled-on-network';
import { BUNDLED_TOKENS } from '../handlers/tokens';

const borsh = (text: string, padTo = 0) => {
  const bytes = Buffer.alloc(Math.max(padTo, Buffer.byteLength(text)));
  bytes.write(text);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(bytes.length);
  return Buffer.concat([length, bytes]);
};

describe('names the chain gives a mint', () => {
  const mint = Keypair.generate().publicKey;
  const authority = Keypair.generate().publicKey;

  it('reads Metaplex metadata (key, authority, mint, name, symbol, uri), NUL padding dropped', () => {
    // Metaplex pads the name to 32 bytes and the symbol to 10 with NULs.
    const data = Buffer.concat([
      Buffer.from([4]),
      authority.toBuffer(),
      mint.toBuffer(),
      borsh('Metadata Token', 32),
      borsh('MTK', 10),
      borsh('https://example.invalid/mtk.json', 200),
    ]);
    expect(readMetaplexName(data, mint)).toEqual({ symbol: 'MTK', name: 'Metadata Token' });
    // Metadata of another mint is not this mint's name.
    expect(readMetaplexName(data, Keypair.generate().publicKey)).toBeNull();
    // Cut short: no name rather than garbage.
    expect(readMetaplexName(data.subarray(0, 70), mint)).toBeNull();
  });

  it('reads a Token-2022 TokenMetadata extension; control and invisible characters are dropped', () => {
    const data = Buffer.concat([
      authority.toBuffer(),
      mint.toBuffer(),
      borsh('Ru\u202Egue\u200B Coin'),
      borsh('RGC\u0007'),
      borsh(''),
      Buffer.alloc(4),
    ]);
    expect(readToken2022Name(data, mint)).toEqual({ symbol: 'RGC', name: 'Rugue Coin' });
  });

  it('an empty name and symbol is no name', () => {
    const data = Buffer.concat([authority.toBuffer(), mint.toBuffer(), borsh(''), borsh('')]);
    expect(readToken2022Name(data, mint)).toBeNull();
  });
});

describe('the bundled list on each network', () => {
  it('names on the sandbox only the mints the sandbox has, the same ones as mainnet', () => {
    const onSandbox = bundledOnNetwork(BUNDLED_TOKENS, { isSandbox: true });
    const symbols = onSandbox.map((t) => t.symbol);
    expect(symbols).toEqual(
      expect.arrayContaining(['SOL', 'USDC', 'USDT', 'JUP', 'BONK', 'PYUSD']),
    );
    // ORCA and PYTH are bundled but the sandbox never created them.
    expect(symbols).not.toContain('ORCA');
    expect(symbols).not.toContain('PYTH');
    expect(bundledOnNetwork(BUNDLED_TOKENS, { isSandbox: false })).toEqual(BUNDLED_TOKENS);
  });
});
