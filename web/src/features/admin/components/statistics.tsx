import { UnderConstruction } from '@/components/under-construction';

export function Statistics() {
  return <UnderConstruction title="الإحصائيات" />;
}
