/**
 * The app's version, read from package.json at run time (the main bundle sits in out/main, two
 * folders below it; the Electron shell uses app.getVersion() instead).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Version of the package.json in `rootDir`, or '0.0.0' when it cannot be read. */
export function readAppVersion(rootDir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
