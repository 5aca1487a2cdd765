export { PhonePrompt, type PhonePromptProps } from './PhonePrompt';
