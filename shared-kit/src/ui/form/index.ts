/**
 * The form kit (§2–§5, §8, §9): masked, date, number and suggestion inputs, dropdowns, form blocks,
 * stepper, dialogs, countdown, progress bar, file send row, status icons. Its own shared entry
 * (`@oyster/shared-kit/ui/form`) so calculators load it and the login and home pages do not.
 * The rules (masks, validators, normalisers, dropdown helpers) live in `@oyster/shared-kit/domain`.
 *
 * Every input is controlled and formik-friendly: `name`, `value`, `onChange(value)` (the value, not
 * an event), `onBlur`, `error` (text or true). Wrap it in `FormikField` for the label, the required
 * asterisk and the error text: `<FormikField name="phone" label="Телефон" required>{(f) => <PhoneInput {...f} />}</FormikField>`.
 * Values: masked inputs give the masked text ('' when empty); DateInput 'dd.mm.yyyy' ('' when
 * cleared); TimeInput 'HH:mm'; MoneyInput integer kopecks or null; Number/IntegerInput a number or
 * null; Dropdown the option's value (its key when it has none) or null; MultiDropdown a list.
 * Suggestion inputs take their fetcher from the prop, a SuggestFetcherProvider, or by default the
 * shell's HTTP client (POST /suggest/<kind>, silent).
 */
// Like `ui/index`, the form entry carries the first-paint pieces too (Input, Button, Field, …): one
// import for a calculator, and the antd modules the login page loads stay in one shared chunk
// (webpack splits vendor chunks by which entries use a module).
export * from '../base';
export { FormikField } from './FormikField';
export type { FormikFieldBinding, FormikFieldProps } from './FormikField';
export {
  MaskedInput,
  PhoneInput,
  VinInput,
  OsagoPolicyInput,
  LicenceInput,
  ForeignLicenceInput,
  PlateInput,
  StsInput,
  PtsInput,
  PolicyNumberInput,
  LatinInput,
  Alnum10Input,
  TimeInput,
} from './MaskedInput';
export type { BaseInputProps, MaskedInputProps } from './MaskedInput';
export { MoneyInput, NumberInput, IntegerInput, maskNumberTyping } from './NumberInput';
export type { MoneyInputProps, NumberInputProps } from './NumberInput';
export { DateInput, DATE_POPUP_WIDTH } from './DateInput';
export type { DateInputProps } from './DateInput';
export {
  SuggestionInput,
  SuggestFetcherProvider,
  defaultSuggestFetcher,
  readSuggestions,
  AddressSuggestInput,
  LastNameSuggestInput,
  FirstNameSuggestInput,
  MiddleNameSuggestInput,
  BankSuggestInput,
  BicSuggestInput,
  IssuerSuggestInput,
  EmailSuggestInput,
  SUGGEST_DEBOUNCE_MS,
  SUGGESTION_LIST_MAX_HEIGHT,
} from './suggest';
export type { SuggestFetcher, SuggestionInputProps, AddressSuggestExtra, NameSuggestExtra } from './suggest';
export { Dropdown, MultiDropdown, DROPDOWN_MENU_HEIGHT, MULTI_DROPDOWN_MENU_HEIGHT, MULTI_DROPDOWN_TEXTS, MULTI_DROPDOWN_TOOLTIP_DELAY_S } from './Dropdown';
export type { DropdownOption, DropdownProps, MultiDropdownProps } from './Dropdown';
export { FormBlock, FORM_BLOCK_TEXTS } from './FormBlock';
export type { FormBlockProps, FormBlockStatus } from './FormBlock';
export { Stepper } from './Stepper';
export type { StepperProps, StepperStep } from './Stepper';
export { ConfirmDialog, InfoDialog, AttachFileDialog, DIALOG_TEXTS } from './dialogs';
export type { ConfirmDialogProps, InfoDialogProps, AttachFileDialogProps, FileTypeOption } from './dialogs';
export { Countdown, countdownStart, formatCountdown, COUNTDOWN_TICK_MS } from './Countdown';
export type { CountdownProps } from './Countdown';
export { ProgressBar, PROGRESS_DEFAULT_DELAY_S } from './ProgressBar';
export type { ProgressBarProps } from './ProgressBar';
export { FileSendRow, FILE_SEND_TEXTS } from './FileSendRow';
export type { FileSendRowProps } from './FileSendRow';
export { StatusIcon, REPORT_STATUSES, REPORT_STATUS_TITLES, REPORT_STATUS_ICON, isReportStatus } from './StatusIcon';
export type { ReportStatus, StatusIconProps } from './StatusIcon';
export { ClientPicker, VehiclePicker, apiRecordSource, RECORD_PICKER_DEBOUNCE_MS } from './RecordPicker';
export type { RecordSource } from './RecordPicker';
