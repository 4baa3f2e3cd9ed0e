import { Group, Paper, Stack, Table } from '@mantine/core';
import { ButtonLink } from '@/components/button';
import { ProgressTracker } from '../progress/progress-tracker';
import { DownloadMyData } from './download-my-data';
import { DocumentsStatusLine, RefusedDocuments, refusedDocuments } from './refused-documents';
import classes from './student-data-view.module.css';
import { useLoadedSession } from './student-guard';

/**
 * The college with interview appointments: the spec names it exactly (sections 2 and 6); its `socialWork` flag
 * keeps the button after the university renames it (issue 19).
 */
const SOCIAL_WORK_COLLEGE = 'كلية الخدمة الاجتماعية';

export function StudentDataView() {
  const { studentData, studentObj, studentID } = useLoadedSession();
  const refused = refusedDocuments(studentObj);
  return (
    <Stack gap="lg">
      {/* Where the student stands and what is next, before anything else (issue 17). */}
      <ProgressTracker student={studentObj} />
      {/* Then, before the long table: the one thing on this screen the student may have to act on. */}
      {refused.length > 0 ? (
        <RefusedDocuments documents={refused} />
      ) : (
        <DocumentsStatusLine student={studentObj} />
      )}
      <Paper withBorder radius="md">
        <Table striped verticalSpacing="sm" horizontalSpacing="md" className={classes.table}>
          <Table.Tbody>
            {studentData.map(({ name, value }) => (
              <Table.Tr key={name}>
                <Table.Th scope="row" w="40%">
                  {name}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group gap="sm">
        <ButtonLink to="/dashboard/studentDataEnter">
          {studentObj.isComplete ? 'تعديل البيانات' : 'استكمال البيانات'}
        </ButtonLink>
        {studentObj.isComplete && (
          <ButtonLink to="/dashboard/formsDownload" variant="outline">
            تنزيل الاستمارات
          </ButtonLink>
        )}
        {studentObj.isComplete && (studentObj.college === SOCIAL_WORK_COLLEGE || studentObj.socialWork) && (
          <ButtonLink to="/dashboard/studentAppointment" variant="outline">
            موعد الاختبار الشخصي
          </ButtonLink>
        )}
        <DownloadMyData studentId={studentID} />
      </Group>
    </Stack>
  );
}
