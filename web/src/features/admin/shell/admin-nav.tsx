import { Burger, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { Link } from 'react-router';
import { type AdminScreen, adminPath } from './admin-screens';
import classes from './admin-shell.module.css';

const NAV_LABEL = 'قائمة المسؤول';
const OPEN_MENU = 'فتح قائمة المسؤول';
const LOGOUT = 'تسجيل الخروج';

interface AdminNavProps {
  screens: AdminScreen[];
  current: AdminScreen | undefined;
  onLogout: () => void;
}

function NavLinks({ screens, current, onLogout, onNavigate }: AdminNavProps & { onNavigate?: () => void }) {
  return (
    <Stack gap={4}>
      {screens.map((screen) => {
        const active = screen === current;
        return (
          <NavLink
            key={screen.path}
            component={Link}
            to={adminPath(screen)}
            label={screen.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
            className={classes.link}
          />
        );
      })}
      <NavLink
        component="button"
        type="button"
        label={LOGOUT}
        onClick={onLogout}
        c="red.9"
        className={classes.link}
      />
    </Stack>
  );
}

/**
 * The staff navigation: a side column on wide screens; on a phone a menu button (Burger) opens the same links in
 * a drawer that traps focus and closes on Escape.
 */
export function AdminNav(props: AdminNavProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const drawerId = useId();
  const logout = () => {
    close();
    props.onLogout();
  };

  return (
    <>
      <nav aria-label={NAV_LABEL} className={classes.sidebar}>
        <NavLinks {...props} />
      </nav>
      <div className={classes.phoneBar}>
        <Burger
          opened={opened}
          onClick={toggle}
          aria-label={OPEN_MENU}
          aria-expanded={opened}
          aria-controls={drawerId}
        />
        <Text fw={700}>{props.current?.label}</Text>
      </div>
      <Drawer
        id={drawerId}
        opened={opened}
        onClose={close}
        // Mantine mirrors the sides under RTL: 'left' opens from the right edge, where the menu button is.
        position="left"
        size="80%"
        title={NAV_LABEL}
        classNames={{ title: classes.drawerTitle }}
      >
        <nav aria-label={NAV_LABEL}>
          <NavLinks {...props} onLogout={logout} onNavigate={close} />
        </nav>
      </Drawer>
    </>
  );
}
