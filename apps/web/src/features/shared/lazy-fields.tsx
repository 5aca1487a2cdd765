import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import type { ComboBoxProps } from '@servicedesk/ui/ComboBox';
import type { DatePickerProps } from '@servicedesk/ui/DatePicker';
import type { DateRangePickerProps } from '@servicedesk/ui/DateRangePicker';
import type { SelectProps } from '@servicedesk/ui/Select';
import type { SelectSearchProps } from '@servicedesk/ui/SelectSearch';
import { Skeleton } from '@servicedesk/ui/Skeleton';
import type { NumberFieldProps } from '@servicedesk/ui/NumberField';
import type { FileUploadFieldProps } from './files/FileUploadField';
import * as s from './lazy-fields.css';

/*
 * The heavy fields, loaded when they first render instead of with the page (issue #19's bundle
 * budgets): the date pickers (react-aria's calendar and @internationalized/date, ~30 KB gzip)
 * and the file field (drag and drop, ~9 KB). The page paints without them; each shows a
 * placeholder with its label for the moment its code takes to arrive. Same props as the real ones.
 */

/** What a field shows while its code loads: its label over a grey box of the field's height. */
function FieldPlaceholder({ label, tall = false }: { label?: string; tall?: boolean }) {
  return (
    <div className={s.placeholder} aria-busy="true">
      {label ? <span className={s.label}>{label}</span> : null}
      <Skeleton shape="rect" height={tall ? '6rem' : '2.5rem'} />
    </div>
  );
}

/**
 * A component whose code loads on its first render — or earlier, when `preload()` is called (see
 * {@link usePreload}). `preload` starts the import once and returns its promise; a failed import
 * is forgotten, so a later call tries again.
 */
export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/** `Component` loaded on its first render (or on `preload()`), with `fallback` meanwhile. */
function lazyField<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Loaded = lazy(() => preload().then((component) => ({ default: component })));
  function LazyField(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyField, { preload });
}

/**
 * Starts loading `parts` when the calling page first mounts — in parallel with the page's first
 * request — so fields and forms that render once the data is there (or a moment after the first
 * paint) do not wait for their code afterwards (issue #19: a route's budget counts what it loads
 * before its data). A failed preload is ignored here: the part's own render loads it again and
 * fails into the route's error boundary as any lazy page does.
 */
export function usePreload(...parts: { preload: () => Promise<unknown> }[]): void {
  useEffect(() => {
    for (const part of parts) part.preload().catch(() => undefined);
    // Once per mount: the parts are module-level constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** A part of a page (a dialog's form, a form shown once its data is there) loaded when it first renders or is preloaded; nothing shows meanwhile. */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  return lazyField(load, () => null);
}

/** The ui DatePicker, loaded when first shown. */
export const DatePicker = lazyField<DatePickerProps>(
  () => import('@servicedesk/ui/DatePicker').then((m) => m.DatePicker),
  (props) => <FieldPlaceholder label={props.label} />,
);

/** The ui DateRangePicker, loaded when first shown. */
export const DateRangePicker = lazyField<DateRangePickerProps>(
  () => import('@servicedesk/ui/DateRangePicker').then((m) => m.DateRangePicker),
  (props) => <FieldPlaceholder label={props.label} />,
);

/** The ui Select, loaded when first shown: for a select only some users see (the equipment processing bar). */
export const LazySelect = lazyField<SelectProps>(
  () => import('@servicedesk/ui/Select').then((m) => m.Select),
  (props) => <FieldPlaceholder label={props.label} />,
);

/** The ui SelectSearch, loaded when first shown (like {@link LazySelect}). */
export const LazySelectSearch = lazyField<SelectSearchProps>(
  () => import('@servicedesk/ui/SelectSearch').then((m) => m.SelectSearch),
  (props) => <FieldPlaceholder label={props.label} />,
);

/** The ui NumberField (react-aria's number parsing and spin button, ~9 KB gzip), loaded when first shown. */
export const LazyNumberField = lazyField<NumberFieldProps>(
  () => import('@servicedesk/ui/NumberField').then((m) => m.NumberField),
  (props) => <FieldPlaceholder label={props.label} />,
);

/** The ui ComboBox (with its list box, ~15 KB gzip with the Select's share), loaded when first shown. */
export const LazyComboBox = lazyField<ComboBoxProps>(
  () => import('@servicedesk/ui/ComboBox').then((m) => m.ComboBox),
  (props) => <FieldPlaceholder label={props.label} />,
);

/** The app's FileUploadField, loaded when first shown. */
export const FileUploadField = lazyField<FileUploadFieldProps>(
  () => import('./files/FileUploadField').then((m) => m.FileUploadField),
  (props) => <FieldPlaceholder label={props.label} tall />,
);

/**
 * A dialog loaded the first time it opens (its form's fields stay off the page's first load);
 * nothing renders before that. Once loaded it stays mounted, so closing behaves as before.
 * `isOpen` reads whether the props ask for it open (default: their `isOpen`).
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => (props as { isOpen?: boolean }).isOpen === true,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened && !open) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
