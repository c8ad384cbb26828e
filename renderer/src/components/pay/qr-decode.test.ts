/**
 * QR decoding of payment links: codes made by an independent encoder (qrcode-generator), drawn
 * into RGBA pixels here, are read back by decodeQrPixels exactly; an image without a code reads
 * as null. (Drawing a file onto a canvas needs a browser: the e2e pay suite loads a real image.)
 */
import { describe, expect, it } from 'vitest';
import qrcode from 'qrcode-generator';
import { decodeQrPixels } from './qr-decode';

/** The QR code of `text` as RGBA pixels: `cell` pixels per module and a 4-module quiet zone. */
function qrPixels(text: string, cell = 4, invert = false) {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  const modules = qr.getModuleCount();
  const size = (modules + 8) * cell;
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const row = Math.floor(y / cell) - 4;
      const col = Math.floor(x / cell) - 4;
      const inCode = row >= 0 && col >= 0 && row < modules && col < modules;
      const dark = inCode && qr.isDark(row, col);
      const value = dark !== invert ? 0 : 255;
      const i = (y * size + x) * 4;
      rgba[i] = value;
      rgba[i + 1] = value;
      rgba[i + 2] = value;
      rgba[i + 3] = 255;
    }
  }
  return { rgba, size };
}

const LINK =
  'solana:9Wz2nR6aBmoEJ2mr8e7ox3rT5Q8pnf3Fqe1AnA8WxG8v?amount=12.5&spl-token=EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v&reference=82ZJ7nbGpixjeDCmEhUcmwXYfvurzAgGdtSMuHnUgyny&label=Corner%20Cafe&memo=INV-42';

describe('decodeQrPixels', () => {
  it('reads a Solana Pay link back exactly from its QR code', () => {
    const { rgba, size } = qrPixels(LINK);
    expect(decodeQrPixels(rgba, size, size)).toBe(LINK);
  });

  it('reads a light code on a dark background too', () => {
    const { rgba, size } = qrPixels(LINK, 3, true);
    expect(decodeQrPixels(rgba, size, size)).toBe(LINK);
  });

  it('answers null for an image without a code', () => {
    const size = 120;
    const rgba = new Uint8ClampedArray(size * size * 4).fill(255);
    expect(decodeQrPixels(rgba, size, size)).toBeNull();
  });
});
