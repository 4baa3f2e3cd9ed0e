import { CheckIcon, Paper, Stack, Stepper, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  PROGRESS_STATE_LABELS,
  PROGRESS_STEP_LABELS,
  type ProgressEntry,
  type StudentData,
  studentProgress,
} from '@portal/common';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { ExclamationIcon } from '@/components/icons';
import { DataDeadline } from '../deadline/data-deadline';
import classes from './progress-tracker.module.css';
import { progressStepPath } from './step-path';

export const PROGRESS_TRACKER_TITLE = 'خطوات طلب الالتحاق';

function stepIcon(entry: ProgressEntry, index: number) {
  if (entry.state === 'done') return <CheckIcon size="60%" />;
  if (entry.state === 'blocked') return <ExclamationIcon size={20} />;
  return index + 1;
}

/**
 * Where the student stands (issue 17): each step of the admission with its state in words as well as by its icon
 * and colour, what it waits for or what to fix, and a link to its screen when that screen can be opened. Computed
 * from the student as this client holds it, so a change made here (documents just replaced, forms just downloaded)
 * shows at once; it is the same rule the server's `progress` comes from. The college's deadline stands above it.
 *
 * Mantine's Stepper draws the steps before its `active` one as done, the rest as to do; a step done after the
 * current one (forms downloaded while the documents are reviewed) is drawn done by its own icon and this module's
 * CSS, which reads each step's `data-state`.
 */
export function ProgressTracker({ student }: { student: StudentData }) {
  const steps = useMemo(() => studentProgress(student), [student]);
  const theme = useMantineTheme();
  // Read at the first render: the tracker never renders in a page the build prerendered (it needs the student),
  // and reading it in an effect would draw a phone's tracker sideways first.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, undefined, {
    getInitialValueInEffect: false,
  });
  const baseId = useId();
  const head = steps.findIndex((entry) => entry.state !== 'done');
  const active = head === -1 ? steps.length : head;
  const titleId = `${baseId}-title`;

  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={3} size="h4" id={titleId}>
          {PROGRESS_TRACKER_TITLE}
        </Title>
        <DataDeadline deadline={student.dataDeadline} />
        <Stepper
          active={active}
          orientation={wide ? 'horizontal' : 'vertical'}
          labelPosition="bottom"
          // Six steps shrink to the width rather than break onto a second row with the line between them lost.
          wrap={false}
          classNames={{
            step: classes.step,
            stepIcon: classes.icon,
            stepLabel: classes.label,
            stepDescription: classes.description,
            separator: classes.separator,
          }}
        >
          {steps.map((entry, index) => {
            const path = progressStepPath(entry, student);
            const ids = `${baseId}-${entry.step}`;
            const icon = stepIcon(entry, index);
            return (
              <Stepper.Step
                key={entry.step}
                data-state={entry.state}
                aria-current={index === active ? 'step' : undefined}
                color={entry.state === 'blocked' ? 'red.8' : undefined}
                icon={icon}
                progressIcon={icon}
                label={<span id={`${ids}-label`}>{PROGRESS_STEP_LABELS[entry.step]}</span>}
                description={
                  <>
                    <span id={`${ids}-state`} className={classes.state}>
                      {PROGRESS_STATE_LABELS[entry.state]}
                    </span>
                    {entry.detail !== undefined && (
                      <span id={`${ids}-detail`} className={classes.detail}>
                        {entry.detail}
                      </span>
                    )}
                  </>
                }
                // Mantine draws a step as a button for steppers that switch panels; these steps open screens, or
                // nothing yet, so each is a link or plain text (not focusable, not announced as a button). The
                // plain one is an anchor without href (not a link) because Mantine's vertical layout finds the
                // first and last step by `:first-of-type`: every step must be of one element type.
                renderRoot={({ tabIndex: _tabIndex, type: _type, ...props }) =>
                  path === null ? (
                    <a {...props} />
                  ) : (
                    <Link
                      {...props}
                      to={path}
                      aria-labelledby={`${ids}-label ${ids}-state`}
                      aria-describedby={entry.detail === undefined ? undefined : `${ids}-detail`}
                    />
                  )
                }
              />
            );
          })}
        </Stepper>
      </Stack>
    </Paper>
  );
}
