/**
 * The built files that lazily loaded modules need beyond what the first load fetches: the
 * app prefetches the editor's when idle, and the server has a question's page ask for its
 * screen's at once. Worked out once here, from the bundle, for both.
 */

/** What is read here of a chunk of the bundle (Rollup's, with Vite's CSS metadata). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** The chunks it imports statically, by file name. */
  imports: string[];
  /** The module a lazily loaded chunk stands for, if any. */
  facadeModuleId: string | null;
  /** The stylesheets it needs, by file name. */
  css: string[];
}

/**
 * The files of the chunks built from `modules` (matched by the end of their path), the
 * chunks they import and those chunks' stylesheets, less what every page loads (the
 * entries and what they import), each once, in the order they are reached.
 */
export function lazyFiles(chunks: BuiltChunk[], modules: string[]): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set<string>();
  const walkInitial = (file: string) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const next of byFile.get(file)?.imports ?? []) walkInitial(next);
  };
  for (const chunk of chunks) if (chunk.isEntry) walkInitial(chunk.fileName);
  const wanted = new Set<string>();
  const add = (file: string) => {
    if (initial.has(file) || wanted.has(file)) return;
    wanted.add(file);
    const chunk = byFile.get(file);
    for (const css of chunk?.css ?? []) wanted.add(css);
    for (const next of chunk?.imports ?? []) add(next);
  };
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId;
    if (id && modules.some((module) => id.endsWith(module))) add(chunk.fileName);
  }
  return [...wanted];
}
