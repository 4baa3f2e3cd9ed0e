import { UnderConstruction } from '@/components/under-construction';

export function UploadStudentInfo() {
  return <UnderConstruction title="رفع بيانات الطلاب" />;
}
