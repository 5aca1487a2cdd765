export { SelectPrompt, isEmptyChoice, type SelectPromptProps } from './SelectPrompt';
