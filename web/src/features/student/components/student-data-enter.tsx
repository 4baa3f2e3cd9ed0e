import { UnderConstruction } from '@/components/under-construction';

export function StudentDataEnter() {
  return <UnderConstruction title="استكمال البيانات" />;
}
