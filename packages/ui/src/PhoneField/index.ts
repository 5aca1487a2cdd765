export {
  PhoneField,
  formatPhone,
  PHONE_MASK,
  PHONE_DIGITS,
  PHONE_PREFIX,
  type PhoneFieldProps,
} from './PhoneField';
