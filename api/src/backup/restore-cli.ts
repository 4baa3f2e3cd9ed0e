import path from 'node:path';
import { runAtConsole } from './console.js';
import { RestoreRefused, restore } from './restore.js';

/**
 * `npm run restore -- FILE`: restores an archive of `npm run backup` into the empty database and image store the
 * portal's settings name; a damaged archive or a target that is not empty is refused, changing nothing.
 */
process.exitCode = await runAtConsole(
  'npm run restore -- FILE',
  [RestoreRefused],
  async (file, target, say) => {
    const started = performance.now();
    const manifest = await restore({
      databaseUrl: target.databaseUrl,
      storage: target.storage,
      file: path.resolve(file),
      log: say,
    });
    return (
      `restored ${path.resolve(file)} (written ${manifest.createdAt} by portal ${manifest.portalVersion}): ` +
      `${manifest.database.tables.length} tables, ${manifest.images.count} images, migration level ` +
      `${manifest.migrations.length}, ${((performance.now() - started) / 1000).toFixed(1)} s; start the portal now`
    );
  },
);
