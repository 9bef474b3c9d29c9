/**
 * The JavaScript the home route loads before anything else (the entry chunk and its static
 * imports, not the lazy ones such as the rich-text editor and the admin screen) must stay
 * within budget, gzipped. Reads Vite's build manifest; run after `npm run build`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (entry === undefined) throw new Error('No entry chunk in the Vite manifest.');

const initial = new Set<string>();
const visit = (key: string) => {
  if (initial.has(key)) return;
  initial.add(key);
  for (const imported of manifest[key]?.imports ?? []) visit(imported);
};
visit(entry);

let total = 0;
for (const key of initial) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(path.join(dist, file))).length;
  total += size;
  console.log(`  ${file}: ${(size / 1024).toFixed(1)} KB gzip`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `Home route initial JavaScript: ${(total / 1024).toFixed(1)} KB gzip, ${verdict} the ${BUDGET_BYTES / 1024} KB budget.`,
);
if (total > BUDGET_BYTES) process.exit(1);
