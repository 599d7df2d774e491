import * as nodeFs from 'node:fs'
import path from 'node:path'

/**
 * The server's data (the lead database, the mails written without SMTP_URL,
 * the generated booking secret) is readable by the server's user only
 * (docs/deploy.md, "The data folder"): the folder 0700, each file in it 0600.
 * A folder or database the server cannot use stops the start with the path and
 * what is wrong, before SQLite or a write fails with a bare ENOENT or "unable to
 * open database file" (issue 38).
 */
export const DATA_FOLDER_MODE = 0o700
export const DATA_FILE_MODE = 0o600

/** The file functions used here; a test gives one that refuses as the system would refuse another user. */
export type DataFolderFs = Pick<
  typeof nodeFs,
  'accessSync' | 'chmodSync' | 'closeSync' | 'mkdirSync' | 'openSync' | 'statSync'
>

/**
 * Makes `dir` ready for the server's data, or throws naming `setting`, the
 * path and what is wrong: created 0700 (with its parents) when missing; made
 * 0700 when this process owns it and `chmod` (DATA_DIR; not the folder of a
 * DATABASE_PATH set elsewhere, which may be shared); refused when it is a file,
 * cannot be created, or this user cannot write to it.
 */
export function prepareDataFolder(
  dir: string,
  setting: string,
  { chmod = true, fs = nodeFs }: { chmod?: boolean; fs?: DataFolderFs } = {},
): void {
  const folder = path.resolve(dir)
  const wrong = (what: string) => new Error(`${setting}: ${folder} ${what}`)
  const stat = statOf(folder, fs)
  if (stat === 'missing') {
    try {
      fs.mkdirSync(folder, { recursive: true, mode: DATA_FOLDER_MODE })
    } catch (error) {
      throw wrong(`does not exist and cannot be created: ${whyNotCreated(folder, error, fs)}`)
    }
  } else if (stat === 'under-a-file') {
    throw wrong(`does not exist and cannot be created: ${whyNotCreated(folder, undefined, fs)}`)
  } else if (!stat.isDirectory()) {
    throw wrong(stat.isFile() ? 'is a file, not a folder' : 'is not a folder')
  }
  const refusal = writeRefusal(folder, nodeFs.constants.W_OK | nodeFs.constants.X_OK, fs)
  if (refusal) throw wrong(refusal)
  if (chmod || stat === 'missing') makePrivate(folder, DATA_FOLDER_MODE, fs, wrong)
}

/**
 * Makes the SQLite database `file` ready to open, or throws naming
 * DATABASE_PATH, the path and what is wrong: its folder as
 * `prepareDataFolder` (created if missing, never chmod'ed); the file created
 * empty and 0600 when missing, made 0600 when this process owns it, with its
 * -wal and -shm (SQLite gives those the database's mode as it creates them).
 */
export function prepareDatabaseFile(file: string, { fs = nodeFs }: { fs?: DataFolderFs } = {}): void {
  const database = path.resolve(file)
  prepareDataFolder(path.dirname(database), 'DATABASE_PATH', { chmod: false, fs })
  const wrong = (what: string) => new Error(`DATABASE_PATH: ${database} ${what}`)
  const stat = statOf(database, fs)
  if (stat === 'missing') {
    try {
      // SQLite reads an empty file as an empty database; `wx`: one made meanwhile by another process is kept.
      fs.closeSync(fs.openSync(database, 'wx', DATA_FILE_MODE))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw wrong(`cannot be created: ${(error as Error).message}`)
      }
    }
  } else if (stat !== 'under-a-file' && stat.isDirectory()) {
    throw wrong('is a folder, not a file')
  }
  const refusal = writeRefusal(database, nodeFs.constants.R_OK | nodeFs.constants.W_OK, fs)
  if (refusal) throw wrong(refusal)
  for (const name of [database, `${database}-wal`, `${database}-shm`]) {
    if (statOf(name, fs) !== 'missing') makePrivate(name, DATA_FILE_MODE, fs, wrong)
  }
}

/** The path's stat, `missing`, or `under-a-file` when a folder above it is a file. */
function statOf(name: string, fs: DataFolderFs): nodeFs.Stats | 'missing' | 'under-a-file' {
  try {
    return fs.statSync(name)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return 'missing'
    if (code === 'ENOTDIR') return 'under-a-file'
    throw error
  }
}

/** Why `folder` could not be made, in words: the file in its way, or the folder above it that refused. */
function whyNotCreated(folder: string, error: unknown, fs: DataFolderFs): string {
  // The nearest folder above that exists: the one the new folders would go in.
  let above = path.dirname(folder)
  for (;;) {
    const stat = statOf(above, fs)
    if (stat !== 'missing' && stat !== 'under-a-file') {
      if (!stat.isDirectory()) return `${above} is a file, not a folder`
      break
    }
    if (path.dirname(above) === above) break
    above = path.dirname(above)
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  if (code === 'EACCES' || code === 'EPERM') return `${above} is not writable by this user (uid ${uid()})`
  if (code === 'EROFS') return `${above} is on a read-only file system`
  return (error as Error | undefined)?.message ?? 'a folder above it is not a folder'
}

/** Why this user may not write `name`, in words; undefined when it may. */
function writeRefusal(name: string, mode: number, fs: DataFolderFs): string | undefined {
  try {
    fs.accessSync(name, mode)
    return undefined
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EROFS') return 'is on a read-only file system'
    if (code === 'EACCES' || code === 'EPERM') return `is not writable by this user (uid ${uid()})`
    return `cannot be used: ${(error as Error).message}`
  }
}

/**
 * `name` at `mode` when this process owns it and it is not so already; another
 * owner's is left as it is, and so is a folder shared on purpose (the sticky
 * bit, as /tmp: root owns it, and taking it from everyone else would break the
 * machine).
 */
function makePrivate(name: string, mode: number, fs: DataFolderFs, wrong: (what: string) => Error) {
  const stat = fs.statSync(name)
  if ((stat.mode & 0o777) === mode || stat.uid !== uid() || stat.mode & STICKY) return
  try {
    fs.chmodSync(name, mode)
  } catch (error) {
    throw wrong(`cannot be made readable by this user only (chmod ${mode.toString(8)}): ${(error as Error).message}`)
  }
}

const uid = () => process.getuid?.() ?? -1

/** The sticky bit of a mode (S_ISVTX). */
const STICKY = 0o1000
