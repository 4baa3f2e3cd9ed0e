import { UnderConstruction } from '@/components/under-construction';

export function StudentsInfo() {
  return <UnderConstruction title="بيانات الطلاب" />;
}
