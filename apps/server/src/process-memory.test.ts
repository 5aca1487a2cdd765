import { describe, expect, it } from 'vitest';
import { heapModeFrom } from './process-memory';

describe('heapModeFrom (SERVER_HEAP)', () => {
  it('asks for the small heap when the variable is unset or blank', () => {
    expect(heapModeFrom({})).toBe('small');
    expect(heapModeFrom({ SERVER_HEAP: '  ' })).toBe('small');
  });

  it('takes small and default as written', () => {
    expect(heapModeFrom({ SERVER_HEAP: 'small' })).toBe('small');
    expect(heapModeFrom({ SERVER_HEAP: ' default ' })).toBe('default');
  });

  it('refuses anything else, naming the variable and the value', () => {
    expect(() => heapModeFrom({ SERVER_HEAP: 'tiny' })).toThrow('SERVER_HEAP must be "small" or "default", not "tiny"');
  });
});
