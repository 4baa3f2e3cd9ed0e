import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FacultyCounts } from '@portal/common';
import classes from './statistics.module.css';

export const SERIES = [
  { name: 'studentsNumber', label: 'عدد الطلاب', color: 'university.4' },
  { name: 'studentsNumberCompleted', label: 'أكملوا بياناتهم', color: 'teal.7' },
] as const;

const ROW_HEIGHT = 44;
const AXIS_HEIGHT = 40;
const COLLEGE_PREFIX = /^كلية\s+/;

/** An axis label: without the repeated word 'كلية', cut to fit (the cards and the table give the full name). */
function axisLabel(faculty: string, maxChars: number): string {
  const name = faculty.replace(COLLEGE_PREFIX, '');
  return name.length > maxChars ? `${name.slice(0, maxChars - 1)}…` : name;
}

/**
 * Students and complete students per faculty as horizontal bars, laid out for Arabic: the faculty names on the
 * right, the bars growing leftwards. Its own chunk (recharts is large), loaded by the statistics screen only.
 * Hidden from assistive technology: the screen gives the same numbers as a table.
 */
export function StatisticsChart({ results }: { results: FacultyCounts[] }) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <div aria-hidden="true">
      <Group gap="lg" mb="sm" className={classes.legend}>
        {SERIES.map((series) => (
          <Group key={series.name} gap={6} wrap="nowrap">
            <span
              className={classes.swatch}
              style={{ background: `var(--mantine-color-${series.color.replace('.', '-')})` }}
            />
            <Text size="sm">{series.label}</Text>
          </Group>
        ))}
      </Group>
      <BarChart
        h={results.length * ROW_HEIGHT + AXIS_HEIGHT}
        data={results}
        dataKey="faculty"
        orientation="vertical"
        series={SERIES.map((series) => ({ ...series }))}
        gridAxis="y"
        valueFormatter={(value) => String(value)}
        withBarValueLabel
        // 'right' is the bar's far end whichever way it grows (leftwards here); a zero draws no bar, no label.
        valueLabelProps={{
          position: 'right',
          fontSize: 11,
          formatter: (value: unknown) => (value ? String(value) : ''),
        }}
        tooltipAnimationDuration={0}
        // Recharts makes the chart a keyboard stop by default; hidden from assistive technology, it must not be one.
        barChartProps={{ barGap: 2, barCategoryGap: '20%', accessibilityLayer: false }}
        xAxisProps={{ reversed: true, allowDecimals: false }}
        yAxisProps={{
          orientation: 'right',
          width: phone ? 112 : 190,
          interval: 0,
          tick: { transform: 'translate(4, 0)', fontSize: phone ? 11 : 12, fill: 'currentColor' },
          tickFormatter: (value: string) => axisLabel(value, phone ? 16 : 28),
        }}
      />
    </div>
  );
}
