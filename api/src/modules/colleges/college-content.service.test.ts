import { describe, expect, it } from 'vitest';
import { changedFields, collegeChanges } from './college-content.service.js';

describe('changedFields', () => {
  it('keeps only the keys whose value changed, before and after', () => {
    expect(
      changedFields(
        { name: 'كلية أ', hidden: false, sortOrder: 3, dataDeadline: null },
        { name: 'كلية ب', hidden: false, sortOrder: 3, dataDeadline: '2026-12-01T21:59:00.000Z' },
      ),
    ).toEqual({
      before: { name: 'كلية أ', dataDeadline: null },
      after: { name: 'كلية ب', dataDeadline: '2026-12-01T21:59:00.000Z' },
    });
  });

  it('answers two empty objects when nothing changed', () => {
    expect(changedFields({ hidden: true }, { hidden: true })).toEqual({ before: {}, after: {} });
  });
});

describe('collegeChanges', () => {
  it('passes only the keys given, false and null included, the deadline as a date', () => {
    expect(collegeChanges({ hidden: false, tourism: false, dataDeadline: null })).toEqual({
      hidden: false,
      tourism: false,
      dataDeadline: null,
    });
    expect(collegeChanges({ sortOrder: 0, dataDeadline: '2026-12-01T21:59:00.000Z' })).toEqual({
      sortOrder: 0,
      dataDeadline: new Date('2026-12-01T21:59:00.000Z'),
    });
    expect(collegeChanges({})).toEqual({});
  });
});
