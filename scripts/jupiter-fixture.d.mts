// Types of scripts/jupiter-fixture.mjs for its TypeScript tests.
export const JUPITER_FIXTURE: string;
export const APP_JUPITER_PROGRAM_ENV: 'SWAPDESK_SANDBOX_JUPITER_PROGRAM';
export function withJupiterProgram(args: string[]): string[];
export function electronEnv(args: string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
