export { DatePicker, type DatePickerProps, type WeekDay } from './DatePicker';
