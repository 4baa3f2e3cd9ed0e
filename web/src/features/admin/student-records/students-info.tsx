import {
  Alert,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  DOCUMENTS_STATUS_LABELS,
  DOCUMENTS_STATUSES,
  type DocumentsStatus,
  isDocumentsStatus,
  MESSAGES,
  STUDENT_PAGE_SIZE,
  type StudentRecord,
} from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FacultyPicker } from '@/components/admin/faculty-picker';
import { openDownload } from '@/components/admin/open-download';
import { progressOf, withParams } from '@/components/admin/progress-params';
import { staffKeys, useStaffErrorHandler, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import countList from '@/components/count-list.module.css';
import { showSuccessNotice } from '@/components/notices';
import { ClosedSeasonNotice } from '@/components/season-select/closed-season-notice';
import { SeasonSelect } from '@/components/season-select/season-select';
import { useSelectedSeason } from '@/components/season-select/selected-season';
import { getCookie } from '@/lib/cookies';
import {
  deleteStudent,
  requestAdmissionFormLink,
  type StudentListQuery,
  type StudentSearchQuery,
  useForgetStudent,
  useStudentList,
  useStudentSearch,
  useVisibleCounts,
} from './api/students';
import { DeleteStudentDialog } from './delete-student-dialog';
import { ProgressFilterNotice } from './progress-filter-notice';
import { StudentDownloads } from './student-downloads';
import { StudentSearch } from './student-search';
import classes from './students-info.module.css';
import { StudentsTable } from './students-table';

const TITLE = 'بيانات الطلاب';
const TOTAL = 'إجمالي الطلاب';
const COMPLETED = 'أكملوا بياناتهم';
const ALL_FACULTIES = 'جميع الكليات';
const CHOOSE_FIRST = 'اختر الكلية ثم اضغط «عرض الطلاب»، أو ابحث بالاسم أو الرقم القومي في جميع الكليات.';
const RETRY = 'إعادة المحاولة';
const PAGES_TOP = 'صفحات قائمة الطلاب (أعلى الجدول)';
const PAGES_BOTTOM = 'صفحات قائمة الطلاب (أسفل الجدول)';
const DOCUMENTS_FILTER = 'حالة المستندات';
const DOCUMENTS_FILTER_OPTIONS = [
  { value: '', label: 'كل الحالات' },
  ...DOCUMENTS_STATUSES.map((status) => ({ value: status, label: DOCUMENTS_STATUS_LABELS[status] })),
];

type SearchInput = Pick<StudentSearchQuery, 'type' | 'text'>;

const pageCount = (total: number) => Math.max(1, Math.ceil(total / STUDENT_PAGE_SIZE));

/**
 * Spec section 2, studentsInfo: a faculty's students page by page, a search, downloads and delete; of the current
 * admission season or, read-only, of a past one (issue 21).
 */
export function StudentsInfo() {
  const { token, role } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const forgetStudent = useForgetStudent(token);
  const sessionKey = staffKeys.of(token);
  const { seasonId, closed } = useSelectedSeason(sessionKey);
  const choosesFaculty = role === 'SUPERADMIN' || role === 'SUPPORT';
  // DELETE /students/deleteStudent/{id} is open to super admin and support only, and a closed season is read-only.
  const mayDelete = choosesFaculty && !closed;

  // A funnel count followed here (issue 36) names its faculty and the tracker step and state in the address.
  const [params, setParams] = useSearchParams();
  const progress = progressOf(params);
  // A faculty ADMIN always works on its own faculty: null lets the server fill it in.
  const [faculty, setFaculty] = useState<string | null>(() =>
    choosesFaculty ? params.get('faculty') || null : null,
  );
  const [completedOnly, setCompletedOnly] = useState(false);
  const [documentsStatus, setDocumentsStatus] = useState<DocumentsStatus | null>(null);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<SearchInput | null>(null);
  const [toDelete, setToDelete] = useState<StudentRecord | null>(null);
  const captionId = useId();

  // Another season (chosen here, or by going back in the browser) starts from its first page.
  const [pagedSeason, setPagedSeason] = useState(seasonId);
  if (pagedSeason !== seasonId) {
    setPagedSeason(seasonId);
    setPage(1);
  }

  const listQuery: StudentListQuery | null =
    choosesFaculty && faculty === null
      ? null
      : { faculty, completedOnly, documentsStatus, progress, page, season: seasonId };
  const searchQuery: StudentSearchQuery | null = search
    ? { ...search, faculty, completedOnly, documentsStatus, season: seasonId }
    : null;
  const list = useStudentList(token, listQuery);
  const found = useStudentSearch(token, searchQuery);
  const visible = useVisibleCounts(token, seasonId, listQuery === null);

  const failed = [list.data, found.data, visible.data].find(
    (answer) => answer?.status === 'error' && answer.httpStatus === 401,
  );
  useEffect(() => {
    if (failed?.status === 'error') handleError(failed);
  }, [failed, handleError]);

  const remove = useMutation({
    mutationFn: async (student: StudentRecord) => {
      const result = await deleteStudent(student._id);
      setToDelete(null);
      if (result.status === 'error') return handleError(result);
      forgetStudent(student);
      showSuccessNotice(result.data.message);
    },
  });

  const admissionForm = useMutation({
    mutationFn: async (student: StudentRecord) => {
      const result = await requestAdmissionFormLink(student._id);
      if (result.status === 'error') return handleError(result);
      openDownload(result.data.path);
    },
  });

  const listAnswer = list.data?.status === 'success' ? list.data.data : undefined;
  const visibleAnswer = visible.data?.status === 'success' ? visible.data.data.data : undefined;
  const totals = listAnswer
    ? { students: listAnswer.studentsNumber, completed: listAnswer.completedStudentsNumber }
    : visibleAnswer && {
        students: visibleAnswer.allStudentsNumber,
        completed: visibleAnswer.allStudentsNumberCompleted,
      };
  const scope = listAnswer?.faculty ?? faculty ?? (choosesFaculty ? ALL_FACULTIES : getCookie('faculty'));

  const changePage = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <SeasonSelect scope={sessionKey} />
          {closed && <ClosedSeasonNotice />}
          {choosesFaculty ? (
            <FacultyPicker
              initial={faculty}
              onPick={(picked) => {
                setFaculty(picked);
                setPage(1);
                setSearch(null);
                if (progress) setParams(withParams(params, { faculty: picked }), { replace: true });
              }}
            />
          ) : (
            <Text fw={700}>{scope}</Text>
          )}
          <dl className={countList.counts}>
            <div className={countList.count}>
              <dt>
                {TOTAL}
                {choosesFaculty && scope ? ` (${scope})` : ''}
              </dt>
              <dd data-testid="students-total">{totals ? totals.students : '—'}</dd>
            </div>
            <div className={countList.count}>
              <dt>{COMPLETED}</dt>
              <dd data-testid="students-completed">{totals ? totals.completed : '—'}</dd>
            </div>
          </dl>
        </Stack>
      </Paper>

      <Stack gap="sm">
        <StudentSearch
          pending={found.isFetching}
          searching={search !== null}
          onSearch={(type, text) => setSearch({ type, text })}
          onClear={() => setSearch(null)}
        />
        <Group gap="lg" align="flex-end" wrap="wrap">
          <NativeSelect
            size="md"
            label={DOCUMENTS_FILTER}
            data={DOCUMENTS_FILTER_OPTIONS}
            value={documentsStatus ?? ''}
            onChange={(event) => {
              const { value } = event.currentTarget;
              setDocumentsStatus(isDocumentsStatus(value) ? value : null);
              setPage(1);
            }}
            w={{ base: '100%', xs: 220 }}
          />
          <Checkbox
            size="md"
            label={COMPLETED}
            checked={completedOnly}
            className={classes.completedFilter}
            onChange={(event) => {
              setCompletedOnly(event.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
      </Stack>

      {progress && (
        <ProgressFilterNotice
          progress={progress}
          faculty={faculty}
          canMessage={!closed}
          onRemove={() => {
            setParams(withParams(params, { step: null, state: null }), { replace: true });
            setPage(1);
          }}
        />
      )}

      {choosesFaculty && <StudentDownloads role={role} faculty={faculty} season={seasonId} />}

      <Results
        captionId={captionId}
        onDelete={mayDelete ? setToDelete : undefined}
        onAdmissionForm={admissionForm.mutate}
        formPendingId={admissionForm.isPending ? admissionForm.variables?._id : undefined}
        onPage={changePage}
        onRetry={() => (search ? found.refetch() : list.refetch())}
        state={
          search
            ? { kind: 'search', query: found }
            : listQuery
              ? {
                  kind: 'list',
                  query: list,
                  page,
                  completedOnly,
                  scope: scope ?? '',
                }
              : { kind: 'idle' }
        }
      />

      {toDelete && (
        <DeleteStudentDialog
          student={toDelete}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(toDelete)}
          onCancel={() => setToDelete(null)}
        />
      )}
    </Stack>
  );
}

type ResultsState =
  | { kind: 'idle' }
  | { kind: 'search'; query: ReturnType<typeof useStudentSearch> }
  | {
      kind: 'list';
      query: ReturnType<typeof useStudentList>;
      page: number;
      completedOnly: boolean;
      scope: string;
    };

interface ResultsProps {
  state: ResultsState;
  captionId: string;
  onDelete: ((student: StudentRecord) => void) | undefined;
  onAdmissionForm: (student: StudentRecord) => void;
  formPendingId: string | undefined;
  onPage: (page: number) => void;
  onRetry: () => void;
}

function LoadingNotice() {
  return (
    <Group role="status" justify="center" gap="sm" py="xl">
      <Loader size="sm" aria-hidden="true" />
      <Text>{MESSAGES.loading}</Text>
    </Group>
  );
}

/** Loading, failure and "no student data" are the same for the list and the search. */
function pendingOrEmpty(
  query: Extract<ResultsState, { kind: 'list' | 'search' }>['query'],
  onRetry: () => void,
) {
  if (query.data === undefined || query.isPlaceholderData) return <LoadingNotice />;
  if (query.data.status === 'error')
    return (
      <Alert color="red" variant="light" role="alert" title={query.data.message}>
        <Button size="sm" variant="light" color="red" mt="xs" onClick={onRetry}>
          {RETRY}
        </Button>
      </Alert>
    );
  if (query.data.data.data.length === 0)
    return (
      <Text role="status" ta="center" py="lg" c="dimmed" fz="lg">
        {MESSAGES.noStudentData}
      </Text>
    );
  return null;
}

function Results({ state, captionId, onPage, onRetry, ...actions }: ResultsProps) {
  if (state.kind === 'idle')
    return (
      <Text c="dimmed" ta="center" py="lg">
        {CHOOSE_FIRST}
      </Text>
    );
  const notice = pendingOrEmpty(state.query, onRetry);
  if (notice || state.query.data?.status !== 'success') return notice;

  if (state.kind === 'search') {
    const answer = state.query.data.data;
    const more = answer.studentsNumber > answer.data.length ? ` (يعرض أول ${answer.data.length})` : '';
    return (
      <StudentsTable
        students={answer.data}
        caption={`نتائج البحث: ${answer.studentsNumber} طالب${more}`}
        captionId={captionId}
        {...actions}
      />
    );
  }

  const answer = state.query.data.data;
  const from = (state.page - 1) * STUDENT_PAGE_SIZE + 1;
  const to = from + answer.data.length - 1;
  // With a documents filter the server counts the filtered rows; the faculty's counts serve the other filters.
  const total =
    answer.filteredStudentsNumber ??
    (state.completedOnly ? answer.completedStudentsNumber : answer.studentsNumber);
  const pages = pageCount(total);
  const caption = `${state.scope}: الطلاب ${from}–${to} من ${total} (صفحة ${state.page} من ${pages})`;
  const pagination = (label: string) =>
    pages > 1 && (
      <nav aria-label={label} className={classes.pagination}>
        <Pagination
          total={pages}
          value={state.page}
          onChange={onPage}
          siblings={1}
          getItemProps={(page) => ({ 'aria-label': `صفحة ${page}` })}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'الصفحة السابقة' : 'الصفحة التالية',
          })}
        />
      </nav>
    );

  return (
    <Stack gap="sm">
      {pagination(PAGES_TOP)}
      <StudentsTable students={answer.data} caption={caption} captionId={captionId} {...actions} />
      {pagination(PAGES_BOTTOM)}
    </Stack>
  );
}
