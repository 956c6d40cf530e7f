import { describe, expect, it } from 'vitest';
import { validateLogin } from './loginForm.ts';

describe('login form rules', () => {
  it('requires both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin({ email: '   ', password: 'x' })).toEqual({ email: 'Email is required' });
  });
  it('wants a well-formed email address', () => {
    for (const email of ['sam', 'sam@', '@demo.test', 'sam@demo', 'sam rivera@demo.test', 'sam@demo..test']) {
      expect(validateLogin({ email, password: 'x' }), email).toEqual({ email: 'Enter a valid email address' });
    }
  });
  it('accepts a filled form, the email with spaces around it (they are trimmed when sent)', () => {
    expect(validateLogin({ email: 'engineer@demo.test', password: 'demo1234' })).toEqual({});
    expect(validateLogin({ email: ' first.last+tag@mail.example.co.uk ', password: ' ' })).toEqual({});
  });
});
