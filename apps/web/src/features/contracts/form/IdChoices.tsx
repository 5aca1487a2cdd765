import type { ReactNode } from 'react';
import * as s from '../shared/contracts.css';

/**
 * A fieldset of checkboxes, one per item (its `name` beside it), whose ticked ids are `value`:
 * ticking adds the id at the end, unticking takes it out. `error` (already translated) shows
 * under the boxes and marks the fieldset invalid. The contract form's visa reviewers and tags.
 */
export function IdChoices({
  legend,
  items,
  value,
  onChange,
  error,
}: {
  legend: ReactNode;
  items: readonly { id: number; name: string }[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  return (
    <fieldset className={s.fieldset} aria-invalid={error !== undefined || undefined}>
      <legend className={s.legend}>{legend}</legend>
      <div className={s.choices}>
        {items.map((item) => (
          <label key={item.id} className={s.check}>
            <input
              className={s.checkbox}
              type="checkbox"
              checked={value.includes(item.id)}
              onChange={(e) =>
                onChange(
                  e.target.checked ? [...value, item.id] : value.filter((id) => id !== item.id),
                )
              }
            />
            {item.name}
          </label>
        ))}
      </div>
      {error !== undefined ? <p className={s.error}>{error}</p> : null}
    </fieldset>
  );
}
