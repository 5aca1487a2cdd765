export { ConfirmField, type ConfirmFieldProps } from './ConfirmField';
