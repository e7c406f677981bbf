// The embedded database serves one process: a lock file in its directory keeps a second one
// from opening it (PGlite itself would let both write, and each would see only its own games).
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'offiziersskat.lock';

/** Another live process holds the directory (its pid is in the message). */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by another process (pid ${pid}); it serves one process only: stop that one, or use DATABASE_URL=postgres://… for more`,
    );
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, owned by someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the directory for this process, or throws DataDirInUseError. A lock left by a process
 * that is gone (killed) is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new DataDirInUseError(dataDir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not take the lock ${path}`);
}
