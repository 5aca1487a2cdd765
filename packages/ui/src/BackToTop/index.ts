export { BackToTop, DEFAULT_BACK_TO_TOP_THRESHOLD, type BackToTopProps } from './BackToTop';
