import { describe, expect, it } from 'vitest';
import { buildResources, createI18n } from '@servicedesk/i18n';
import { stockErrorText } from './stock-display';

describe('stockErrorText', () => {
  const resources = buildResources();
  const en = createI18n({ lng: 'en', resources });
  const ru = createI18n({ lng: 'ru', resources });

  it("keeps stock's own sentences, with the unit named", () => {
    expect(stockErrorText(en.t, { code: 'countClosed' }, 'en')).toBe('This count is closed.');
    expect(stockErrorText(en.t, { code: 'unitNotHeld', details: { inventoryNumber: 'AST-000032' } }, 'en')).toBe('AST-000032 is not held by this person.');
  });

  it('falls back to the shared errors.api text for the other codes the stock server answers (issue #40)', () => {
    expect(stockErrorText(en.t, { code: 'inactiveWarehouse', details: { warehouseId: 3 } }, 'en')).toBe(
      'This warehouse is deactivated: no operations can be posted in it.',
    );
    expect(stockErrorText(ru.t, { code: 'notAnIssue', details: { kind: 'receipt' } }, 'ru')).toBe('Акт приёма-передачи есть только у выдачи.');
    expect(stockErrorText(en.t, { code: 'materialCodeTaken', details: { code: 'MN-1' } }, 'en')).toBe('A material with this code exists.');
  });

  it('says the generic sentence for a code without any text, and for no code', () => {
    const generic = en.t('error.generic');
    expect(stockErrorText(en.t, { code: 'noSuchCodeAnywhere' }, 'en')).toBe(generic);
    expect(stockErrorText(en.t, new Error('boom'), 'en')).toBe(generic);
  });
});
