/**
 * Reads the text of a QR code from an image (a file the person chose, or an image on the
 * clipboard). Decoding is jsQR, pure JavaScript in the renderer: the image never leaves the
 * page, and main only ever sees the text, which it parses like any pasted request.
 */
import jsQR from 'jsqr';

/** Images larger than this (either side) are scaled down first: QR codes need few pixels. */
const MAX_SIDE = 1600;

/**
 * The text of the QR code in RGBA pixels, or null when none can be read. Tries the image as
 * is and inverted (light codes on a dark background).
 *
 * @example decodeQrPixels(imageData.data, imageData.width, imageData.height) // 'solana:…'
 */
export function decodeQrPixels(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
): string | null {
  const code = jsQR(rgba, width, height, { inversionAttempts: 'attemptBoth' });
  return code?.data ?? null;
}

/** Why an image could not give a payment request, in words. */
export const NO_QR_MESSAGE =
  'No QR code could be read in this image. Use a sharper or larger picture of the code, or paste the payment link.';
export const NOT_IMAGE_MESSAGE =
  'This file is not an image Swapdesk can read. Choose a PNG, JPEG, GIF or WebP picture of the QR code.';

/**
 * Draws an image file (or clipboard blob) on a canvas and decodes its QR code.
 * Throws an Error with a message a person can act on when there is no image or no code.
 */
export async function decodeQrImage(blob: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    throw new Error(NOT_IMAGE_MESSAGE);
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error(NOT_IMAGE_MESSAGE);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const text = decodeQrPixels(context.getImageData(0, 0, width, height).data, width, height);
  if (text === null) throw new Error(NO_QR_MESSAGE);
  return text.trim();
}
