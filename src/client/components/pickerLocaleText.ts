import type { PickersLocaleText } from '@mui/x-date-pickers/locales';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const viewName = (translate: Translate, view: string) => translate(`pickers.${view}`);

/** The pickers' texts from our catalogs (MUI X ships no Arabic). */
export function pickerLocaleText(translate: Translate): Partial<PickersLocaleText> {
  const t = (key: string, options?: Record<string, unknown>) => translate(`pickers.${key}`, options);
  return {
    previousMonth: t('previous_month'),
    nextMonth: t('next_month'),
    openPreviousView: t('open_previous_view'),
    openNextView: t('open_next_view'),
    calendarViewSwitchingButtonAriaLabel: (view) => (view === 'year' ? t('switch_to_calendar') : t('switch_to_year')),
    cancelButtonLabel: t('cancel'),
    clearButtonLabel: t('clear'),
    okButtonLabel: t('ok'),
    todayButtonLabel: t('today'),
    nextStepButtonLabel: t('next'),
    datePickerToolbarTitle: t('title_date'),
    dateTimePickerToolbarTitle: t('title_date_time'),
    timePickerToolbarTitle: t('title_time'),
    clockLabelText: (view, formatted) =>
      t('clock_label', {
        view: viewName(translate, view),
        selected: formatted ? t('selected_time', { time: formatted }) : t('no_time_selected'),
      }),
    hoursClockNumberText: (count) => t('hours_number', { count }),
    minutesClockNumberText: (count) => t('minutes_number', { count }),
    secondsClockNumberText: (count) => t('seconds_number', { count }),
    selectViewText: (view) => t('select_view', { view: viewName(translate, view) }),
    openDatePickerDialogue: (formatted) =>
      formatted ? t('choose_date_selected', { date: formatted }) : t('choose_date'),
    openTimePickerDialogue: (formatted) =>
      formatted ? t('choose_time_selected', { time: formatted }) : t('choose_time'),
    fieldClearLabel: t('clear'),
    timeTableLabel: t('time_table'),
    dateTableLabel: t('date_table'),
    fieldYearPlaceholder: () => t('placeholder_year'),
    fieldMonthPlaceholder: () => t('placeholder_month'),
    fieldDayPlaceholder: () => t('placeholder_day'),
    fieldHoursPlaceholder: () => t('placeholder_hours'),
    fieldMinutesPlaceholder: () => t('placeholder_minutes'),
    fieldSecondsPlaceholder: () => t('placeholder_seconds'),
    year: t('year'),
    month: t('month'),
    day: t('day'),
    hours: t('hours'),
    minutes: t('minutes'),
    seconds: t('seconds'),
    empty: t('empty'),
  };
}
