import { describe, expect, it } from 'vitest';
import { drawRooms, roomCycles, roomEdges, roomOf } from './import-rooms.mjs';

describe('rooms of the import check', () => {
  it('names the room each file lives in', () => {
    expect(roomOf('api/src/modules/users/users.service.ts')).toBe('api/modules/users');
    expect(roomOf('api/src/db/executor.ts')).toBe('api/db');
    expect(roomOf('api/src/app.ts')).toBe('api/app');
    expect(roomOf('web/src/features/admin/funnel/funnel.tsx')).toBe('web/features/admin/funnel');
    expect(roomOf('web/src/features/admin/content/quiz/quiz-bank.tsx')).toBe(
      'web/features/admin/content/quiz',
    );
    expect(roomOf('web/src/features/student/x.tsx')).toBe('web/features/student');
    expect(roomOf('web/src/components/button.tsx')).toBe('web/components');
    expect(roomOf('common/src/limits.ts')).toBe('common');
    expect(roomOf('node_modules/zod/index.js')).toBeNull();
  });

  it('collapses file imports into arrows between rooms, leaving out imports inside a room', () => {
    const edges = roomEdges([
      { source: 'api/src/modules/users/a.ts', imports: ['api/src/modules/users/b.ts', 'api/src/db/pool.ts'] },
      {
        source: 'api/src/modules/users/b.ts',
        imports: ['api/src/modules/staff/index.ts', 'node_modules/x.js'],
      },
    ]);
    expect([...edges].sort()).toEqual([
      'api/modules/users → api/db',
      'api/modules/users → api/modules/staff',
    ]);
  });

  it('finds two rooms that import each other through different files, and a longer ring', () => {
    expect(roomCycles(new Set(['a → b', 'b → a', 'b → c']))).toEqual([['a', 'b']]);
    expect(roomCycles(new Set(['a → b', 'b → c', 'c → a', 'c → d']))).toEqual([['a', 'b', 'c']]);
    expect(roomCycles(new Set(['a → b', 'b → c', 'a → c']))).toEqual([]);
  });

  it('draws only the arrows between API modules, in a stable order', () => {
    const drawing = drawRooms(
      new Set([
        'api/modules/users → api/modules/staff',
        'api/modules/audit → api/modules/auth',
        'api/modules/users → api/db',
        'api/modules/staff-sessions → api/modules/staff',
      ]),
    );
    expect(drawing).toBe(
      [
        '```mermaid',
        'flowchart LR',
        '  staff_sessions[staff-sessions]',
        '  audit --> auth',
        '  staff_sessions --> staff',
        '  users --> staff',
        '```',
        '',
      ].join('\n'),
    );
  });
});
