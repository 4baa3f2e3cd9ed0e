import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  FUNNEL_SERIES,
  FUNNEL_SERIES_LABELS,
  FUNNEL_STATE_LABELS,
  FUNNEL_STATES,
  type FunnelDaily,
  type FunnelRow,
  PROGRESS_STEP_LABELS,
} from '@portal/common';
import classes from './funnel.module.css';

const STATE_COLORS = { done: 'teal.7', current: 'university.4', blocked: 'red.7' } as const;
const SERIES_COLORS = ['gray.6', 'university.6', 'teal.7', 'grape.7', 'orange.8'] as const;
const DEADLINE = 'آخر موعد لاستكمال البيانات';
const ROW_HEIGHT = 44;
const AXIS_HEIGHT = 40;

function Legend({ items }: { items: readonly { label: string; color: string }[] }) {
  return (
    <Group gap="lg" mb="sm" className={classes.legend}>
      {items.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <span
            className={classes.swatch}
            style={{ background: `var(--mantine-color-${item.color.replace('.', '-')})` }}
          />
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * The funnel of one row (a faculty or the total) as horizontal stacked bars, one per tracker step, laid out for
 * Arabic: the steps on the right, the bars growing leftwards. Its own chunk (recharts is large); hidden from
 * assistive technology, since the screen gives the same numbers as a table.
 */
export function FunnelChart({ row }: { row: FunnelRow }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const data = row.steps.map((step) => ({ ...step, label: PROGRESS_STEP_LABELS[step.step] }));
  const series = FUNNEL_STATES.map((state) => ({
    name: state,
    label: FUNNEL_STATE_LABELS[state],
    color: STATE_COLORS[state],
  }));
  return (
    <div aria-hidden="true">
      <Legend items={series} />
      <BarChart
        h={data.length * ROW_HEIGHT + AXIS_HEIGHT}
        data={data}
        dataKey="label"
        type="stacked"
        orientation="vertical"
        series={series}
        gridAxis="y"
        tooltipAnimationDuration={0}
        barChartProps={{ barCategoryGap: '20%', accessibilityLayer: false }}
        xAxisProps={{ reversed: true, allowDecimals: false }}
        yAxisProps={{
          orientation: 'right',
          width: phone ? 110 : 160,
          interval: 0,
          tick: { transform: 'translate(4, 0)', fontSize: phone ? 11 : 12, fill: 'currentColor' },
        }}
      />
    </div>
  );
}

/** The daily series as lines, with the data deadline drawn where it falls in the range. */
export function DailyChart({ daily }: { daily: FunnelDaily }) {
  const series = FUNNEL_SERIES.map((name, index) => ({
    name,
    label: FUNNEL_SERIES_LABELS[name],
    color: SERIES_COLORS[index] ?? 'gray.6',
  }));
  const deadlineDay = daily.deadline?.slice(0, 10);
  const inRange = deadlineDay !== undefined && deadlineDay >= daily.from && deadlineDay <= daily.to;
  return (
    <div aria-hidden="true">
      <Legend items={series} />
      <LineChart
        h={280}
        data={daily.days}
        dataKey="day"
        series={series}
        curveType="linear"
        withDots={false}
        tooltipAnimationDuration={0}
        lineChartProps={{ accessibilityLayer: false }}
        xAxisProps={{ reversed: true, tickFormatter: (day: string) => day.slice(5) }}
        yAxisProps={{ orientation: 'right', allowDecimals: false }}
        referenceLines={
          inRange ? [{ x: deadlineDay, label: DEADLINE, color: 'red.8', labelPosition: 'insideTopLeft' }] : []
        }
      />
    </div>
  );
}
