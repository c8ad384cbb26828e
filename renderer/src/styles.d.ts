/**
 * The screens import their style sheets for the bundler's side effect (Vite injects them). The
 * native TypeScript compiler (7.x, `npm run typecheck`) checks side-effect imports by default,
 * so it is told that a `.css` module exists and exports nothing a screen reads.
 */
declare module '*.css';
