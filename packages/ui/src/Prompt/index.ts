export { Prompt, PROMPT_MIN_LENGTH, type PromptProps } from './Prompt';
export { PromptShell, type PromptBaseProps } from './PromptShell';
