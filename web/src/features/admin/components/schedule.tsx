import { UnderConstruction } from '@/components/under-construction';

export function Schedule() {
  return <UnderConstruction title="جدولة الاختبار الشخصي" />;
}
