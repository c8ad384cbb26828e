/**
 * The relative-import graph of the project's TypeScript, and the rings in it. Read from the
 * source text with a regular expression, not the compiler, so that `import type` counts too: a
 * ring of type-only imports compiles, but it still means no file of the ring can be read, moved
 * or tested without the others (issue 18).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Every `from './x'`, `import './x'` and `import('./x')` whose specifier is relative. */
const RELATIVE_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/gm;

const EXTENSIONS = ['.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** File -> the files it imports, all as paths relative to the root with forward slashes. */
export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier);
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** The relative specifiers a source text imports, in order. */
export function relativeImports(text: string): string[] {
  return [...text.matchAll(RELATIVE_IMPORT)].map((match) => match[1]!);
}

/** The graph of every source file under `folders` (relative to `root`), edges inside them only. */
export function readImportGraph(root: string, folders: string[]): ImportGraph {
  const name = (path: string) => relative(root, path).split(sep).join('/');
  const inside = (path: string) => folders.some((folder) => name(path).startsWith(`${folder}/`));
  const graph: ImportGraph = new Map();
  for (const file of folders.flatMap((folder) => sourceFiles(join(root, folder)))) {
    const targets = relativeImports(readFileSync(file, 'utf8'))
      .map((specifier) => resolveImport(file, specifier))
      .filter((target): target is string => target !== null && inside(target))
      .map(name);
    graph.set(name(file), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The rings of a graph: each strongly connected component of more than one file (or a file
 * importing itself), as one closed path through it, e.g. `['a.ts', 'b.ts', 'a.ts']`, starting
 * at its first file by name. Sorted, so that a report reads the same on every run.
 */
export function findCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative only where it must be: the graph is a few hundred files deep.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;

  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  return components.map((component) => closedPath(graph, component)).sort();
}

/** A shortest path from the component's first file back to itself, through the component. */
function closedPath(graph: ImportGraph, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
