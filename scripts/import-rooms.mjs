// Rooms are what docs/architecture.md names: an API module or floor, a web feature or shared folder, common. The
// import check collapses file imports into arrows between rooms to find cycles a file-by-file check cannot see
// (users → two-factor through one file, two-factor → users through another) and to draw the modules' arrows.

/** The room a source file lives in, or null for files outside the three workspaces. */
export function roomOf(path) {
  let m = path.match(/^api\/src\/modules\/([^/]+)\//);
  if (m) return `api/modules/${m[1]}`;
  m = path.match(/^api\/src\/([^/]+)\//);
  if (m) return `api/${m[1]}`;
  if (/^api\/src\/[^/]+$/.test(path)) return path === 'api/src/logger.ts' ? 'api/logger' : 'api/app';
  m = path.match(/^web\/src\/features\/admin\/content\/([^/]+)\//);
  if (m) return `web/features/admin/content/${m[1]}`;
  m = path.match(/^web\/src\/features\/admin\/([^/]+)\//);
  if (m) return `web/features/admin/${m[1]}`;
  m = path.match(/^web\/src\/features\/([^/]+)\//);
  if (m) return `web/features/${m[1]}`;
  m = path.match(/^web\/src\/([^/]+)\//);
  if (m) return `web/${m[1]}`;
  if (/^web\/src\/[^/]+$/.test(path)) return 'web/app';
  if (path.startsWith('common/src/')) return 'common';
  return null;
}

/** The arrows between rooms ("from → to"), from each file's imports. */
export function roomEdges(files, room = roomOf) {
  const edges = new Set();
  for (const file of files) {
    const from = room(file.source);
    if (!from) continue;
    for (const target of file.imports) {
      const to = room(target);
      if (to && to !== from) edges.add(`${from} → ${to}`);
    }
  }
  return edges;
}

/** Every group of rooms that reach each other (Tarjan's strongly connected components of more than one room). */
export function roomCycles(edges) {
  const next = new Map();
  for (const edge of edges) {
    const [from, to] = edge.split(' → ');
    if (!next.has(from)) next.set(from, []);
    if (!next.has(to)) next.set(to, []);
    next.get(from).push(to);
  }
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (room) => {
    order.set(room, index);
    low.set(room, index);
    index += 1;
    stack.push(room);
    onStack.add(room);
    for (const to of next.get(room)) {
      if (!order.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(room, Math.min(low.get(room), order.get(to)));
      }
    }
    if (low.get(room) === order.get(room)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== room);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const room of [...next.keys()].sort()) if (!order.has(room)) visit(room);
  return cycles;
}

/** The API modules' arrows between each other as a Mermaid flowchart, in a stable order. */
export function drawRooms(edges) {
  const prefix = 'api/modules/';
  const arrows = [...edges]
    .map((edge) => edge.split(' → '))
    .filter(([from, to]) => from.startsWith(prefix) && to.startsWith(prefix))
    .map(([from, to]) => [from.slice(prefix.length), to.slice(prefix.length)])
    .sort(([a, b], [c, d]) => a.localeCompare(c) || b.localeCompare(d));
  const id = (name) => name.replaceAll('-', '_');
  const lines = ['```mermaid', 'flowchart LR'];
  // Mermaid ids cannot hold a hyphen: a module named with one is declared once under an id, labelled with its name.
  const hyphenated = new Set(arrows.flat().filter((name) => name.includes('-')));
  for (const name of [...hyphenated].sort()) lines.push(`  ${id(name)}[${name}]`);
  for (const [from, to] of arrows) lines.push(`  ${id(from)} --> ${id(to)}`);
  lines.push('```', '');
  return lines.join('\n');
}
