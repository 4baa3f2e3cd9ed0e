import { Kbd, Text } from '@mantine/core';
import classes from './student-record.module.css';

/** The keys, in a line a reviewer reads once; Latin key names stay left to right inside the Arabic sentence. */
export function ShortcutHelp({ fromQueue }: { fromQueue: boolean }) {
  const key = (name: string) => (
    <bdi>
      <Kbd size="xs">{name}</Kbd>
    </bdi>
  );
  return (
    <Text size="sm" c="dimmed" visibleFrom="sm" className={classes.shortcuts}>
      اختصارات لوحة المفاتيح: {key('A')} قبول · {key('R')} رفض واختيار السبب · {key('N')} أو {key('J')}{' '}
      المستند التالي · {key('P')} أو {key('K')} السابق · {key('S')} أو{' '}
      <bdi dir="ltr">
        <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd>
      </bdi>{' '}
      {fromQueue ? 'حفظ والانتقال للطالب التالي' : 'حفظ'}
    </Text>
  );
}
