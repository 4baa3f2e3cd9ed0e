import { Group, NativeSelect, TextInput } from '@mantine/core';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_MESSAGES,
  DEFAULT_INTERVIEW_WEEKEND_DAYS,
  normalizeDigits,
} from '@portal/common';
import { useState } from 'react';
import { useFaculties } from '@/components/admin/api/faculties';
import { OptionalDatePicker } from '@/components/admin/schedule-date-picker';
import { useStaffSession } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { type AuditFilterValues, useStaffAccounts } from './api/audit';
import classes from './audit-trail.module.css';

const ANY_STAFF = 'كل الموظفين';
const ANY_ACTION = 'كل الإجراءات';
const ANY_FACULTY = 'كل الكليات';
const ANY_DAY = 'بلا حد';
const NATIONAL_ID_PATTERN = /^\d{1,32}$/;

const ACTION_OPTIONS = [
  { value: '', label: ANY_ACTION },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/** What the form holds, as typed: empty strings for filters left open. */
interface Draft {
  actor: string;
  action: string;
  nationalID: string;
  faculty: string;
  from: string | null;
  to: string | null;
}

const EMPTY: Draft = { actor: '', action: '', nationalID: '', faculty: '', from: null, to: null };

/** The filters to apply, or the field and message the server would refuse them with. */
export function toFilters(
  draft: Draft,
): { filters: AuditFilterValues } | { field: 'nationalID' | 'to'; message: string } {
  const nationalID = normalizeDigits(draft.nationalID).trim();
  if (nationalID && !NATIONAL_ID_PATTERN.test(nationalID))
    return { field: 'nationalID', message: AUDIT_MESSAGES.nationalIdInvalid };
  if (draft.from && draft.to && draft.from > draft.to)
    return { field: 'to', message: AUDIT_MESSAGES.dateRangeInvalid };
  const filters: AuditFilterValues = {};
  if (draft.actor) filters.actor = draft.actor;
  if (draft.action) filters.action = draft.action;
  if (nationalID) filters.nationalID = nationalID;
  if (draft.faculty) filters.faculty = draft.faculty;
  if (draft.from) filters.from = draft.from;
  if (draft.to) filters.to = draft.to;
  return { filters };
}

/**
 * The audit screen's filters: staff member, action, the student's national ID, faculty and a range of days. Applied
 * with the button, so a list is not fetched for every change on the way.
 */
export function AuditFilters({ onApply }: { onApply: (filters: AuditFilterValues) => void }) {
  const { token } = useStaffSession();
  const accounts = useStaffAccounts(token);
  const faculties = useFaculties();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<{ field: 'nationalID' | 'to'; message: string } | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setError(null);
  };

  const users = accounts.data?.status === 'success' ? accounts.data.data.data.users : [];
  const names = faculties.data?.status === 'success' ? faculties.data.data.data.data : [];

  return (
    <form
      aria-label="تصفية سجل العمليات"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = toFilters(draft);
        if ('field' in result) return setError(result);
        setError(null);
        onApply(result.filters);
      }}
    >
      <div className={classes.filters}>
        <NativeSelect
          size="md"
          label="الموظف"
          data={[
            { value: '', label: ANY_STAFF },
            ...users.map((user) => ({ value: user._id, label: `${user.userName} - ${user.name}` })),
          ]}
          value={draft.actor}
          onChange={(event) => set('actor', event.currentTarget.value)}
        />
        <NativeSelect
          size="md"
          label="الإجراء"
          data={ACTION_OPTIONS}
          value={draft.action}
          onChange={(event) => set('action', event.currentTarget.value)}
        />
        <TextInput
          size="md"
          label="الرقم القومي للطالب"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          value={draft.nationalID}
          onChange={(event) => set('nationalID', event.currentTarget.value)}
          error={error?.field === 'nationalID' ? error.message : undefined}
        />
        <NativeSelect
          size="md"
          label="الكلية"
          data={[{ value: '', label: ANY_FACULTY }, ...names]}
          value={draft.faculty}
          onChange={(event) => set('faculty', event.currentTarget.value)}
        />
        <OptionalDatePicker
          label="من يوم"
          placeholder={ANY_DAY}
          value={draft.from}
          onChange={(day) => set('from', day)}
          weekendDays={DEFAULT_INTERVIEW_WEEKEND_DAYS}
        />
        <OptionalDatePicker
          label="إلى يوم"
          placeholder={ANY_DAY}
          value={draft.to}
          onChange={(day) => set('to', day)}
          weekendDays={DEFAULT_INTERVIEW_WEEKEND_DAYS}
          error={error?.field === 'to' ? error.message : undefined}
        />
      </div>
      <Group gap="sm" mt="md">
        <Button type="submit">بحث</Button>
        <Button
          variant="subtle"
          onClick={() => {
            setDraft(EMPTY);
            setError(null);
            onApply({});
          }}
        >
          مسح التصفية
        </Button>
      </Group>
    </form>
  );
}
