// Exit 0 when node_modules holds exactly what package-lock.json pins, else 1.
// Compares the lockfile with npm's hidden lockfile (node_modules/.package-lock.json)
// package by package, so an `npm install` done by hand counts as fresh when it matches.
import { readFileSync } from 'node:fs';

function packages(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).packages ?? null;
  } catch {
    return null;
  }
}

const wanted = packages('package-lock.json');
const installed = packages('node_modules/.package-lock.json');
if (!wanted || !installed) process.exit(1);
for (const [path, entry] of Object.entries(wanted)) {
  if (path === '' || entry.optional) continue;  // the root, and platform-specific optionals
  if (!installed[path] || installed[path].version !== entry.version) {
    console.log(`node_modules is stale: ${path} wants ${entry.version}, has ${installed[path]?.version ?? 'nothing'}`);
    process.exit(1);
  }
}
process.exit(0);
