import { UnderConstruction } from '@/components/under-construction';

export function AdminsManagement() {
  return <UnderConstruction title="إدارة المسؤولين" />;
}
