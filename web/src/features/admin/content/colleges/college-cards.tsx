import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ContentCollege, ProgramEntry } from '@portal/common';
import { type ReactNode, useId } from 'react';
import { ProblemAlert } from '@/components/admin/content/problem-alert';
import { Button } from '@/components/button';
import classes from './colleges-editor.module.css';

export const ORDER = 'الترتيب';
const SOCIAL_WORK = 'خدمة اجتماعية';
const TOURISM = 'سياحة';
const HIDDEN_COLLEGE = 'مخفية';
const HIDDEN_PROGRAM = 'مخفي';
const STUDENTS = 'عدد الطلاب';
const ACCOUNTS = 'عدد الحسابات';
const EDIT = 'تعديل';
const HIDE = 'إخفاء';
const SHOW = 'إظهار';
const DELETE = 'حذف';
const PROGRAMS = 'البرامج';
const NO_PROGRAMS = 'لا توجد برامج لهذه الكلية بعد.';
export const ADD_PROGRAM = 'إضافة برنامج';
export const addProgramId = (collegeId: string) => `content-colleges-add-program-${collegeId}`;

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Text span size="sm">
      {`${label}: `}
      <bdi>{value}</bdi>
    </Text>
  );
}

interface CollegeCardProps {
  college: ContentCollege;
  problem: string | undefined;
  pending: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  children: ReactNode;
}

export function CollegeCard({
  college,
  problem,
  pending,
  onEdit,
  onToggle,
  onDelete,
  children,
}: CollegeCardProps) {
  const nameId = useId();
  return (
    <li className={classes.college} aria-labelledby={nameId}>
      <div className={classes.collegeHead}>
        <Stack gap={4} miw={0}>
          <Title order={3} size="h4" id={nameId} className={classes.name}>
            {college.name}
          </Title>
          <Group gap="xs">
            {college.socialWork && <Flag>{SOCIAL_WORK}</Flag>}
            {college.tourism && <Flag>{TOURISM}</Flag>}
            {college.hidden && <HiddenBadge>{HIDDEN_COLLEGE}</HiddenBadge>}
          </Group>
          <Group gap="md" className={classes.counts}>
            <Count label={ORDER} value={college.sortOrder} />
            <Count label={STUDENTS} value={college.studentCount} />
            <Count label={ACCOUNTS} value={college.staffCount} />
          </Group>
        </Stack>
        <EntryActions
          nameId={nameId}
          hidden={college.hidden}
          pending={pending}
          onEdit={onEdit}
          onToggle={onToggle}
          onDelete={onDelete}
        />
      </div>
      <ProblemAlert message={problem} />
      {children}
    </li>
  );
}

function Flag({ children }: { children: ReactNode }) {
  return (
    <Badge variant="light" radius="sm" tt="none">
      {children}
    </Badge>
  );
}

function HiddenBadge({ children }: { children: ReactNode }) {
  return (
    <Badge variant="light" color="gray" c="gray.9" radius="sm" tt="none">
      {children}
    </Badge>
  );
}

interface ProgramsProps {
  college: ContentCollege;
  problems: Record<string, string>;
  pendingFor: (id: string) => boolean;
  onAdd: () => void;
  onEdit: (program: ProgramEntry) => void;
  onToggle: (program: ProgramEntry) => void;
  onDelete: (program: ProgramEntry) => void;
}

export function Programs({
  college,
  problems,
  pendingFor,
  onAdd,
  onEdit,
  onToggle,
  onDelete,
}: ProgramsProps) {
  const headingId = useId();
  return (
    <section className={classes.programs} aria-labelledby={headingId}>
      <Title order={4} size="h5" id={headingId}>
        {`${PROGRAMS}: ${college.name}`}
      </Title>
      {college.programs.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_PROGRAMS}
        </Text>
      ) : (
        <ul className={classes.programList} aria-labelledby={headingId}>
          {college.programs.map((program) => (
            <ProgramRow
              key={program.id}
              program={program}
              problem={problems[program.id]}
              pending={pendingFor(program.id)}
              onEdit={() => onEdit(program)}
              onToggle={() => onToggle(program)}
              onDelete={() => onDelete(program)}
            />
          ))}
        </ul>
      )}
      <Group>
        <Button
          id={addProgramId(college.id)}
          size="sm"
          variant="light"
          onClick={onAdd}
          aria-describedby={headingId}
        >
          {ADD_PROGRAM}
        </Button>
      </Group>
    </section>
  );
}

interface ProgramRowProps {
  program: ProgramEntry;
  problem: string | undefined;
  pending: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

function ProgramRow({ program, problem, pending, onEdit, onToggle, onDelete }: ProgramRowProps) {
  const nameId = useId();
  return (
    <li className={classes.program} aria-labelledby={nameId}>
      <div className={classes.programHead}>
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600} id={nameId} className={classes.name}>
              {program.name}
            </Text>
            {program.hidden && <HiddenBadge>{HIDDEN_PROGRAM}</HiddenBadge>}
          </Group>
          <Count label={STUDENTS} value={program.studentCount} />
        </Stack>
        <EntryActions
          nameId={nameId}
          hidden={program.hidden}
          pending={pending}
          onEdit={onEdit}
          onToggle={onToggle}
          onDelete={onDelete}
        />
      </div>
      <ProblemAlert message={problem} />
    </li>
  );
}

interface EntryActionsProps {
  /** The id of the college's or program's name, which each button is described by. */
  nameId: string;
  hidden: boolean;
  pending: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}

/** A college's or a program's buttons: edit, hide or show, delete. */
function EntryActions({ nameId, hidden, pending, onEdit, onToggle, onDelete }: EntryActionsProps) {
  return (
    <Group gap="xs" className={classes.actions}>
      <Button size="sm" variant="light" onClick={onEdit} aria-describedby={nameId}>
        {EDIT}
      </Button>
      <Button size="sm" variant="default" onClick={onToggle} loading={pending} aria-describedby={nameId}>
        {hidden ? SHOW : HIDE}
      </Button>
      <Button size="sm" variant="light" color="red" onClick={onDelete} aria-describedby={nameId}>
        {DELETE}
      </Button>
    </Group>
  );
}
