import path from 'node:path';
import { BackupError, backup } from './backup.js';
import { megabytes, portalVersion, runAtConsole } from './console.js';

/**
 * `npm run backup -- FILE`: one archive of the database (one snapshot) and every image its rows name, on the
 * database and store the portal's settings name, while the portal keeps serving (decision 13).
 */
process.exitCode = await runAtConsole('npm run backup -- FILE', [BackupError], async (file, target, say) => {
  const started = performance.now();
  const { manifest, archiveBytes, attempts } = await backup({
    databaseUrl: target.databaseUrl,
    storage: target.storage,
    file: path.resolve(file),
    portalVersion: await portalVersion(),
    log: say,
  });
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  return (
    `backup written to ${path.resolve(file)}: ${megabytes(archiveBytes)}, ${rows} rows in ` +
    `${manifest.database.tables.length} tables (${manifest.database.kind}), ${manifest.images.count} images, ` +
    `migration level ${manifest.migrations.length}, ${((performance.now() - started) / 1000).toFixed(1)} s` +
    (attempts > 1 ? `, ${attempts} attempts` : '')
  );
});
