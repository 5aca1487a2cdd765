import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, LazyNumberField, usePreload } from './lazy-fields';

/** A module loader the test resolves by hand: counts its calls, resolves (or fails) when told. */
function handLoader() {
  let resolve: (component: ComponentType<{ text: string }>) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<ComponentType<{ text: string }>>((ok, fail) => {
        resolve = ok;
        reject = fail;
      }),
  );
  return { load, resolve: (c: ComponentType<{ text: string }>) => resolve(c), reject: (e: Error) => reject(e) };
}

const Part = ({ text }: { text: string }) => <p>{text}</p>;

describe('lazy parts (issue #19: code loaded with the data, not before the first paint)', () => {
  it('a part is not loaded until it renders or is preloaded, and is loaded once for both', async () => {
    const loader = handLoader();
    const Lazy = lazyPart(loader.load);
    expect(loader.load).not.toHaveBeenCalled();

    function Page({ ready }: { ready: boolean }) {
      usePreload(Lazy);
      return ready ? <Lazy text="the form" /> : <p>loading</p>;
    }
    const { rerender } = render(<Page ready={false} />);
    // The page's first mount starts the import while its data is still on the way.
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('loading')).toBeInTheDocument();

    loader.resolve(Part);
    rerender(<Page ready />);
    expect(await screen.findByText('the form')).toBeInTheDocument();
    // Rendering it after the preload did not import it a second time.
    expect(loader.load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is forgotten: the next attempt imports again', async () => {
    const loader = handLoader();
    const Lazy = lazyPart(loader.load);
    const first = Lazy.preload();
    loader.reject(new Error('chunk failed'));
    await expect(first).rejects.toThrow('chunk failed');
    const second = Lazy.preload();
    expect(loader.load).toHaveBeenCalledTimes(2);
    loader.resolve(Part);
    await expect(second).resolves.toBe(Part);
  });

  it('a lazy field shows its label while its code loads, then the real field', async () => {
    render(<LazyNumberField label="Quantity" value={2} onChange={() => undefined} />);
    // The placeholder (busy, with the label) first …
    expect(screen.getByText('Quantity').closest('[aria-busy="true"]')).not.toBeNull();
    // … then react-aria's number field, labelled.
    expect(await screen.findByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
  });
});
