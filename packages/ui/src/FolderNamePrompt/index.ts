export { FolderNamePrompt, type FolderNamePromptProps } from './FolderNamePrompt';
export { folderNameFlags, FOLDER_NAME_MAX_LENGTH, type FolderNameFlag } from './folderName';
