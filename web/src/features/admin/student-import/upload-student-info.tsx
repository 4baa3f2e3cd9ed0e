import { FileInput, Group, NativeSelect, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import {
  MESSAGES,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_EXTENSIONS,
  STUDENT_IMPORT_MAX_FILE_BYTES,
  type StudentUploadResponse,
  TOAST_SUCCESS_LONG_MS,
  UPLOAD_STATUS_LABELS,
  UPLOAD_STATUSES,
  type UploadStatus,
} from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ERROR_PROPS } from '@/components/admin/field-error';
import { useStaffErrorHandler } from '@/components/admin/staff-session';
import { Button } from '@/components/button';
import { showSuccessNotice } from '@/components/notices';
import { fetchUploadTemplate, uploadStudentList } from './api/student-lists';
import { FacultySelect } from './faculty-select';
import { saveFile } from './save-file';
import { UploadResult } from './upload-result';

const TITLE = 'رفع بيانات الطلاب';
const UPLOAD = 'رفع الملف';
const TEMPLATE = 'تنزيل نموذج الملف';
const FILE_LABEL = 'ملف Excel';
const FILE_HINT = 'ملف بصيغة xlsx أو xls، أول صف فيه عناوين الأعمدة.';
const FILE_PLACEHOLDER = 'اضغط لاختيار الملف';
const CLEAR_FILE = 'إزالة الملف المختار';
const PROGRESS = 'نسبة رفع الملف';
const PROCESSING = 'تم رفع الملف، جاري قراءته واستيراد الطلاب...';
const COLUMNS_HINT = `الأعمدة: ${STUDENT_IMPORT_COLUMNS.map((column) =>
  column.required ? `${column.label} (مطلوب)` : column.label,
).join('، ')}. الأعمدة الأخرى يتم تجاهلها.`;

const STATUS_OPTIONS = [
  { value: '', label: 'اختر حالة القيد' },
  ...UPLOAD_STATUSES.map((status) => ({ value: status, label: UPLOAD_STATUS_LABELS[status] })),
];

interface UploadValues {
  faculty: string;
  status: UploadStatus | '';
  file: File | null;
}

/** Spec section 5, 'Upload': faculty chosen, a file chosen, an Excel file, and (server rule) a known status. */
export function fileProblem(file: File | null): string | undefined {
  if (!file) return MESSAGES.uploadFileRequired;
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(STUDENT_IMPORT_EXTENSIONS as readonly string[]).includes(extension)) return MESSAGES.excelFileOnly;
  if (file.size > STUDENT_IMPORT_MAX_FILE_BYTES) return MESSAGES.uploadFileTooLarge;
  return undefined;
}

/** Spec section 2, uploadStudentInfo (super admin and support): a student list from a spreadsheet. */
export function UploadStudentInfo() {
  const handleError = useStaffErrorHandler();
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<StudentUploadResponse | null>(null);
  const {
    register,
    control,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<UploadValues>({ defaultValues: { faculty: '', status: '', file: null } });

  const upload = useMutation({
    mutationFn: async ({ faculty, status, file }: UploadValues) => {
      if (!file) return;
      setResult(null);
      setProgress(0);
      const answer = await uploadStudentList({ faculty, status, file, onProgress: setProgress });
      setProgress(null);
      if (answer.status === 'error') return handleError(answer);
      showSuccessNotice(answer.data.message, TOAST_SUCCESS_LONG_MS);
      setResult(answer.data);
      // The form keeps the faculty and status for the next list; the file is cleared.
      resetField('file');
    },
  });

  const template = useMutation({
    mutationFn: async () => {
      const answer = await fetchUploadTemplate();
      if (answer.status === 'error') return handleError(answer);
      saveFile(answer.data.file, answer.data.name);
      showSuccessNotice(MESSAGES.fileDownloaded);
    },
  });

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={2} id="upload-title">
          {TITLE}
        </Title>
        <Button variant="light" onClick={() => template.mutate()} loading={template.isPending}>
          {TEMPLATE}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={640}>
        <form
          onSubmit={handleSubmit((values) => upload.mutate(values))}
          noValidate
          aria-labelledby="upload-title"
        >
          <Stack gap="md">
            <FacultySelect
              withoutHidden
              error={errors.faculty?.message}
              {...register('faculty', { validate: (value) => value !== '' || MESSAGES.facultyRequired })}
            />
            <NativeSelect
              size="md"
              label="حالة القيد"
              data={STATUS_OPTIONS}
              error={errors.status?.message}
              errorProps={ERROR_PROPS}
              {...register('status', {
                validate: (value) =>
                  (UPLOAD_STATUSES as readonly string[]).includes(value) || MESSAGES.uploadStatusInvalid,
              })}
            />
            <Controller
              control={control}
              name="file"
              rules={{ validate: fileProblem }}
              render={({ field }) => (
                <FileInput
                  size="md"
                  label={FILE_LABEL}
                  description={FILE_HINT}
                  placeholder={FILE_PLACEHOLDER}
                  accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
                  clearable
                  clearButtonProps={{ 'aria-label': CLEAR_FILE }}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.file?.message}
                  errorProps={ERROR_PROPS}
                  aria-invalid={errors.file ? true : undefined}
                />
              )}
            />
            <Text size="sm" c="dimmed">
              {COLUMNS_HINT}
            </Text>
            {progress !== null && (
              <Stack gap={4}>
                <Progress value={progress} size="lg" aria-label={PROGRESS} animated={progress === 100} />
                <Text size="sm" role="status">
                  {progress < 100 ? `${PROGRESS}: ${progress}%` : PROCESSING}
                </Text>
              </Stack>
            )}
            <Group>
              <Button type="submit" loading={upload.isPending}>
                {UPLOAD}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {result && <UploadResult result={result} />}
    </Stack>
  );
}
