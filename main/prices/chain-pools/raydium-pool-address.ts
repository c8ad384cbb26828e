/**
 * Where Raydium's CP-Swap and CLMM programs put a pool: both derive it the same way,
 * `["pool", amm_config, mint0, mint1]` with `amm_config = ["amm_config", index as u16
 * big-endian]` and the mints in byte order, each under its own program id. Memoized: a review
 * asks the same few pairs again and again (the pools up to a bound, the configs are few).
 */
import { PublicKey } from '@solana/web3.js';

const configs = new Map<string, PublicKey>();
function configAddress(program: PublicKey, index: number): PublicKey {
  const key = `${program.toBase58()}:${index}`;
  let address = configs.get(key);
  if (!address) {
    const seed = new Uint8Array(2);
    new DataView(seed.buffer).setUint16(0, index, false);
    address = PublicKey.findProgramAddressSync([Buffer.from('amm_config'), seed], program)[0];
    configs.set(key, address);
  }
  return address;
}

const pools = new Map<string, string>();
/** Derivations kept at most (issue 36: nothing in main grows without a bound); then started anew. */
const MAX_POOLS = 10_000;
/** The pool of `a` and `b` under `program`'s AmmConfig `index`, as the program derives it. */
export function raydiumPoolAddress(
  program: PublicKey,
  index: number,
  a: string,
  b: string,
): string {
  const [x, y] = [new PublicKey(a), new PublicKey(b)];
  const [mint0, mint1] = Buffer.compare(x.toBuffer(), y.toBuffer()) < 0 ? [x, y] : [y, x];
  const key = `${program.toBase58()}:${index}:${mint0.toBase58()}:${mint1.toBase58()}`;
  let address = pools.get(key);
  if (!address) {
    address = PublicKey.findProgramAddressSync(
      [
        Buffer.from('pool'),
        configAddress(program, index).toBuffer(),
        mint0.toBuffer(),
        mint1.toBuffer(),
      ],
      program,
    )[0].toBase58();
    if (pools.size >= MAX_POOLS) pools.clear();
    pools.set(key, address);
  }
  return address;
}
