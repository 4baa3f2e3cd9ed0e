import { UnderConstruction } from '@/components/under-construction';

export function StudentAppointment() {
  return <UnderConstruction title="موعد الاختبار الشخصي" />;
}
