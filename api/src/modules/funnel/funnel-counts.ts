import {
  type FunnelRefusal,
  type FunnelRow,
  type FunnelStepCounts,
  PROGRESS_STEPS,
  type ProgressFlags,
  studentProgress,
} from '@portal/common';
import type { FunnelCollegeRow, ProgressGroupRow, RefusalRow } from './funnel.repository.js';

const emptySteps = (): FunnelStepCounts[] =>
  PROGRESS_STEPS.map((step) => ({ step, done: 0, current: 0, blocked: 0 }));

/** Adds `count` students with these flags to `steps`, each step in the state the student's own tracker shows. */
function addStudents(steps: FunnelStepCounts[], flags: ProgressFlags, count: number): void {
  if (count === 0) return;
  for (const entry of studentProgress({ ...flags, documents: [] })) {
    if (entry.state === 'todo') continue;
    const counts = steps.find((candidate) => candidate.step === entry.step);
    if (counts) counts[entry.state] += count;
  }
}

/**
 * The funnel of each college and the total, from the students grouped by the tracker's inputs: every group is
 * put through `studentProgress`, the rule the student's tracker runs, so the two cannot disagree. Hidden colleges
 * without a student of the season are left out; the order is the colleges'.
 */
export function funnelRows(
  colleges: readonly FunnelCollegeRow[],
  groups: readonly ProgressGroupRow[],
): { faculties: FunnelRow[]; total: FunnelRow } {
  const total: FunnelRow = { faculty: null, students: 0, steps: emptySteps() };
  const faculties = colleges.map((college) => {
    const row: FunnelRow = { faculty: college.name, students: 0, steps: emptySteps() };
    for (const group of groups) {
      if (group.collegeId !== college.id) continue;
      const flags = { ...group, socialWork: college.socialWork };
      for (const steps of [row.steps, total.steps]) {
        addStudents(steps, { ...flags, appointed: true }, group.appointed);
        addStudents(steps, { ...flags, appointed: false }, group.students - group.appointed);
      }
      row.students += group.students;
      total.students += group.students;
    }
    return { college, row };
  });
  return {
    faculties: faculties
      .filter(({ college, row }) => !college.hidden || row.students > 0)
      .map(({ row }) => row),
    total,
  };
}

/** The refusals with the college's name, most first (as read). */
export function refusalRows(
  colleges: readonly FunnelCollegeRow[],
  rows: readonly RefusalRow[],
): FunnelRefusal[] {
  const names = new Map(colleges.map((college) => [college.id, college.name]));
  return rows.map(({ collegeId, ...rest }) => ({ faculty: names.get(collegeId) ?? '', ...rest }));
}
