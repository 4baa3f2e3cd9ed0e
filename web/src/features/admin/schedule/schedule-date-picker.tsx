import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import { DatePickerInput, DatesProvider, type DayOfWeek } from '@mantine/dates';
import classes from './schedule.module.css';

/** Spec section 9: the schedule screen shows dates as dd/MM/yyyy. */
export const DISPLAY_FORMAT = 'DD/MM/YYYY';

const ARIA_LABELS = {
  monthLevelControl: 'اختيار الشهر',
  yearLevelControl: 'اختيار السنة',
  nextMonth: 'الشهر التالي',
  previousMonth: 'الشهر السابق',
  nextYear: 'السنة التالية',
  previousYear: 'السنة السابقة',
  nextDecade: 'العقد التالي',
  previousDecade: 'العقد السابق',
};
const CALENDAR = 'التقويم: اختر اليوم';

interface ScheduleDatePickerProps {
  /** `YYYY-MM-DD`. */
  value: string;
  onChange: (date: string) => void;
  /** Days without interviews, 0 = Sunday … 6 = Saturday: shown in red in the calendar. */
  weekendDays: readonly number[];
}

/**
 * The day picker of the schedule screen (`@mantine/dates` with dayjs; only this screen's chunk loads them).
 * Arabic month and day names, the week starting on Saturday; digits stay the ones the rest of the portal uses.
 * Any day can be chosen: past days to look at or print, the server refuses scheduling on them.
 */
export function ScheduleDatePicker({ value, onChange, weekendDays }: ScheduleDatePickerProps) {
  return (
    <DatesProvider settings={{ locale: 'ar', firstDayOfWeek: 6, weekendDays: weekendDays as DayOfWeek[] }}>
      <DatePickerInput
        label="التاريخ"
        size="md"
        value={value}
        onChange={(date) => {
          if (date) onChange(date);
        }}
        valueFormat={DISPLAY_FORMAT}
        allowDeselect={false}
        ariaLabels={ARIA_LABELS}
        // The calendar pops up as a dialog, which needs a name of its own.
        popoverProps={{ position: 'bottom-end', attributes: { dropdown: { 'aria-label': CALENDAR } } }}
        classNames={{ day: classes.day }}
        w={{ base: '100%', xs: 220 }}
      />
    </DatesProvider>
  );
}
