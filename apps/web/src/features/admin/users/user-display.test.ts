import { describe, expect, it } from 'vitest';
import { formatPhone } from '@servicedesk/ui/PhoneField';
import { displayPhone } from './user-display';

describe('displayPhone', () => {
  it('shows a stored number as the phone field does, after +994', () => {
    for (const stored of ['994501234567', '994700000001', '994559876543', '994990000000']) {
      expect(displayPhone(stored)).toBe(`+994 ${formatPhone(stored)}`);
    }
    expect(displayPhone('994501234567')).toBe('+994 (50) 1234567');
    expect(displayPhone(null)).toBe('');
  });
});
