import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import * as s from './native-fields.css';

/*
 * The native `<input>` / `<select>` under its label, as the filter and tool bars of the schedule
 * and login-history pages write them (a toolbar of many small fields, where the react-aria fields
 * of packages/ui would be heavier than the page). The label wraps the control, so it is named by
 * the label's text; every other prop goes to the control as it is.
 */

/** One choice of a {@link NativeSelectField}: the value sent and the text shown (already translated). */
export interface NativeOption {
  value: string | number;
  label: string;
}

/** A native `<input>` (any type: text, date, time, number, search) under its label; the props are the input's. */
export function NativeInputField({
  label,
  ...input
}: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={s.field}>
      {label}
      <input className={s.input} {...input} />
    </label>
  );
}

/** A native `<select>` of `options`, in their order, under its label; the other props are the select's. */
export function NativeSelectField({
  label,
  options,
  ...select
}: {
  label: ReactNode;
  options: readonly NativeOption[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <label className={s.field}>
      {label}
      <select className={s.input} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
