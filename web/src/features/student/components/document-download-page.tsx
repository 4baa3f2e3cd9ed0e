import { Flex, List, Button as MantineButton, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES, QUIZ_QUESTION_COUNT, studentLanding } from '@portal/common';
import { Navigate } from 'react-router';
import { ButtonLink } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { API_BASE } from '@/lib/api-client';
import { useLoadedSession } from './student-guard';

/** A navigation download (spec section 7): the browser saves the PDF the server sends as an attachment. */
export const CHARTER_URL = `${API_BASE}/students/getStudentBook`;

const INTRO =
  'قبل استكمال إجراءات الالتحاق يجب عليك قراءة ميثاق الطالب الجامعي، فهو يوضح حقوقك وواجباتك وقواعد السلوك والنزاهة الأكاديمية داخل الجامعة.';
const STEPS_TITLE = 'الخطوات المطلوبة:';
const STEPS = [
  'نزّل ملف ميثاق الطالب واقرأه بعناية.',
  `ادخل الاختبار القصير: ${QUIZ_QUESTION_COUNT} عبارات عن الميثاق، تجيب عن كل منها بـ «صح» أو «خطأ».`,
  'يجب أن تكون جميع الإجابات صحيحة لاجتياز الاختبار، وإذا لم تجتزه تظهر لك أسئلة جديدة لتحاول مرة أخرى.',
];
const DOWNLOAD = 'تنزيل ميثاق الطالب (PDF)';
const GO_TO_QUIZ = 'الانتقال إلى الاختبار';

export function DocumentDownloadPage() {
  const { studentObj } = useLoadedSession();
  // The charter is for students who have not passed its quiz yet; the others go where login would send them.
  if (studentObj.isPassed) return <Navigate to={`/dashboard/${studentLanding(studentObj)}`} replace />;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Text>{INTRO}</Text>
          <Text fw={700}>{STEPS_TITLE}</Text>
          <List type="ordered" spacing="xs">
            {STEPS.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
      {/* Full-width buttons on a phone, side by side from the small breakpoint on. */}
      <Flex gap="sm" direction={{ base: 'column', sm: 'row' }}>
        <MantineButton
          component="a"
          size="md"
          href={CHARTER_URL}
          download
          onClick={() => showSuccessNotice(MESSAGES.fileDownloaded)}
        >
          {DOWNLOAD}
        </MantineButton>
        <ButtonLink to="/dashboard/quiz" variant="outline">
          {GO_TO_QUIZ}
        </ButtonLink>
      </Flex>
    </Stack>
  );
}
