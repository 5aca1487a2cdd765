import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@servicedesk/ui/Button';
import { sanitizeNewsHtml } from './news-html';
import * as s from './news.css';

/** The formatting commands of the toolbar (document.execCommand names and their arguments). */
const COMMANDS = [
  { key: 'bold', command: 'bold' },
  { key: 'italic', command: 'italic' },
  { key: 'underline', command: 'underline' },
  { key: 'heading', command: 'formatBlock', value: 'h2' },
  { key: 'paragraph', command: 'formatBlock', value: 'p' },
  { key: 'bulleted', command: 'insertUnorderedList' },
  { key: 'numbered', command: 'insertOrderedList' },
  { key: 'quote', command: 'formatBlock', value: 'blockquote' },
] as const;

export interface RichTextEditorProps {
  /** The visible label. */
  label: string;
  /** The starting HTML (sanitised before it is shown). */
  defaultValue: string;
  /** Called with the editor's HTML after every change (the server sanitises it again on save). */
  onChange: (html: string) => void;
}

/**
 * The post body's editor (issue #18 "rich text"): a labelled multi-line textbox (contentEditable)
 * with a toolbar — bold, italic, underline, heading, paragraph, lists, quote, link — whose
 * buttons keep the selection (they do not take focus on press). Keyboard: Ctrl/⌘+B, I, U work as
 * in any editor; Tab leaves the box. What it produces is sanitised on the server and again on
 * every display; the starting value is sanitised before it is shown.
 */
export function RichTextEditor({ label, defaultValue, onChange }: RichTextEditorProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const emit = () => onChange(box.current?.innerHTML ?? '');

  useEffect(() => {
    let live = true;
    void sanitizeNewsHtml(defaultValue).then((html) => {
      if (live && box.current) box.current.innerHTML = html;
    });
    return () => {
      live = false;
    };
    // Only the first value: the box owns its content afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const run = (command: string, value?: string) => {
    box.current?.focus();
    document.execCommand(command, false, value);
    emit();
  };
  return (
    <div className={s.label}>
      <span id={labelId}>{label}</span>
      <div className={s.editorToolbar} role="toolbar" aria-label={t('news.editor.toolbar')} aria-controls={`${labelId}-box`}>
        {COMMANDS.map((c) => (
          <Button key={c.key} variant="ghost" size="sm" preventFocusOnPress onPress={() => run(c.command, 'value' in c ? c.value : undefined)}>
            {t(`news.editor.${c.key}`)}
          </Button>
        ))}
        <Button
          variant="ghost"
          size="sm"
          preventFocusOnPress
          onPress={() => {
            const url = window.prompt(t('news.editor.linkPrompt'), 'https://');
            if (url && /^(https?:|mailto:)/i.test(url)) run('createLink', url);
          }}
        >
          {t('news.editor.link')}
        </Button>
      </div>
      <div
        id={`${labelId}-box`}
        ref={box}
        className={s.editor}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        data-testid="news-editor"
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
