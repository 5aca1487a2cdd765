import { describe, expect, it } from 'vitest';
import {
  emptyForm,
  emptyLine,
  overBudget,
  toSaveInput,
  totalOf,
  validateForm,
} from './request-form';

describe('the equipment request form', () => {
  it('adds up quantity × price in qəpik, rounding each price to the qəpik', () => {
    const lines = [
      { ...emptyLine(), quantity: 2, price: 600 },
      { ...emptyLine(), quantity: 3, price: 0.105 },
    ];
    expect(totalOf(lines)).toBe(2 * 60_000 + 3 * 11);
  });

  it('asks a justification and described lines; a budget line only to submit', () => {
    const values = { ...emptyForm(), justification: 'qısa' };
    expect(Object.keys(validateForm(values, false)).sort()).toEqual([
      'justification',
      'line0.description',
    ]);
    const ready = {
      ...emptyForm(),
      justification: 'Köhnə monitor xarabdır.',
      lines: [{ ...emptyLine(), description: 'Monitor' }],
    };
    expect(validateForm(ready, false)).toEqual({});
    expect(Object.keys(validateForm(ready, true))).toEqual(['budgetId']);
  });

  it('sends prices in minor units, a catalogue line with its material, and submit', () => {
    const values = {
      ...emptyForm(),
      budgetId: 5,
      justification: '  Arxiv üçün kağız.  ',
      lines: [
        {
          ...emptyLine(),
          material: { id: 9, name: 'A4 kağız' },
          description: 'A4 kağız',
          quantity: 2,
          unit: 'box',
          price: 12.5,
        },
      ],
    };
    expect(toSaveInput(values, undefined, true)).toEqual({
      budgetId: 5,
      justification: 'Arxiv üçün kağız.',
      lines: [
        { materialId: 9, description: 'A4 kağız', quantity: 2, unit: 'box', unitPrice: 1_250 },
      ],
      fileIds: [],
      submit: true,
    });
  });

  it('warns when the total goes over what the budget line has left', () => {
    const line = {
      id: 5,
      groupId: 1,
      groupName: 'Hüquq',
      year: 2026,
      category: 'officeSupplies' as const,
      currency: 'AZN',
      planned: 200_000,
      consumedByRequests: 0,
      consumedByOthers: 0,
      remaining: 200_000,
    };
    expect(overBudget(line, 200_000)).toBe(false);
    expect(overBudget(line, 200_001)).toBe(true);
    expect(overBudget(undefined, 1)).toBe(false);
  });
});
