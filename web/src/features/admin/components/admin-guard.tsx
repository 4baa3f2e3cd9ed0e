import { Navigate, Outlet } from 'react-router';
import { getCookie } from '@/lib/cookies';

/** Without a token cookie every staff screen sends the visitor to the staff login (spec section 2). */
export function AdminGuard() {
  return getCookie('token') ? <Outlet /> : <Navigate to="/admin/login" replace />;
}
