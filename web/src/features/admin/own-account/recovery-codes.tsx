import { Alert, Group, Button as MantineButton, Stack, Text } from '@mantine/core';
import { Button } from '@/components/button';
import classes from './account-security.module.css';
import { CopyText } from './copy-text';

const WARNING_TITLE = 'احفظ رموز الاسترداد الآن، فلن تظهر مرة أخرى';
const WARNING =
  'إذا فقدت هاتفك أو تطبيق المصادقة فأدخل أحد هذه الرموز بدلا من رمز التطبيق. يصلح كل رمز مرة واحدة. احفظها في مكان آمن بعيدا عن هاتفك، ولا تشاركها مع أحد.';
const CODES_LABEL = 'رموز الاسترداد';
const COPY = 'نسخ الرموز';
const DOWNLOAD = 'تنزيل كملف نصي';
const DONE = 'حفظت الرموز';
const FILE_NAME = 'recovery-codes.txt';

/** The ten single-use recovery codes, shown once after the second factor is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title={WARNING_TITLE}>
        <Text size="sm">{WARNING}</Text>
      </Alert>
      <ul className={classes.codes} dir="ltr" aria-label={CODES_LABEL} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Group gap="sm">
        <CopyText value={text} label={COPY} />
        {/* The file is made in the page from the codes above: they are never fetched again. */}
        <MantineButton
          component="a"
          size="sm"
          variant="light"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={FILE_NAME}
        >
          {DOWNLOAD}
        </MantineButton>
        <Button size="sm" variant="default" onClick={onDone}>
          {DONE}
        </Button>
      </Group>
    </Stack>
  );
}
