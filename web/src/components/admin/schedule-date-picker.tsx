import '@mantine/dates/styles.css';
import 'dayjs/locale/ar';
import { DatePickerInput, DatesProvider, type DayOfWeek } from '@mantine/dates';
import { ERROR_PROPS } from './field-error';
import classes from './schedule-date-picker.module.css';

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
const CLEAR = 'مسح التاريخ';

interface PickerProps {
  /** Days without interviews, 0 = Sunday … 6 = Saturday: shown in red in the calendar. */
  weekendDays: readonly number[];
  label?: string;
}

interface ScheduleDatePickerProps extends PickerProps {
  /** `YYYY-MM-DD`. */
  value: string;
  onChange: (date: string) => void;
}

interface OptionalDatePickerProps extends PickerProps {
  label: string;
  /** `YYYY-MM-DD`, or null for no day (the picker then shows `placeholder`). */
  value: string | null;
  onChange: (date: string | null) => void;
  placeholder: string;
  /** A problem with the day, shown under the picker and announced. */
  error?: string;
}

/**
 * The day picker of the interview screens (`@mantine/dates` with dayjs; only their chunks load them). Arabic
 * month and day names, the week starting on Saturday; digits stay the ones the rest of the portal uses. Any day
 * can be chosen: past days to look at or print, the server refuses scheduling on them.
 */
export function ScheduleDatePicker({
  value,
  onChange,
  weekendDays,
  label = 'التاريخ',
}: ScheduleDatePickerProps) {
  return (
    <DayPicker
      label={label}
      value={value}
      onChange={(date) => {
        if (date) onChange(date);
      }}
      weekendDays={weekendDays}
      clearable={false}
    />
  );
}

/** The same picker for a day that may be empty (a range's open bound, a day not chosen yet), with a button to clear it. */
export function OptionalDatePicker({
  value,
  onChange,
  weekendDays,
  label,
  placeholder,
  error,
}: OptionalDatePickerProps) {
  return (
    <DayPicker
      label={label}
      value={value}
      onChange={onChange}
      weekendDays={weekendDays}
      clearable
      placeholder={placeholder}
      error={error}
    />
  );
}

function DayPicker({
  label,
  value,
  onChange,
  weekendDays,
  clearable,
  placeholder,
  error,
}: PickerProps & {
  label: string;
  value: string | null;
  onChange: (date: string | null) => void;
  clearable: boolean;
  placeholder?: string;
  error?: string;
}) {
  return (
    <DatesProvider settings={{ locale: 'ar', firstDayOfWeek: 6, weekendDays: weekendDays as DayOfWeek[] }}>
      <DatePickerInput
        label={label}
        size="md"
        value={value}
        onChange={onChange}
        valueFormat={DISPLAY_FORMAT}
        allowDeselect={false}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': `${CLEAR}: ${label}` }}
        placeholder={placeholder}
        error={error}
        errorProps={ERROR_PROPS}
        ariaLabels={ARIA_LABELS}
        // The calendar pops up as a dialog, which needs a name of its own.
        popoverProps={{ position: 'bottom-end', attributes: { dropdown: { 'aria-label': CALENDAR } } }}
        classNames={{ day: classes.day }}
        w={{ base: '100%', xs: 220 }}
      />
    </DatesProvider>
  );
}
