/**
 * What the chain calls a mint (issue 18): the name and symbol its creator wrote on chain, for a
 * held token the token directory does not know. Two places hold one: Metaplex token metadata
 * (the account at PDA ["metadata", program, mint] of the Token Metadata program), and a
 * Token-2022 mint's own TokenMetadata extension. Anyone can write "USDC" there, so a name read
 * here never makes a token verified; it only spares the person a bare mint address.
 */
import { PublicKey, type AccountInfo, type Connection } from '@solana/web3.js';
import {
  ExtensionType,
  getExtensionData,
  TOKEN_2022_PROGRAM_ID,
  unpackMint,
} from '@solana/spl-token';

/** The Metaplex Token Metadata program (mainnet, devnet and any validator that loads it). */
export const METADATA_PROGRAM_ID = new PublicKey('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s');

export interface ChainName {
  symbol: string;
  name: string;
}

/** Longest symbol and name kept: enough for any real token, short enough for a picker row. */
const MAX_SYMBOL = 16;
const MAX_NAME = 64;
const MINTS_PER_CALL = 100;

/** The Metaplex metadata account of `mint`. */
export function metadataAddress(mint: PublicKey): PublicKey {
  return PublicKey.findProgramAddressSync(
    [Buffer.from('metadata'), METADATA_PROGRAM_ID.toBuffer(), mint.toBuffer()],
    METADATA_PROGRAM_ID,
  )[0];
}

/** A borsh string (u32 length, UTF-8 bytes) at `at`, or null past the end. */
function borshString(data: Buffer, at: number): { text: string; next: number } | null {
  if (at + 4 > data.length) return null;
  const length = data.readUInt32LE(at);
  if (length > data.length - at - 4) return null;
  return { text: data.subarray(at + 4, at + 4 + length).toString('utf8'), next: at + 4 + length };
}

/**
 * Text fit to show: Metaplex pads names with NULs; control and invisible characters (which
 * could hide or reorder text) are dropped; the length is capped.
 */
function clean(text: string, max: number): string {
  const visible = text.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return [...visible].slice(0, max).join('');
}

function named(symbol: string, name: string): ChainName | null {
  const s = clean(symbol, MAX_SYMBOL);
  const n = clean(name, MAX_NAME);
  if (s === '' && n === '') return null;
  return { symbol: s === '' ? n.slice(0, MAX_SYMBOL) : s, name: n === '' ? s : n };
}

/**
 * Name and symbol of a Metaplex metadata account's data: key (1), update authority (32),
 * mint (32), then name, symbol and uri as borsh strings.
 */
export function readMetaplexName(data: Buffer, mint: PublicKey): ChainName | null {
  return namedAfterMint(data, mint, 33);
}

/**
 * Both layouts hold the mint at `mintAt`, then name and symbol as borsh strings: null unless
 * the mint is `mint` and both strings are whole.
 */
function namedAfterMint(data: Buffer, mint: PublicKey, mintAt: number): ChainName | null {
  const end = mintAt + 32;
  if (data.length < end || !mint.equals(new PublicKey(data.subarray(mintAt, end)))) return null;
  const name = borshString(data, end);
  const symbol = name && borshString(data, name.next);
  if (!name || !symbol) return null;
  return named(symbol.text, name.text);
}

/**
 * Name and symbol of a Token-2022 TokenMetadata extension: update authority (32), mint (32),
 * then name, symbol and uri as borsh strings.
 */
export function readToken2022Name(data: Buffer, mint: PublicKey): ChainName | null {
  return namedAfterMint(data, mint, 32);
}

function token2022Name(mint: PublicKey, info: AccountInfo<Buffer> | null): ChainName | null {
  if (!info || !info.owner.equals(TOKEN_2022_PROGRAM_ID)) return null;
  try {
    const state = unpackMint(mint, info, TOKEN_2022_PROGRAM_ID);
    const data = getExtensionData(ExtensionType.TokenMetadata, state.tlvData);
    return data ? readToken2022Name(Buffer.from(data), mint) : null;
  } catch {
    return null; // not a readable mint: no name, not an error
  }
}

/**
 * Names the chain gives `mints`: the Token-2022 extension first (it lives in the mint itself),
 * else Metaplex metadata. A mint without either is absent from the answer. Throws when the
 * network cannot be reached (the caller shows the balances unnamed and asks again later).
 */
export async function readChainNames(
  connection: Pick<Connection, 'getMultipleAccountsInfo'>,
  mints: readonly string[],
): Promise<Map<string, ChainName>> {
  const found = new Map<string, ChainName>();
  const keys = [...new Set(mints)].map((mint) => new PublicKey(mint));
  for (let at = 0; at < keys.length; at += MINTS_PER_CALL / 2) {
    const batch = keys.slice(at, at + MINTS_PER_CALL / 2);
    const infos = await connection.getMultipleAccountsInfo(
      batch.flatMap((mint) => [mint, metadataAddress(mint)]),
      'confirmed',
    );
    batch.forEach((mint, i) => {
      const metadata = infos[2 * i + 1];
      const name =
        token2022Name(mint, infos[2 * i] ?? null) ??
        (metadata && metadata.owner.equals(METADATA_PROGRAM_ID)
          ? readMetaplexName(metadata.data, mint)
          : null);
      if (name) found.set(mint.toBase58(), name);
    });
  }
  return found;
}
