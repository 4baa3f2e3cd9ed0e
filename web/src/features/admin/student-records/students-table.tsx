import { Anchor, Badge, Group, Table, VisuallyHidden } from '@mantine/core';
import { STUDENT_DATA_STATUS, type StudentRecord } from '@portal/common';
import { memo } from 'react';
import { Link } from 'react-router';
import { DocumentsStatusBadge } from '@/components/admin/documents-status-badge';
import { studentRecordPath } from '@/components/admin/student-record-path';
import { Button } from '@/components/button';
import { TableScroll } from '@/components/table-scroll';
import { useRowsInSteps } from '@/lib/use-rows-in-steps';
import { shortName } from './student-name';
import classes from './students-info.module.css';

const COLUMNS = ['الاسم', 'الرقم القومي', 'رقم الموبايل', 'الكلية', 'حالة البيانات', 'المستندات'] as const;
const ACTIONS = 'الإجراءات';
const DELETE = 'حذف';
const ADMISSION_FORM = 'استمارة الالتحاق';

interface StudentsTableProps {
  students: StudentRecord[];
  caption: string;
  captionId: string;
  /** Absent when the account may not delete students (a faculty ADMIN). */
  onDelete?: (student: StudentRecord) => void;
  /** Downloads a complete student's admission form; absent, no form action is offered. */
  onAdmissionForm?: (student: StudentRecord) => void;
  /** The student whose form is being asked for (its button shows a spinner). */
  formPendingId?: string | undefined;
}

/** The name cut to four words; the full name is the cell's title and what a screen reader reads. */
function StudentName({ name }: { name: string }) {
  const shown = shortName(name);
  if (shown === name.trim()) return <span>{shown}</span>;
  return (
    <span title={name}>
      <span aria-hidden="true">{shown}</span>
      <VisuallyHidden>{name}</VisuallyHidden>
    </span>
  );
}

/**
 * The student rows (spec section 2): name (a link to the student's record page), national ID, phone, college, data
 * status and documents status, with a delete action and the admission form of a complete student. Wider than a phone: it scrolls sideways inside its own focusable
 * region while the name column stays in place.
 */
export function StudentsTable({
  students,
  caption,
  captionId,
  onDelete,
  onAdmissionForm,
  formPendingId,
}: StudentsTableProps) {
  const withActions = onDelete !== undefined || onAdmissionForm !== undefined;
  const shown = useRowsInSteps(students);
  return (
    <TableScroll labelledBy={captionId}>
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" className={classes.table}>
        <Table.Caption id={captionId} className={classes.caption}>
          {caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column, index) => (
              <Table.Th key={column} scope="col" className={index === 0 ? classes.nameCell : undefined}>
                {column}
              </Table.Th>
            ))}
            {withActions && <Table.Th scope="col">{ACTIONS}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((student) => (
            <StudentRow
              key={student._id}
              student={student}
              onDelete={onDelete}
              onAdmissionForm={onAdmissionForm}
              formPending={formPendingId === student._id}
            />
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

interface StudentRowProps {
  student: StudentRecord;
  onDelete: ((student: StudentRecord) => void) | undefined;
  onAdmissionForm: ((student: StudentRecord) => void) | undefined;
  formPending: boolean;
}

/** One student's row; memoised, since the table renders its rows in steps and each step renders the table again. */
const StudentRow = memo(function StudentRow({
  student,
  onDelete,
  onAdmissionForm,
  formPending,
}: StudentRowProps) {
  // Forms are printed from complete data only (spec section 2).
  const withForm = student.isComplete && onAdmissionForm !== undefined;
  return (
    <Table.Tr>
      <Table.Th scope="row" className={classes.nameCell} fw={500}>
        <Anchor component={Link} to={studentRecordPath(student._id)} inherit>
          <StudentName name={student.studentName} />
        </Anchor>
      </Table.Th>
      <Table.Td>
        <span dir="ltr">{student.nationalID}</span>
      </Table.Td>
      <Table.Td>{student.phoneNumber ? <span dir="ltr">{student.phoneNumber}</span> : '—'}</Table.Td>
      <Table.Td>{student.college}</Table.Td>
      <Table.Td className={classes.digits}>
        <Badge
          variant="light"
          color={student.isComplete ? 'teal' : 'orange'}
          c={student.isComplete ? 'teal.9' : 'orange.9'}
          radius="sm"
          size="lg"
          tt="none"
          fw={600}
          className={classes.status}
        >
          {student.isComplete ? STUDENT_DATA_STATUS.complete : STUDENT_DATA_STATUS.incomplete}
        </Badge>
      </Table.Td>
      <Table.Td>
        <DocumentsStatusBadge status={student.documentsStatus} />
      </Table.Td>
      {(onDelete || onAdmissionForm) && (
        <Table.Td>
          <Group gap="xs">
            {withForm && (
              <Button
                size="sm"
                variant="light"
                onClick={() => onAdmissionForm(student)}
                loading={formPending}
                aria-label={`${ADMISSION_FORM} ${student.studentName}`}
              >
                {ADMISSION_FORM}
              </Button>
            )}
            {onDelete && (
              <Button
                size="sm"
                variant="light"
                color="red"
                onClick={() => onDelete(student)}
                aria-label={`${DELETE} ${student.studentName}`}
              >
                {DELETE}
              </Button>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
});
