export { Spinner, DEFAULT_SPINNER_DELAY, type SpinnerProps } from './Spinner';
