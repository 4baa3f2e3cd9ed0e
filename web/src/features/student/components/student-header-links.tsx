import { Anchor, Group } from '@mantine/core';
import { UNKNOWN_ROLE } from '@portal/common';
import { useLocation, useNavigate } from 'react-router';
import { removeCookie, useCookie } from '@/lib/cookies';
import { removeDraftsExcept } from '@/lib/device-drafts';
import { useStudentSession } from '@/lib/student-session';
import { logoutStudent } from '../api/logout';

/** Spec section 2: logout when a student id is stored and the role is NOT, or a national ID is stored. */
export function studentHeaderLinks(stored: { id?: string; role?: string; nationalID?: string }) {
  const hasId = stored.id !== undefined;
  const role = stored.role ?? UNKNOWN_ROLE;
  return {
    logout: (hasId && role === UNKNOWN_ROLE) || stored.nationalID !== undefined,
    back: hasId,
  };
}

export function StudentHeaderLinks() {
  // Cookies are not reactive: reading the location re-renders the links after every navigation, which is when
  // login and logout change the cookies.
  useLocation();
  const navigate = useNavigate();
  const { setSession } = useStudentSession();
  const links = studentHeaderLinks({
    id: useCookie('id'),
    role: useCookie('role'),
    nationalID: useCookie('nationalID'),
  });

  // The session ends on the server first (issue 33), so a copy of its cookie is refused from then on; the spec's
  // cookies and the device's unsent form go whatever the server answered.
  const logout = async () => {
    await logoutStudent();
    removeDraftsExcept(null);
    removeCookie('id');
    removeCookie('seatNo');
    removeCookie('nationalID');
    setSession(null);
    navigate('/');
  };

  if (!links.logout && !links.back) return null;
  return (
    <Group gap="xs">
      {links.logout && (
        <Anchor component="button" type="button" c="white" onClick={() => void logout()}>
          تسجيل الخروج<span aria-hidden="true"> |</span>
        </Anchor>
      )}
      {links.back && (
        <Anchor component="button" type="button" c="white" onClick={() => navigate(-1)}>
          رجوع
        </Anchor>
      )}
    </Group>
  );
}
