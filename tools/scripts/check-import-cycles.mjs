#!/usr/bin/env node
/**
 * Finds import circles inside each project (DESIGN §9: a circle means two files share one responsibility or one
 * holds what both need). Walks the relative imports — static, type-only, re-exports and dynamic — of every file under
 * libs/<p>/src and apps/<p>/src, and prints each circle as its chain of files. Exits 1 when there is one.
 * Circles between projects are the module-boundary rules' concern (eslint.config.mjs), not this script's.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** The file a relative specifier names, as the compiler resolves it: `./a.js` is `./a.ts` in source. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base.replace(/\.mjs$/, '.mts'), base.replace(/\.cjs$/, '.cts')];
  candidates.push(`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'));
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

function importGraph(srcDir) {
  const graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target) => target !== undefined && target.startsWith(srcDir));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components (Tarjan); each one with more than one file holds at least one circle. */
function components(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indexOf.get(next)));
      }
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) visit(node);
  return found;
}

/** One shortest circle through the component's first file, as the chain to print. */
function circleThrough(graph, component) {
  const members = new Set(component);
  const start = [...component].sort()[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const chain = [start];
        for (let at = node; at !== start; at = previous.get(at)) chain.splice(1, 0, at);
        return [...chain, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

const projects = ['libs', 'apps'].flatMap((kind) =>
  existsSync(join(root, kind)) ? readdirSync(join(root, kind)).map((name) => join(root, kind, name, 'src')).filter((src) => existsSync(src)) : [],
);
let circles = 0;
for (const src of projects) {
  const graph = importGraph(src);
  for (const component of components(graph)) {
    circles += 1;
    const chain = circleThrough(graph, component).map((file) => relative(root, file));
    const more = component.length > chain.length - 1 ? ` (${component.length} files in this tangle)` : '';
    console.error(`Import circle${more}:\n  ${chain.join('\n  → ')}`);
  }
}
if (circles > 0) {
  console.error(`\n${circles} import circle(s). Move what both sides need into a file of its own, or merge the two.`);
  process.exit(1);
}
console.log(`No import circles in ${projects.length} projects.`);
