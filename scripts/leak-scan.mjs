// The core of the leak check (scripts/leak-check.mjs): expands each recorded secret into every
// text form it could leak in, and finds those forms in the files of a test run. Plain Node, no
// dependencies, because it runs after the suites whatever state node_modules is in.
import { Buffer } from 'node:buffer';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Decodes base58 (Bitcoin alphabet); null when `text` is not base58. */
export function base58Decode(text) {
  let value = 0n;
  for (const ch of text) {
    const digit = BASE58_ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** Encodes bytes as base58 (used to turn a 32-byte seed into the form a log might show). */
export function base58Encode(bytes) {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let text = '';
  while (value > 0n) {
    text = BASE58_ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = '1' + text;
  }
  return text;
}

// How a file is looked at: `words` collapses whitespace and lowercases (recovery phrases, even
// wrapped over lines or JSON-escaped); `compact` drops all whitespace (keys in any encoding,
// JSON arrays however they are spaced or wrapped); `compactLower` is that lowercased (hex).
const VIEWS = {
  words: (line) =>
    line
      .replace(/\\[nrt]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase(),
  compact: (line) => line.replace(/\\[nrt]/g, '').replace(/\s+/g, ''),
  compactLower: (line) =>
    line
      .replace(/\\[nrt]/g, '')
      .replace(/\s+/g, '')
      .toLowerCase(),
};

function keyForms(bytes) {
  const hex = (b) => Buffer.from(b).toString('hex');
  const b64 = (b) => Buffer.from(b).toString('base64');
  const seed = bytes.subarray(0, 32);
  return [
    { form: 'base58 secret key', needle: base58Encode(bytes), view: 'compact' },
    { form: 'secret key as hex', needle: hex(bytes), view: 'compactLower' },
    { form: 'secret key as base64', needle: b64(bytes).replace(/=+$/, ''), view: 'compact' },
    { form: 'secret key as a JSON array', needle: `[${bytes.join(',')}]`, view: 'compact' },
    { form: 'seed as base58', needle: base58Encode(seed), view: 'compact' },
    { form: 'seed as hex', needle: hex(seed), view: 'compactLower' },
    { form: 'seed as base64', needle: b64(seed).replace(/=+$/, ''), view: 'compact' },
  ];
}

/**
 * Every form one recorded secret `{ kind, value }` could leak in, as `{ form, needle, view }`.
 * A phrase yields itself and each run of 4 consecutive words (any longer run contains one).
 */
export function secretForms({ kind, value }) {
  if (typeof value !== 'string' || value.trim() === '') return [];
  if (kind === 'secret-key' || kind === 'keypair-json') {
    let bytes = null;
    if (kind === 'secret-key') bytes = base58Decode(value.trim());
    else {
      try {
        const array = JSON.parse(value);
        if (Array.isArray(array)) bytes = Uint8Array.from(array);
      } catch {
        bytes = null;
      }
    }
    if (bytes && bytes.length === 64) return keyForms(bytes);
  }
  if (kind === 'recovery-phrase') {
    const words = VIEWS.words(value).split(' ');
    const forms = [
      { form: 'recovery phrase', needle: words.join(' '), view: 'words', words: true },
    ];
    for (let i = 0; i + 4 <= words.length && words.length > 4; i++) {
      forms.push({
        form: `words ${i + 1}-${i + 4} of a recovery phrase`,
        needle: words.slice(i, i + 4).join(' '),
        view: 'words',
        words: true,
      });
    }
    return forms;
  }
  // Looked for with whitespace removed, like the compact view it is matched in.
  return [{ form: `${kind} secret`, needle: value.replace(/\s+/g, ''), view: 'compact' }];
}

/** Reads runDir/secrets.jsonl: `{ secrets, malformed }` (line numbers of unreadable lines). */
export function readSecrets(file) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { secrets: [], malformed: [] };
  }
  const secrets = [];
  const malformed = [];
  const seen = new Set();
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      const entry = JSON.parse(line);
      const key = `${entry.kind}\u0000${entry.value}`;
      if (!seen.has(key)) secrets.push({ kind: String(entry.kind), value: entry.value });
      seen.add(key);
    } catch {
      malformed.push(index + 1);
    }
  });
  return { secrets, malformed };
}

/** The files of a run to scan: everything but the secrets list and the keyring daemon's home. */
export function filesToScan(runDir, skip = ['secrets.jsonl', 'keyring-home']) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (dir === runDir && skip.includes(entry.name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(path);
    }
  };
  walk(runDir);
  return found.sort();
}

function lineAt(starts, offset) {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

function isWordChar(ch) {
  return ch !== undefined && /[a-z]/.test(ch);
}

/** How many leading characters index a needle (shorter needles are looked for one by one). */
const PREFIX = 12;
/** A rolling hash of PREFIX characters, modulo 2^32 (Math.imul wraps), and its table's mask. */
const BASE = 131;
const BASE_TOP = Array.from({ length: PREFIX - 1 }).reduce((power) => Math.imul(power, BASE), 1);
const TABLE_BITS = 24;
const TABLE_MASK = (1 << TABLE_BITS) - 1;

function prefixHash(text, at) {
  let hash = 0;
  for (let k = 0; k < PREFIX; k++) hash = (Math.imul(hash, BASE) + text.charCodeAt(at + k)) | 0;
  return hash;
}

/**
 * The needles of one view, indexed for firstPlaces: `short` (shorter than PREFIX, looked for one
 * by one), `byPrefix` (forms by their first PREFIX characters) and `table` (a bit per hash of
 * those prefixes). Each entry is `{ form, order }`, order being its place in the expanded list.
 */
function needleIndex(entries) {
  const short = [];
  const byPrefix = new Map();
  const table = new Uint8Array(1 << (TABLE_BITS - 3));
  for (const entry of entries) {
    if (entry.form.needle.length < PREFIX) {
      short.push(entry);
      continue;
    }
    const prefix = entry.form.needle.slice(0, PREFIX);
    const list = byPrefix.get(prefix);
    if (list) list.push(entry);
    else byPrefix.set(prefix, [entry]);
    const slot = prefixHash(prefix, 0) & TABLE_MASK;
    table[slot >> 3] |= 1 << (slot & 7);
  }
  return { short, byPrefix, table, indexed: entries.length - short.length };
}

/** The index of each view's needles, built once per expanded list, not once per file. */
const indexes = new WeakMap();

function viewIndexes(expanded) {
  let byView = indexes.get(expanded);
  if (!byView) {
    byView = new Map();
    for (const name of Object.keys(VIEWS)) {
      const entries = expanded
        .map((form, order) => ({ form, order }))
        .filter(({ form }) => form.view === name);
      if (entries.length > 0) byView.set(name, needleIndex(entries));
    }
    indexes.set(expanded, byView);
  }
  return byView;
}

/**
 * The first place each needle of `index` stands in `joined` (with the word-boundary check of
 * phrase forms), as a map from its entry to the offset. One pass over the text with a rolling
 * hash of the next PREFIX characters: only where it hits a needle's prefix (the bit table, then
 * the prefixes themselves) is a needle compared. One indexOf over the whole text per needle
 * took 20 s of a full run (about a thousand secrets in several forms each, megabytes of
 * output; issue 36).
 */
function firstPlaces(joined, { short, byPrefix, table, indexed }) {
  const places = new Map();
  const matches = (form, at) =>
    !(form.words && (isWordChar(joined[at - 1]) || isWordChar(joined[at + form.needle.length])));
  for (const entry of short) {
    // Every occurrence, in order, until one passes the boundary check.
    const { needle } = entry.form;
    for (let at = joined.indexOf(needle); at >= 0; at = joined.indexOf(needle, at + 1)) {
      if (matches(entry.form, at)) {
        places.set(entry, at);
        break;
      }
    }
  }
  let open = indexed;
  if (open === 0 || joined.length < PREFIX) return places;
  let hash = prefixHash(joined, 0);
  for (let at = 0; ; at++) {
    const slot = hash & TABLE_MASK;
    if (table[slot >> 3] & (1 << (slot & 7))) {
      for (const entry of byPrefix.get(joined.substr(at, PREFIX)) ?? []) {
        const { form } = entry;
        if (places.has(entry) || !joined.startsWith(form.needle, at) || !matches(form, at)) {
          continue;
        }
        places.set(entry, at);
        open -= 1;
      }
      if (open === 0) break;
    }
    if (at + PREFIX >= joined.length) break;
    const out = Math.imul(joined.charCodeAt(at), BASE_TOP);
    hash = (Math.imul(hash - out, BASE) + joined.charCodeAt(at + PREFIX)) | 0;
  }
  return places;
}

/**
 * Scans one file's text for the expanded forms. Returns `{ lines, leaks }`, each leak
 * `{ line, form, secret }` (secret = index in the list), one per form and secret, at its first
 * place, in the order of `expanded`.
 */
export function scanText(text, expanded) {
  const lines = text.split('\n');
  const leaks = [];
  for (const [name, index] of viewIndexes(expanded)) {
    const transform = VIEWS[name];
    const starts = [];
    let joined = '';
    for (const line of lines) {
      starts.push(joined.length);
      joined += transform(line) + (name === 'words' ? ' ' : '');
    }
    for (const [{ form, order }, at] of firstPlaces(joined, index)) {
      leaks.push({ order, line: lineAt(starts, at), form: form.form, secret: form.secret });
    }
  }
  leaks.sort((a, b) => a.order - b.order);
  // A final newline ends the last line; it does not start another.
  return {
    lines: text.endsWith('\n') ? lines.length - 1 : lines.length,
    leaks: leaks.map(({ line, form, secret }) => ({ line, form, secret })),
  };
}

/**
 * The bridge methods whose answer carries a secret on purpose (issue 24: a new recovery phrase
 * shown once, Show recovery phrase, Export secret key after the password); the same list as
 * REVEALING_METHODS in preload/contract/accounts.ts (a unit test checks they agree). Their
 * successful answers are the only lines of the bridge transcript the scan leaves out; their
 * failures, and every other line, are scanned.
 */
export const REVEALING_METHODS = [
  'accounts.beginPhrase',
  'accounts.revealPhrase',
  'accounts.exportSecret',
];

/** A transcript's text without the successful answers of REVEALING_METHODS (lines kept empty). */
export function withoutRevealedAnswers(text) {
  return text
    .split('\n')
    .map((line) => {
      try {
        const entry = JSON.parse(line);
        return REVEALING_METHODS.includes(entry.method) && entry.result?.ok === true ? '' : line;
      } catch {
        return line;
      }
    })
    .join('\n');
}

/**
 * Scans every file of `runDir` for every recorded secret.
 * Returns `{ secrets, malformed, files, lines, leaks }`, leaks as `{ file, line, form, secret }`
 * with `file` relative to runDir; no leak record holds secret text.
 */
export function scanRunDir(runDir) {
  const { secrets, malformed } = readSecrets(join(runDir, 'secrets.jsonl'));
  const expanded = secrets.flatMap((s, index) =>
    secretForms(s).map((form) => ({ ...form, secret: index + 1 })),
  );
  const files = filesToScan(runDir);
  let lines = 0;
  const leaks = [];
  if (expanded.length > 0) {
    for (const file of files) {
      if (statSync(file).size === 0) continue;
      const text = readFileSync(file, 'utf8');
      const isTranscript = /bridge-transcript[^/]*\.jsonl$/.test(file);
      const result = scanText(isTranscript ? withoutRevealedAnswers(text) : text, expanded);
      lines += result.lines;
      for (const leak of result.leaks) leaks.push({ file: relative(runDir, file), ...leak });
    }
  }
  return { secrets, malformed, files: files.map((f) => relative(runDir, f)), lines, leaks };
}
