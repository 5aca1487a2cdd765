export { ExactLengthField, type ExactLengthFieldProps } from './ExactLengthField';
