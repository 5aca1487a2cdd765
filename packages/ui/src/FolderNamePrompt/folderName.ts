/** Maximum length of a folder name (SPEC §5, §9). */
export const FOLDER_NAME_MAX_LENGTH = 100;

/** The flags a folder name can violate (SPEC §5), in this order. */
export type FolderNameFlag = 'required' | 'maxLength' | 'invalidCharacters' | 'reservedName';

const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;
const FORBIDDEN = /[<>:"/\\|?*]/;

/**
 * SPEC §5 folder-name rule. A copy of `folderNameFlags` in packages/contracts/src/validation.ts
 * (ui may not import contracts): keep the two identical — both have the same test cases.
 */
export function folderNameFlags(name: string): FolderNameFlag[] {
  if (name.trim() === '') return ['required'];
  const flags: FolderNameFlag[] = [];
  if (name.length > FOLDER_NAME_MAX_LENGTH) flags.push('maxLength');
  if (FORBIDDEN.test(name)) flags.push('invalidCharacters');
  if (RESERVED.test(name.trim())) flags.push('reservedName');
  return flags;
}
