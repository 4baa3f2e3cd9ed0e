import { UnderConstruction } from '@/components/under-construction';

export function UpdateAccountInfo() {
  return <UnderConstruction title="تحديث بيانات الحساب" />;
}
