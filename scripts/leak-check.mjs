#!/usr/bin/env node
// `node scripts/leak-check.mjs <runDir>`: run by scripts/test.mjs after the suites. Looks for
// every secret the tests recorded (runDir/secrets.jsonl) in every other file of the run (the
// suites' output, the bridge transcript, any log) and fails naming file and line, never the
// secret. The forms it looks for are listed in scripts/leak-scan.mjs.
import { scanRunDir } from './leak-scan.mjs';

const runDir = process.argv[2];
if (!runDir) {
  console.error('usage: node scripts/leak-check.mjs <runDir>');
  process.exit(2);
}

const { secrets, malformed, files, lines, leaks } = scanRunDir(runDir);
for (const line of malformed) {
  console.warn(`leak check: warning: secrets.jsonl line ${line} is not JSON; it was skipped`);
}
if (secrets.length === 0) {
  console.warn(
    `leak check: warning: no secrets were recorded in ${runDir}/secrets.jsonl, so there was nothing to look for (${files.length} files)`,
  );
  process.exit(0);
}
for (const leak of leaks) {
  console.error(
    `leak check: LEAK in ${leak.file} line ${leak.line}: ${leak.form} of recorded secret #${leak.secret} (${secrets[leak.secret - 1].kind})`,
  );
}
console.log(
  `leak check: ${secrets.length} secrets, ${files.length} files, ${lines} lines scanned, ${leaks.length} leaks`,
);
process.exit(leaks.length > 0 ? 1 : 0);
