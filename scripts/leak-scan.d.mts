// Types of scripts/leak-scan.mjs for its TypeScript test.
export interface RecordedSecret {
  kind: string;
  value: string;
}
export interface SecretForm {
  form: string;
  needle: string;
  view: 'words' | 'compact' | 'compactLower';
  words?: boolean;
}
export interface Leak {
  file: string;
  line: number;
  form: string;
  secret: number;
}
export function base58Decode(text: string): Uint8Array | null;
export function base58Encode(bytes: Uint8Array): string;
export function secretForms(secret: RecordedSecret): SecretForm[];
export function readSecrets(file: string): { secrets: RecordedSecret[]; malformed: number[] };
export function filesToScan(runDir: string, skip?: string[]): string[];
export function scanText(
  text: string,
  expanded: Array<SecretForm & { secret: number }>,
): { lines: number; leaks: Array<Omit<Leak, 'file'>> };
export function scanRunDir(runDir: string): {
  secrets: RecordedSecret[];
  malformed: number[];
  files: string[];
  lines: number;
  leaks: Leak[];
};

export declare const REVEALING_METHODS: string[];
export declare function withoutRevealedAnswers(text: string): string;
