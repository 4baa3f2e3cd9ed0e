import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ContentCollege, ProgramEntry } from '@portal/common';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import {
  LoadingStatus,
  LoadProblem,
  useEndSessionOnUnauthorized,
} from '@/components/admin/content/load-state';
import { useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { type CollegeWrite, useContentColleges, useWriteCollege } from './api/colleges-content';
import { addProgramId, CollegeCard, Programs } from './college-cards';
import { ADD_COLLEGE, CollegeDialog, ProgramDialog } from './college-dialogs';
import classes from './colleges-editor.module.css';

const TITLE = 'الكليات والبرامج';
const INTRO =
  'الكليات التي تظهر في قوائم الطلاب والموظفين، وبرامج كليات السياحة. لا تُحذف كلية أو برنامج يرتبط به طلاب، ويمكن إخفاؤه فلا يظهر في رفع الطلاب الجدد. تغيير الاسم يظهر في كل الشاشات والملفات فورًا.';
const DEADLINES = 'مواعيد استكمال البيانات لكل كلية في شاشة إعدادات الكليات';
const EMPTY = 'لا توجد كليات مسجلة.';
const ADD_COLLEGE_ID = 'content-colleges-add';

type Dialog =
  | { kind: 'addCollege' }
  | { kind: 'editCollege'; college: ContentCollege }
  | { kind: 'deleteCollege'; college: ContentCollege }
  | { kind: 'addProgram'; college: ContentCollege }
  | { kind: 'editProgram'; college: ContentCollege; program: ProgramEntry }
  | { kind: 'deleteProgram'; college: ContentCollege; program: ProgramEntry };

/**
 * Issue 19, item 7 (`/admin/content/colleges`, super admin only; the shell and the server both enforce it): the
 * colleges with their flags and order, and the programs of the tourism colleges. Students and accounts refer to a
 * college by id, so a rename shows everywhere at once; one that is referred to is hidden rather than deleted.
 */
export function CollegesEditor() {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const colleges = useContentColleges(token);
  const write = useWriteCollege(token);
  const [dialog, setDialog] = useState<Dialog>();
  /** A refusal of a write started from a card (hide, show, delete), shown on that college or program. */
  const [problems, setProblems] = useState<Record<string, string>>({});
  const answer = colleges.data;

  useEndSessionOnUnauthorized(answer);

  /**
   * A write started from a card: its refusal is shown on the card (`target`); after a deletion the deleted card's
   * button is gone, so the focus goes to `focusAfter` instead of to the page's start.
   */
  const send = (target: string, change: CollegeWrite, after?: () => void, focusAfter?: string) => {
    setProblems(({ [target]: _, ...rest }) => rest);
    write.mutate(change, {
      onSuccess: (result) => {
        after?.();
        if (result.status === 'error')
          return refuse(result, (message) => setProblems((all) => ({ ...all, [target]: message })));
        if (result.data.message) showSuccessNotice(result.data.message);
        if (focusAfter) requestAnimationFrame(() => document.getElementById(focusAfter)?.focus());
      },
    });
  };

  const pendingFor = (id: string) =>
    write.isPending &&
    write.variables !== undefined &&
    ('programId' in write.variables
      ? write.variables.programId
      : 'id' in write.variables && write.variables.id) === id;

  const list = answer?.status === 'success' ? answer.data.data : undefined;

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>
      <Text>{INTRO}</Text>
      <Anchor component={Link} to="/admin/colleges" w="fit-content">
        {DEADLINES}
      </Anchor>
      <Group>
        <Button id={ADD_COLLEGE_ID} onClick={() => setDialog({ kind: 'addCollege' })}>
          {ADD_COLLEGE}
        </Button>
      </Group>

      {answer?.status === 'error' ? (
        <LoadProblem message={answer.message} onRetry={() => colleges.refetch()} />
      ) : list === undefined ? (
        <LoadingStatus />
      ) : list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {EMPTY}
        </Text>
      ) : (
        <ul className={classes.colleges} aria-label="الكليات">
          {list.map((college) => (
            <CollegeCard
              key={college.id}
              college={college}
              problem={problems[college.id]}
              pending={pendingFor(college.id)}
              onEdit={() => setDialog({ kind: 'editCollege', college })}
              onToggle={() =>
                send(college.id, { kind: 'editCollege', id: college.id, body: { hidden: !college.hidden } })
              }
              onDelete={() => setDialog({ kind: 'deleteCollege', college })}
            >
              {college.tourism && (
                <Programs
                  college={college}
                  problems={problems}
                  pendingFor={pendingFor}
                  onAdd={() => setDialog({ kind: 'addProgram', college })}
                  onEdit={(program) => setDialog({ kind: 'editProgram', college, program })}
                  onToggle={(program) =>
                    send(program.id, {
                      kind: 'editProgram',
                      id: college.id,
                      programId: program.id,
                      body: { hidden: !program.hidden },
                    })
                  }
                  onDelete={(program) => setDialog({ kind: 'deleteProgram', college, program })}
                />
              )}
            </CollegeCard>
          ))}
        </ul>
      )}

      {(dialog?.kind === 'addCollege' || dialog?.kind === 'editCollege') && (
        <CollegeDialog
          college={dialog.kind === 'editCollege' ? dialog.college : undefined}
          onClose={() => setDialog(undefined)}
        />
      )}
      {(dialog?.kind === 'addProgram' || dialog?.kind === 'editProgram') && (
        <ProgramDialog
          college={dialog.college}
          program={dialog.kind === 'editProgram' ? dialog.program : undefined}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'deleteCollege' && (
        <ConfirmDialog
          title={`حذف الكلية: ${dialog.college.name}؟`}
          pending={write.isPending}
          onCancel={() => setDialog(undefined)}
          onConfirm={() =>
            send(
              dialog.college.id,
              { kind: 'deleteCollege', id: dialog.college.id },
              () => setDialog(undefined),
              ADD_COLLEGE_ID,
            )
          }
        >
          لا يمكن التراجع عن الحذف. الكلية التي يرتبط بها طلاب أو حسابات لا تُحذف، ويمكن إخفاؤها بدلًا من ذلك.
        </ConfirmDialog>
      )}
      {dialog?.kind === 'deleteProgram' && (
        <ConfirmDialog
          title={`حذف البرنامج: ${dialog.program.name}؟`}
          pending={write.isPending}
          onCancel={() => setDialog(undefined)}
          onConfirm={() =>
            send(
              dialog.program.id,
              { kind: 'deleteProgram', id: dialog.college.id, programId: dialog.program.id },
              () => setDialog(undefined),
              addProgramId(dialog.college.id),
            )
          }
        >
          لا يمكن التراجع عن الحذف. البرنامج الذي اختاره طلاب لا يُحذف، ويمكن إخفاؤه بدلًا من ذلك.
        </ConfirmDialog>
      )}
    </Stack>
  );
}
