import { CreateEventInput, FeedbackInput, messages, PostTextInput, SignUpInput } from '@glimpse/shared';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, validateForm } from './use-form.ts';

describe('validateForm', () => {
  it('gives the shared schema’s messages by field, first issue first', () => {
    const result = validateForm({ email: '', password: '', verifyPassword: '' }, { schema: SignUpInput });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: messages.auth.allFieldsRequired,
        password: messages.auth.allFieldsRequired,
        verifyPassword: messages.auth.allFieldsRequired,
      },
    });
  });

  it('puts the checks the schema cannot make first, and reports both', () => {
    const result = validateForm(
      { image: null, caption: '', sensitive: false },
      { schema: PostTextInput, check: (values) => ({ image: values.image ? '' : messages.image.missing }) },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(Object.keys(result.errors)[0]).toBe('image');
      expect(result.errors.caption).toBeTruthy();
    }
  });

  it('answers the parsed values when everything passes', () => {
    expect(validateForm({ body: '  Thanks!  ' }, { schema: FeedbackInput })).toEqual({
      ok: true,
      data: { body: 'Thanks!' },
    });
  });

  it('maps the schema’s fields onto the form’s, and keeps the form’s own message', () => {
    const result = validateForm(
      { title: '', date: '', time: '10:00' },
      {
        schema: CreateEventInput,
        check: (values) => ({ date: values.date ? '' : messages.event.dateRequired }),
        input: ({ title }) => ({ title, startsAt: '', website: 'https://example.com', description: 'x' }),
        fieldOf: (key) => (key === 'startsAt' ? 'date' : key),
      },
    );
    expect(result).toEqual({
      ok: false,
      errors: { date: messages.event.dateRequired, title: expect.any(String) },
    });
  });
});

describe('fieldErrorsOf', () => {
  it('keeps the first message per field and keys form-wide issues by ""', () => {
    expect(
      fieldErrorsOf([
        { path: ['caption'], message: 'first' },
        { path: ['caption'], message: 'second' },
        { path: [], message: 'whole form' },
      ]),
    ).toEqual({ caption: 'first', '': 'whole form' });
  });
});
