import { PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
const JUP = new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4');
const REF = new PublicKey('REFER4ZgmyYx9c6He5XfaTMiGfdLwRnkV4RPp9t9iF3');
const PROJ = new PublicKey('DkiqsTrw1u1bYFumumC7sCG2S8K25qc2vemJFHyW2wJc');
const TK = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const T22 = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
const mints = ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v','So11111111111111111111111111111111111111112','Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB','JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN'].map(m=>new PublicKey(m));
const targets = new Set(['6AMWTvaL1pscDo5CAaBhPfv7xnSLjJ3ZXScV9yt5Gr5G','EaUghZfmuhgtZEEwaZwX5EBroz4WyH8VM5NSXi4tam5A','39FWQJxqTmUkFqHKjEs3CawQ1b1rqLcKmHfJ1FWMAWdu','GyY4VgEpJQhiKZRAJJmoM4hv5Q2xC4pvX68MGrGidxyG','2oL6my4QDDCfpgJZX1bZV1NgbmuNptKdgcE8wJm6efgk','qqdJ4z1yu4sTbAitwXZsGNDoGZFgL2HfVKSVwAXWCfq','EUvpCGh4qiMtq9wKgp28f9Bjv5Xz2WJqrM83XmYAqkEq','2p29nqD7DN1PczBMmgrFdtYKTfv6rJ7H3yMut4eu7nYT','BuqEDKUwyAotZuK37V4JYEykZVKY8qo1zKbpfU9gkJMo','A8kEy5wWgdW4FG593fQJ5QPVbqx1wkfXw9c4L9bPo2CN','91bUbswo6Di8235jAPwim1At4cPZLbG2pkpneyqKg4NQ','6zAcFYmxkaH25qWZW5ek4dk4SyQNpSza3ydSoUxjTudD','7x4VcEX8aLd3kFsNWULTp1qFgVtDwyWSxpTGQkoMM6XX','8ctcHN52LY21FEipCjr1MVWtoZa1irJQTPyAaTj72h7S','H1qQ6Hent1C5wa4Hc3GK2V1sgg4grvDBbmKd5H8dsTmo','g7dD1FHSemkUQrX1Eak37wzvDjscgBW2pFCENwjLdMX','HoBCz6z9AG92GGozMWEkBPE9UhQWGZ5cXhYcjoGJvwP2']);
const owners: [string, PublicKey][] = [];
for (let id=0; id<256; id++) owners.push([`authority ${id}`, PublicKey.findProgramAddressSync([Buffer.from('authority'), Buffer.from([id])], JUP)[0]]);
for (const name of ['jupiter','Jupiter','ultra','Ultra','jup','JUP','Jupiter Ultra','jupiter-ultra','platform','fee','fees','Jupiter Platform Fee','jupiter_ultra','ultra-fee','ultra_fee','ultra fee']) owners.push([`named ${name}`, PublicKey.findProgramAddressSync([Buffer.from('referral'), PROJ.toBuffer(), Buffer.from(name)], REF)[0]]);
owners.push(['project', PROJ]);
for (const [label, owner] of owners) for (const m of mints) for (const tp of [TK]) {
  const ata = getAssociatedTokenAddressSync(m, owner, true, tp).toBase58();
  if (targets.has(ata)) console.log('ATA', label, owner.toBase58(), m.toBase58(), ata);
  const v1 = PublicKey.findProgramAddressSync([Buffer.from('referral_ata'), owner.toBuffer(), m.toBuffer()], REF)[0].toBase58();
  if (targets.has(v1)) console.log('V1', label, owner.toBase58(), m.toBase58(), v1);
}
console.log('a0', owners[0][1].toBase58());
