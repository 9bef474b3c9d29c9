/**
 * PGlite on disk, durable like PostgreSQL: a commit is acknowledged only after its WAL
 * reached the disk, so an operating-system crash or power loss cannot take back a write
 * the site already confirmed.
 *
 * Out of the box PGlite is durable against a crash of the process (kill -9): Emscripten's
 * NODEFS hands every write() to the kernel at once. But it starts Postgres with -F
 * (fsync off), and NODEFS has no fsync at all, so the WAL of a confirmed commit may sit
 * in the page cache when the machine goes down. Here fsync reaches the disk, Postgres
 * runs with fsync on, and the WAL is flushed with fsync() (Emscripten's fdatasync is a
 * no-op). The cost is one fsync a commit: 1 to 5 ms on the development VM, which caps
 * the embedded database near 200 to 1,000 commits a second (PostgreSQL pays the same).
 */
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type PostgresMod = Parameters<NodeFS['init']>[1];

/** PGlite's default start parameters, with fsync on and WAL flushed through fsync(). */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
];

/** Emscripten's errno for EIO: Postgres treats a failed fsync as fatal (PANIC). */
const EMSCRIPTEN_EIO = 29;

interface NodefsStream {
  nfd?: number;
}
interface NodefsType {
  stream_ops: { fsync?: (stream: NodefsStream) => number };
}

/** NodeFS whose fsync calls `sync` (fs.fsyncSync; a spy in tests) on the real file. */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly sync: (fd: number) => void = fsyncSync,
  ) {
    super(dataDir);
  }

  override async init(
    pg: PGlite,
    opts: Partial<PostgresMod>,
  ): Promise<{ emscriptenOpts: Partial<PostgresMod> }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const installFsync = (mod: PostgresMod) => {
      const nodefs = mod.FS.filesystems.NODEFS as unknown as NodefsType;
      nodefs.stream_ops.fsync = (stream) => {
        if (stream.nfd === undefined) return 0;
        try {
          this.sync(stream.nfd);
          return 0;
        } catch {
          return EMSCRIPTEN_EIO;
        }
      };
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [installFsync, ...(emscriptenOpts.preRun ?? [])],
      },
    };
  }
}

/** Opens PGlite in `dataDir` with durable commits. */
export function createDurablePGlite(dataDir: string, sync?: (fd: number) => void) {
  return PGlite.create({ fs: new DurableNodeFS(dataDir, sync), startParams: DURABLE_START_PARAMS });
}
