import { useId, type ReactNode } from 'react';
import * as styles from './RecordPage.css';

/** One label/value pair of a record's fields section. */
export interface RecordField {
  /** Stable key. @default the label */
  id?: string;
  /** The field's name, already translated ("Priority"). */
  label: string;
  /** Its value: text, a badge, a link; pass a muted "not set" node for blanks. */
  value: ReactNode;
}

export interface RecordSectionProps {
  /** The section's heading, already translated; also names the section for screen readers. */
  title: string;
  /** Heading level of the title. @default 2 */
  headingLevel?: 2 | 3;
  /** Its content. */
  children: ReactNode;
  /** Extra class. @default undefined */
  className?: string;
}

/** A titled card of a record page (`<section>` named by its heading); use it for the page's own sections (actions, description). */
export function RecordSection({
  title,
  headingLevel = 2,
  children,
  className,
}: RecordSectionProps) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className={[styles.section, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <Heading id={id} className={styles.sectionTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

export interface RecordPageProps {
  /** The record's title, the page's `<h1>`. */
  title: ReactNode;
  /** The record's number ("HD-2026-00042"), shown above the title. @default undefined */
  number?: ReactNode;
  /** The status: a StatusBadge, or a row of badges (priority, overdue). @default undefined */
  status?: ReactNode;
  /** Above the header, e.g. the link back to the list. @default undefined */
  back?: ReactNode;
  /** Buttons or a menu at the end of the header (edit, print, cancel). @default undefined */
  actions?: ReactNode;
  /** Who is viewing the record now (an AvatarGroup); announced politely when it changes. @default undefined */
  viewers?: ReactNode;
  /** The label/value pairs of the fields section. @default [] */
  fields?: RecordField[];
  /** Heading of the fields section ("Details"); the section shows when `fields` has entries. @default undefined */
  fieldsTitle?: string;
  /** Sections at the top of the main column, e.g. RecordSection for actions and description, a DecisionBar. @default undefined */
  children?: ReactNode;
  /** The history: an ApprovalTimeline and/or a Timeline. @default undefined */
  timeline?: ReactNode;
  /** Heading of the history section ("History"). Needed when `timeline` or untitled `comments` are given. @default undefined */
  timelineTitle?: string;
  /** The comment box (and list). With `commentsTitle` it gets its own section; without, it opens the history section. @default undefined */
  comments?: ReactNode;
  /** Heading of a separate comments section. @default undefined */
  commentsTitle?: string;
  /** The attachments (FileList, uploader). @default undefined */
  files?: ReactNode;
  /** Heading of the files section ("Attachments"). @default undefined */
  filesTitle?: string;
  /** More sections at the end of the side column. @default undefined */
  aside?: ReactNode;
}

/**
 * The layout every record's detail page shares (issue #11 "record page layout", taken from the
 * help-desk request page): a header — back link, number, title (`<h1>`), status badges, who is
 * viewing now (aria-live polite) and an actions area —, then a main column (the page's own
 * sections, the comments and the history) and a side column (the fields as a `<dl>` grid, the
 * files, `aside`). Two columns on wide screens, one below 60rem; the fields grid reflows from
 * several columns to one on phones. Slots take what the app renders, already translated.
 */
export function RecordPage({
  title,
  number,
  status,
  back,
  actions,
  viewers,
  fields = [],
  fieldsTitle,
  children,
  timeline,
  timelineTitle,
  comments,
  commentsTitle,
  files,
  filesTitle,
  aside,
}: RecordPageProps) {
  const separateComments = comments !== undefined && commentsTitle !== undefined;
  const historyContent =
    timeline !== undefined || (comments !== undefined && !separateComments) ? (
      <>
        {separateComments ? null : comments}
        {timeline}
      </>
    ) : null;
  return (
    <div className={styles.page}>
      {back ? <div>{back}</div> : null}
      <header className={styles.head}>
        <div className={styles.titleBlock}>
          {number !== undefined ? <p className={styles.number}>{number}</p> : null}
          <h1 className={styles.title}>{title}</h1>
          {status}
        </div>
        <div className={styles.headEnd}>
          <div className={styles.viewers} aria-live="polite">
            {viewers}
          </div>
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      </header>
      <div className={styles.layout}>
        <div className={styles.column}>
          {children}
          {separateComments ? (
            <RecordSection title={commentsTitle}>{comments}</RecordSection>
          ) : null}
          {historyContent ? (
            <RecordSection title={timelineTitle ?? ''}>{historyContent}</RecordSection>
          ) : null}
        </div>
        <div className={styles.column}>
          {fields.length > 0 && fieldsTitle !== undefined ? (
            <RecordSection title={fieldsTitle}>
              <dl className={styles.fields}>
                {fields.map((field) => (
                  <div key={field.id ?? field.label} className={styles.field}>
                    <dt className={styles.fieldLabel}>{field.label}</dt>
                    <dd className={styles.fieldValue}>{field.value}</dd>
                  </div>
                ))}
              </dl>
            </RecordSection>
          ) : null}
          {files !== undefined && filesTitle !== undefined ? (
            <RecordSection title={filesTitle}>{files}</RecordSection>
          ) : null}
          {aside}
        </div>
      </div>
    </div>
  );
}
