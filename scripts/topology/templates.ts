/**
 * The configuration files in deploy/ are the topology's templates: `${NAME}` stands for a
 * value of the machine (an address, a port, a path), the rest is used as it is written.
 * `envsubst` renders them the same way in a real deployment (deploy/README.md).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './state.ts';

export async function renderTemplate(
  name: string,
  values: Record<string, string | number>,
): Promise<string> {
  const text = await readFile(path.join(REPO_ROOT, 'deploy', name), 'utf8');
  const missing = new Set<string>();
  const rendered = text.replace(/\$\{([A-Z0-9_]+)\}/g, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) missing.add(key);
    return String(value);
  });
  if (missing.size > 0) throw new Error(`deploy/${name}: no value for ${[...missing].join(', ')}`);
  return rendered;
}
