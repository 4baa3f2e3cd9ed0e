import { UnderConstruction } from '@/components/under-construction';

export function ChangePassword() {
  return <UnderConstruction title="تغيير كلمة المرور" />;
}
