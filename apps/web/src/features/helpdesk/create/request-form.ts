import { HELPDESK_TEXT_MAX, HELPDESK_TITLE_MAX, type HelpdeskPriorityCode, type SaveHelpdeskRequestInput } from '@servicedesk/contracts';

/** What the create form holds (issue #6 "Requester: create a request"). */
export interface RequestFormValues {
  categoryId: number | null;
  componentId: number | null;
  title: string;
  description: string;
  priority: HelpdeskPriorityCode;
  locationId: number | null;
  fileIds: number[];
  mentionedUserIds: number[];
}

/** An empty form: normal priority, nothing chosen. */
export const emptyRequestForm = (): RequestFormValues => ({
  categoryId: null,
  componentId: null,
  title: '',
  description: '',
  priority: 'normal',
  locationId: null,
  fileIds: [],
  mentionedUserIds: [],
});

/** A field's problem as an i18n key (with its values). */
export interface RequestFieldError {
  key: string;
  values?: Record<string, number>;
}

/** The shortest title the server takes (contracts saveHelpdeskRequestInput). */
export const TITLE_MIN = 3;

/**
 * The form checked as the server checks it (contracts saveHelpdeskRequestInput): category and
 * component chosen, a title of 3…200 characters, a description of 1…10,000 (both trimmed).
 * Answers the problems by field; empty when it may be sent.
 */
export function validateRequestForm(v: RequestFormValues): Partial<Record<'categoryId' | 'componentId' | 'title' | 'description', RequestFieldError>> {
  const errors: Partial<Record<'categoryId' | 'componentId' | 'title' | 'description', RequestFieldError>> = {};
  const title = v.title.trim();
  const description = v.description.trim();
  if (v.categoryId === null) errors.categoryId = { key: 'helpdesk.create.errors.categoryRequired' };
  if (v.componentId === null) errors.componentId = { key: 'helpdesk.create.errors.componentRequired' };
  if (title === '') errors.title = { key: 'helpdesk.create.errors.titleRequired' };
  else if (title.length < TITLE_MIN) errors.title = { key: 'helpdesk.create.errors.titleTooShort', values: { min: TITLE_MIN } };
  else if (title.length > HELPDESK_TITLE_MAX) errors.title = { key: 'helpdesk.create.errors.titleTooLong', values: { max: HELPDESK_TITLE_MAX } };
  if (description === '') errors.description = { key: 'helpdesk.create.errors.descriptionRequired' };
  else if (description.length > HELPDESK_TEXT_MAX) errors.description = { key: 'helpdesk.create.errors.descriptionTooLong', values: { max: HELPDESK_TEXT_MAX } };
  return errors;
}

/** The save body of a valid form (trimmed texts; no location → null). */
export function toSaveInput(v: RequestFormValues): SaveHelpdeskRequestInput {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    componentId: v.componentId ?? 0,
    priority: v.priority,
    locationId: v.locationId,
    fileIds: v.fileIds,
    mentionedUserIds: v.mentionedUserIds,
  };
}
