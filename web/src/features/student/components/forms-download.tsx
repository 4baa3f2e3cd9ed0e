import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@portal/common';
import { Navigate } from 'react-router';
import { showSuccessNotice } from '@/components/notices';
import { API_BASE } from '@/lib/api-client';
import { useStudentSession, withStudentFlags } from '@/lib/student-session';
import { useLoadedSession } from './student-guard';

const DOWNLOAD = 'تنزيل';
const PDF = '(PDF)';

export interface AdmissionFormLink {
  /** The call's name in the path (spec section 7). */
  call: 'getAdmissionForm' | 'getAcquaintanceForm' | 'getFinalPersonalTestForm';
  title: string;
  description: string;
}

const ADMISSION: AdmissionFormLink = {
  call: 'getAdmissionForm',
  title: 'استمارة طلب الالتحاق',
  description: 'بياناتك كما سجلتها وصورتك الشخصية، مع أماكن التوقيع.',
};
const ACQUAINTANCE: AdmissionFormLink = {
  call: 'getAcquaintanceForm',
  title: 'استمارة التعارف',
  description: 'بيانات الأسرة التي تطلبها الكلية للتعارف بالطالب.',
};
const PERSONAL_TEST: AdmissionFormLink = {
  call: 'getFinalPersonalTestForm',
  title: 'استمارة الاختبار الشخصي النهائي',
  description: 'تُحضرها معك يوم موعد الاختبار الشخصي.',
};

/** The admission form for every college; the social-work college adds the acquaintance and personal-test forms. */
export function formsFor(socialWork: boolean): AdmissionFormLink[] {
  return socialWork ? [ADMISSION, ACQUAINTANCE, PERSONAL_TEST] : [ADMISSION];
}

/** A navigation download (spec section 7): the browser saves the PDF the server sends. */
export function formUrl(call: AdmissionFormLink['call'], studentId: string): string {
  return `${API_BASE}/students/${call}/${encodeURIComponent(studentId)}`;
}

export function FormsDownload() {
  const { studentObj, studentID } = useLoadedSession();
  const { session, setSession } = useStudentSession();
  // Forms are printed from completed data only (spec section 2).
  if (!studentObj.isComplete) return <Navigate to="/dashboard/studentDataView" replace />;

  const downloaded = () => {
    showSuccessNotice(MESSAGES.fileDownloaded);
    // The server counts the student's first download as the tracker's last step (issue 17): shown done at once,
    // without waiting for the next lookup.
    if (session !== null && !session.studentObj.formsDownloaded) {
      setSession(withStudentFlags(session, { formsDownloaded: true }));
    }
  };
  return (
    <Stack gap="lg">
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {formsFor(studentObj.socialWork).map((form) => (
          <Paper component="li" key={form.call} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="sm">
              <Title order={3} size="h4">
                {form.title}
              </Title>
              <Text size="sm" c="dimmed">
                {form.description}
              </Text>
              <Button
                component="a"
                href={formUrl(form.call, studentID)}
                download
                size="md"
                w={{ base: '100%', sm: 'auto' }}
                style={{ alignSelf: 'flex-start' }}
                onClick={downloaded}
              >
                {`${DOWNLOAD} ${form.title} ${PDF}`}
              </Button>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
