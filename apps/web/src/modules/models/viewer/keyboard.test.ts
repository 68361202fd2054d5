import { describe, expect, it } from 'vitest';
import { viewerCommandOf } from './keyboard';

const key = (value: string, extra: Partial<KeyboardEvent> = {}) => ({
  key: value,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  target: document.body,
  defaultPrevented: false,
  ...extra,
});

describe('viewer keys', () => {
  it('maps F, Home, H, I, Esc and Shift+H', () => {
    expect(viewerCommandOf(key('Home'))).toBe('home');
    expect(viewerCommandOf(key('f'))).toBe('fit');
    expect(viewerCommandOf(key('F'))).toBe('fit');
    expect(viewerCommandOf(key('h'))).toBe('hide');
    expect(viewerCommandOf(key('H', { shiftKey: true }))).toBe('showAll');
    expect(viewerCommandOf(key('i'))).toBe('isolate');
    expect(viewerCommandOf(key('Escape'))).toBe('clearSelection');
    expect(viewerCommandOf(key('x'))).toBeNull();
  });

  it('leaves typing, shortcuts with Ctrl / Alt / Meta and keys a tool used alone', () => {
    const input = document.createElement('input');
    expect(viewerCommandOf(key('h', { target: input }))).toBeNull();
    expect(viewerCommandOf(key('f', { ctrlKey: true }))).toBeNull();
    expect(viewerCommandOf(key('i', { altKey: true }))).toBeNull();
    expect(viewerCommandOf(key('Escape', { defaultPrevented: true }))).toBeNull();
    expect(viewerCommandOf(key('F', { shiftKey: true }))).toBeNull();
  });
});
