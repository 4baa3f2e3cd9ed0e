import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** The account PostgreSQL runs as when the portal runs as root; unknown ids before its first start. */
export interface PostgresAccount {
  uid: number;
  gid: number;
}

export interface FolderMode {
  folder: string;
  uid: number;
  gid: number;
  mode: number;
}

/**
 * Whether `account` may pass through a folder with these owner, group and permission bits: the owner's bits when
 * it owns the folder, the group's when the folder is of its group, otherwise everyone's. Without an account (the
 * user is made at the first start, with a group of its own) only everyone's bits count.
 */
export function mayEnter(folder: FolderMode, account: PostgresAccount | undefined): boolean {
  if (account && folder.uid === account.uid) return (folder.mode & 0o100) !== 0;
  if (account && folder.gid === account.gid) return (folder.mode & 0o010) !== 0;
  return (folder.mode & 0o001) !== 0;
}

/** The folders from the root down to `dir`, the root first: each must be entered to reach the next. */
export function foldersOnTheWay(dir: string): string[] {
  const folders: string[] = [];
  for (let folder = path.resolve(dir); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) return folders;
  }
}

async function postgresAccount(): Promise<PostgresAccount | undefined> {
  const id = async (flag: string) =>
    Number((await promisify(execFile)('id', [flag, 'postgres'])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * Run as root, the portal has its embedded PostgreSQL run as the user `postgres` (PostgreSQL refuses root), which
 * must pass through every folder above its data. A DATA_DIR inside a folder only root may enter (`mktemp -d`
 * makes one) otherwise ends in initdb's bare 'Permission denied'. This names the folder and what to change, before
 * anything is created. The portal never loosens a folder above its own data by itself.
 */
export async function assertPostgresUserReaches(dir: string): Promise<void> {
  const account = await postgresAccount();
  for (const folder of foldersOnTheWay(path.dirname(path.resolve(dir)))) {
    // The portal makes the missing ones itself, open to pass through (mode 755 under the usual umask).
    const found = await stat(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!found) return;
    const { uid, gid, mode } = found;
    if (mayEnter({ folder, uid, gid, mode }, account)) continue;
    const bits = (mode & 0o777).toString(8).padStart(3, '0');
    throw new Error(
      `the embedded PostgreSQL runs as the user 'postgres' (the portal runs as root), and that user may not enter ` +
        `${folder} (mode ${bits}), on the way to its data in ${dir}. Allow it to pass through (not to list) with ` +
        `'chmod o+x ${folder}', or set DATA_DIR to a folder it can reach, such as /var/lib/portal.`,
    );
  }
}
