import { describe, expect, it } from 'vitest';
import { plainValidationMessage } from '../../renderer/src/ui/validation-wording.js';

describe('validation messages in plain words', () => {
  it.each([
    ['must NOT have fewer than 2 characters', 'Use at least 2 characters.'],
    ['must NOT have more than 1 characters', 'Use at most 1 character.'],
    ['must NOT have fewer than 3 items', 'Add at least 3 items.'],
    ['must be <= 100', 'Must be at most 100.'],
    ['must be > 0', 'Must be more than 0.'],
    ['must match format "email"', 'Must be an email address, like name@example.com.'],
    ['must match pattern "^[a-z]+$"', 'Must match the pattern ^[a-z]+$.'],
    ['must be equal to one of the allowed values', 'Choose one of the allowed values.'],
    ['must be integer', 'Must be a whole number.'],
    ['must be string,null', 'Must be a string or null.'],
    ['must NOT have additional properties', 'Has a property the schema does not allow.'],
    ['something new', 'Something new.'],
  ])('%s → %s', (message, plain) => {
    expect(plainValidationMessage(message)).toBe(plain);
  });
});
