import { Skeleton, Text, Title } from '@mantine/core';
import { isSessionLoaded, useStudentSession } from '@/lib/student-session';
import { type ScreenHeading as Heading, headingTitle } from './screen-headings';

/**
 * A student screen's title and introduction. A title that depends on the student is a placeholder of the title's
 * own height until the student is known, so nothing below it moves when it arrives.
 */
export function ScreenHeading({ heading }: { heading: Heading }) {
  const { session } = useStudentSession();
  const title = headingTitle(heading, isSessionLoaded(session) ? session.studentObj : undefined);
  return (
    <>
      {title === undefined ? (
        <Skeleton
          h="calc(var(--mantine-h2-font-size) * var(--mantine-h2-line-height))"
          w="10em"
          radius="sm"
        />
      ) : (
        <Title order={2}>{title}</Title>
      )}
      {heading.intro !== undefined && <Text>{heading.intro}</Text>}
    </>
  );
}
