import { describe, expect, it } from 'vitest';
import { programOptions } from './form-fields';

const PROGRAMS = ['إرشاد سياحي', 'دراسات فندقية', 'إدارة سياحية', 'ضيافة'];

describe('programOptions', () => {
  it('leaves out the programs chosen in the other two slots but keeps the slot’s own', () => {
    const chosen = ['إرشاد سياحي', 'دراسات فندقية', ''];
    expect(programOptions(PROGRAMS, chosen, 0)).toEqual(['إرشاد سياحي', 'إدارة سياحية', 'ضيافة']);
    expect(programOptions(PROGRAMS, chosen, 1)).toEqual(['دراسات فندقية', 'إدارة سياحية', 'ضيافة']);
    expect(programOptions(PROGRAMS, chosen, 2)).toEqual(['إدارة سياحية', 'ضيافة']);
  });

  it('keeps a stored choice the college no longer lists in its own slot', () => {
    expect(programOptions(PROGRAMS, ['برنامج قديم', '', ''], 0)).toEqual(['برنامج قديم', ...PROGRAMS]);
  });
});
