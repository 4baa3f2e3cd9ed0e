import { UnderConstruction } from '@/components/under-construction';

export function DeleteStudentInfo() {
  return <UnderConstruction title="حذف بيانات الطلاب" />;
}
