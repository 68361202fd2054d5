import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies';

describe('readCookie', () => {
  it('finds one cookie among several, trimmed and decoded', () => {
    expect(readCookie('a=1; lintel_session=abc%2Fd ; b=2', 'lintel_session')).toBe('abc/d');
    expect(readCookie('lintel_session="quoted"', 'lintel_session')).toBe('quoted');
  });

  it('answers null when absent or malformed, and never matches a prefix', () => {
    expect(readCookie(undefined, 'x')).toBeNull();
    expect(readCookie('xx=1; x', 'x')).toBeNull();
    expect(readCookie('x=%E0%A4%A', 'x')).toBeNull();
    expect(readCookie('__Host-lintel_session=1', 'lintel_session')).toBeNull();
  });
});

describe('serializeCookie', () => {
  it('writes the attributes, with Max-Age only when given', () => {
    const session = serializeCookie('s', 'v', { httpOnly: true, secure: false, sameSite: 'Lax', path: '/' });
    expect(session).toBe('s=v; Path=/; HttpOnly; SameSite=Lax');
    const persistent = serializeCookie('s', 'v', {
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 60,
    });
    expect(persistent).toMatch(
      /^s=v; Path=\/; Max-Age=60; Expires=[^;]+ GMT; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it('refuses a name that would break the header', () => {
    expect(() =>
      serializeCookie('a;b', 'v', { httpOnly: true, secure: false, sameSite: 'Lax', path: '/' }),
    ).toThrow();
  });
});
