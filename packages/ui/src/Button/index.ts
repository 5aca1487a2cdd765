export { Button, type ButtonProps } from './Button';
export { button, type ButtonVariants } from './Button.css';
