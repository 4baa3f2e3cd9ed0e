// The import rules of docs/architecture.md, run by `npm run lint`. dependency-cruiser checks each import against
// .dependency-cruiser.cjs; this script adds what it cannot see file by file: a cycle between rooms (two modules or
// features that import each other through different files), and the drawing of the rooms' arrows in
// docs/architecture.md, which must be the one this script draws from the code (`--write` redraws it).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drawRooms, roomCycles, roomEdges, roomOf } from './import-rooms.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ARCHITECTURE = `${root}docs/architecture.md`;
const BEGIN = '<!-- rooms:begin (drawn by `node scripts/check-imports.mjs --write`) -->';
const END = '<!-- rooms:end -->';

function cruise() {
  const out = execFileSync(
    process.execPath,
    [
      `${root}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`,
      'api/src',
      'web/src',
      'common/src',
      'e2e',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  return JSON.parse(out);
}

const result = cruise();
const failures = result.summary.violations.map(
  (v) =>
    `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`,
);

// Tests may build the whole app and helpers in testing/ serve them; neither is a room's arrow.
const isTest = (path) => /\.test\.tsx?$|(^|\/)testing\//.test(path);
const files = result.modules
  .filter((m) => !isTest(m.source))
  .map((m) => ({
    source: m.source,
    imports: m.dependencies.filter((d) => !d.dependencyTypes.includes('type-only')).map((d) => d.resolved),
  }));
const edges = roomEdges(files, roomOf);
for (const cycle of roomCycles(edges)) failures.push(`no-room-cycles: ${cycle.join(' ⇄ ')}`);

const drawing = `${BEGIN}\n${drawRooms(edges)}${END}`;
const architecture = readFileSync(ARCHITECTURE, 'utf8');
const start = architecture.indexOf(BEGIN);
const end = architecture.indexOf(END);
if (start < 0 || end < 0) {
  failures.push(`docs/architecture.md lost its drawing markers (${BEGIN} … ${END})`);
} else if (architecture.slice(start, end + END.length) !== drawing) {
  if (process.argv.includes('--write')) {
    writeFileSync(
      ARCHITECTURE,
      architecture.slice(0, start) + drawing + architecture.slice(end + END.length),
    );
    console.log('docs/architecture.md: drawing of the rooms redrawn');
  } else {
    failures.push(
      'docs/architecture.md: the drawing of the rooms is not the code’s (an arrow was added or removed); redraw it with `node scripts/check-imports.mjs --write` and review the change',
    );
  }
}

if (failures.length > 0) {
  console.error(`Import rules (docs/architecture.md) broken ${failures.length} time(s):`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exit(1);
}
console.log(
  `Import rules hold: ${result.summary.totalCruised} files, ${result.summary.totalDependenciesCruised} imports, ${edges.size} arrows between rooms, no cycles.`,
);
