import { Navigate } from 'react-router';
import { UnderConstruction } from '@/components/under-construction';
import { useLoadedSession } from './student-guard';

export function FormsDownload() {
  const { studentObj } = useLoadedSession();
  // Forms are printed from completed data only (spec section 2).
  if (!studentObj.isComplete) return <Navigate to="/dashboard/studentDataView" replace />;
  return <UnderConstruction title="تنزيل الاستمارات" />;
}
