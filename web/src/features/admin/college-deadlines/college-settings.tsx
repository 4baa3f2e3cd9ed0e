import { Alert, Badge, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { type CollegeEntry, deadlinePassed, formatDeadline, MESSAGES } from '@portal/common';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DIALOG_STYLES } from '@/components/admin/dialog-styles';
import { OptionalDatePicker } from '@/components/admin/schedule-date-picker';
import { useStaffErrorHandler, useStaffRefusal, useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { InputField } from '@/components/input-field';
import { showSuccessNotice } from '@/components/notices';
import { useColleges, useSetCollegeDeadline, useUniversityTimeZone } from './api/colleges';
import classes from './college-settings.module.css';
import { instantOnWallClock, wallClockOf } from './zoned-time';

const TITLE = 'إعدادات الكليات';
const INTRO =
  'موعد انتهاء استكمال البيانات لكل كلية: بعده لا يستطيع طلاب الكلية إرسال بياناتهم ولا استبدال مستنداتهم، ويبقى تعديل الموظفين ومراجعتهم متاحا.';
const DEADLINE = 'آخر موعد لاستكمال البيانات';
const NONE = 'لا يوجد';
const PASSED = 'انتهى الموعد';
const SET = 'تحديد الموعد';
const EDIT = 'تعديل الموعد';
const DAY = 'اليوم';
const DAY_PLACEHOLDER = 'اختر اليوم';
const TIME = 'الساعة';
const SAVE = 'حفظ الموعد';
const CLEAR = 'حذف الموعد';
const CLOSE = 'إغلاق';
const RETRY = 'إعادة المحاولة';
const EMPTY = 'لا توجد كليات مسجلة.';
/** No weekend on this calendar: a deadline may fall on any day. */
const NO_WEEKEND: readonly number[] = [];

/** What the deadline form checks before asking the server. */
const DEADLINE_FORM_MESSAGES = {
  dayRequired: 'اختر يوم انتهاء استكمال البيانات',
  timeRequired: 'اكتب ساعة انتهاء استكمال البيانات',
  timeSkipped:
    'هذه الساعة لا توجد في هذا اليوم بتوقيت الجامعة (تقدم الساعة لبدء التوقيت الصيفي). اختر ساعة أخرى.',
} as const;

/**
 * Issue 17, the college settings (`/admin/colleges`, super admin only; the shell and the server both enforce it):
 * each college's data deadline, entered and shown on the university's clock (the branding's time zone), whatever
 * the zone of this computer.
 */
export function CollegeSettings() {
  const { token } = useStaffSession();
  const handleError = useStaffErrorHandler();
  const colleges = useColleges(token);
  const zone = useUniversityTimeZone();
  const [editing, setEditing] = useState<CollegeEntry>();
  const [saved, setSaved] = useState<string>();
  const answer = colleges.data;
  const zoneAnswer = zone.data;

  useEffect(() => {
    if (answer?.status === 'error' && answer.httpStatus === 401) handleError(answer);
  }, [answer, handleError]);

  const failed =
    answer?.status === 'error' ? answer : zoneAnswer?.status === 'error' ? zoneAnswer : undefined;
  const timeZone = zoneAnswer?.status === 'success' ? zoneAnswer.data : undefined;
  const list = answer?.status === 'success' ? answer.data.data.colleges : undefined;

  return (
    <Stack gap="lg">
      <Title order={2}>{TITLE}</Title>
      <Text>
        {INTRO} {'المواعيد بتوقيت الجامعة'}
        {timeZone && (
          <>
            {' ('}
            <bdi>{timeZone}</bdi>
            {')'}
          </>
        )}
        .
      </Text>

      {saved && (
        <Alert color="teal" variant="light" role="status">
          {saved}
        </Alert>
      )}

      {failed ? (
        <Alert color="red" variant="light" role="alert" title={failed.message}>
          <Button
            size="sm"
            variant="light"
            color="red"
            mt="xs"
            onClick={() => (answer?.status === 'error' ? colleges.refetch() : zone.refetch())}
          >
            {RETRY}
          </Button>
        </Alert>
      ) : list === undefined || timeZone === undefined ? (
        <Group role="status" justify="center" gap="sm" py="xl">
          <Loader size="sm" aria-hidden="true" />
          <Text>{MESSAGES.loading}</Text>
        </Group>
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
              timeZone={timeZone}
              onEdit={() => {
                setSaved(undefined);
                setEditing(college);
              }}
            />
          ))}
        </ul>
      )}

      {editing && timeZone && (
        <DeadlineDialog
          college={editing}
          timeZone={timeZone}
          onClose={() => setEditing(undefined)}
          onSaved={setSaved}
        />
      )}
    </Stack>
  );
}

function CollegeCard({
  college,
  timeZone,
  onEdit,
}: {
  college: CollegeEntry;
  timeZone: string;
  onEdit: () => void;
}) {
  const nameId = useId();
  const passed = deadlinePassed(college.dataDeadline, new Date());
  return (
    <li className={classes.college} aria-labelledby={nameId}>
      <div>
        <Text fw={700} id={nameId}>
          {college.name}
        </Text>
        <Text size="sm">
          {`${DEADLINE}: `}
          {college.dataDeadline ? (
            <time dateTime={college.dataDeadline}>{formatDeadline(college.dataDeadline, timeZone)}</time>
          ) : (
            NONE
          )}
        </Text>
      </div>
      <Group gap="xs" className={classes.collegeActions}>
        {passed && (
          <Badge variant="light" color="orange" c="orange.9" radius="sm" tt="none" miw="max-content">
            {PASSED}
          </Badge>
        )}
        <Button size="sm" variant="light" onClick={onEdit} aria-describedby={nameId}>
          {college.dataDeadline ? EDIT : SET}
        </Button>
      </Group>
    </li>
  );
}

interface DeadlineDialogProps {
  college: CollegeEntry;
  timeZone: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** One college's deadline: a day and a time on the university's clock, saved as that instant; or none. */
function DeadlineDialog({ college, timeZone, onClose, onSaved }: DeadlineDialogProps) {
  const { token } = useStaffSession();
  const refuse = useStaffRefusal();
  const save = useSetCollegeDeadline(token);
  const initial = college.dataDeadline ? wallClockOf(college.dataDeadline, timeZone) : undefined;
  const [date, setDate] = useState<string | null>(initial?.date ?? null);
  const [time, setTime] = useState(initial?.time ?? '23:59');
  const [errors, setErrors] = useState<{ date?: string; time?: string }>({});
  const [problem, setProblem] = useState<string>();

  const send = (dataDeadline: string | null) => {
    setProblem(undefined);
    save.mutate(
      { id: college.id, body: { dataDeadline } },
      {
        onSuccess: (result) => {
          if (result.status === 'error') return refuse(result, setProblem);
          showSuccessNotice(result.data.message);
          onSaved(result.data.message);
          onClose();
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!date) found.date = DEADLINE_FORM_MESSAGES.dayRequired;
    if (!/^\d{2}:\d{2}$/.test(time)) found.time = DEADLINE_FORM_MESSAGES.timeRequired;
    const instant = date && !found.time ? instantOnWallClock(date, time, timeZone) : null;
    if (date && !found.time && instant === null) found.time = DEADLINE_FORM_MESSAGES.timeSkipped;
    setErrors(found);
    if (instant !== null) send(instant);
  };

  return (
    <Modal opened onClose={onClose} title={`${DEADLINE}: ${college.name}`} centered styles={DIALOG_STYLES}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {'بتوقيت الجامعة ('}
            <bdi>{timeZone}</bdi>
            {'). الموعد الحالي: '}
            {college.dataDeadline ? formatDeadline(college.dataDeadline, timeZone) : NONE}
          </Text>
          <div className={classes.whenRow}>
            <OptionalDatePicker
              label={DAY}
              value={date}
              onChange={(value) => {
                setDate(value);
                setErrors(({ time: timeError }) => ({ time: timeError }));
              }}
              weekendDays={NO_WEEKEND}
              placeholder={DAY_PLACEHOLDER}
              error={errors.date}
            />
            <InputField
              type="time"
              label={TIME}
              value={time}
              onChange={(event) => {
                setTime(event.currentTarget.value);
                setErrors(({ date: dateError }) => ({ date: dateError }));
              }}
              error={errors.time}
            />
          </div>
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <Button type="submit" loading={save.isPending && save.variables?.body.dataDeadline !== null}>
                {SAVE}
              </Button>
              <Button variant="default" onClick={onClose}>
                {CLOSE}
              </Button>
            </Group>
            {college.dataDeadline && (
              <Button
                variant="light"
                color="red"
                loading={save.isPending && save.variables?.body.dataDeadline === null}
                onClick={() => send(null)}
              >
                {CLEAR}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
