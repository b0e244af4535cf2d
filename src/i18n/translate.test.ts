import { describe, expect, it, vi } from 'vitest';
import { placeholdersOf, translate } from './translate';

const tables = {
  nb: {
    greeting: 'Hei, #{name}!',
    files: 'Du har #{count} N{count,fil,filer}',
    twice: '#{a} og #{a}',
    plain: 'Ingen plassholdere',
  },
  en: { greeting: 'Hello, #{name}!' },
};

describe('translate', () => {
  it('returns a plain text as written', () => {
    expect(translate(tables, 'nb', 'plain')).toBe('Ingen plassholdere');
  });

  it('replaces #{name} placeholders, every occurrence', () => {
    expect(translate(tables, 'nb', 'greeting', { name: 'Kari' })).toBe('Hei, Kari!');
    expect(translate(tables, 'nb', 'twice', { a: 1 })).toBe('1 og 1');
  });

  it('picks the singular form of N{} only when the value equals 1', () => {
    expect(translate(tables, 'nb', 'files', { count: 1 })).toBe('Du har 1 fil');
    expect(translate(tables, 'nb', 'files', { count: 0 })).toBe('Du har 0 filer');
    expect(translate(tables, 'nb', 'files', { count: 2 })).toBe('Du har 2 filer');
    expect(translate(tables, 'nb', 'files', { count: '1' })).toBe('Du har 1 fil');
    expect(translate(tables, 'nb', 'files', { count: 1.5 })).toBe('Du har 1.5 filer');
  });

  it('logs a missing key and shows the key', () => {
    const log = vi.fn();
    expect(translate(tables, 'en', 'files', { count: 2 }, log)).toBe('files');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Missing text key "files"'));
  });

  it('logs a missing language table and shows the key', () => {
    const log = vi.fn();
    expect(translate(tables, 'nn', 'greeting', { name: 'Kari' }, log)).toBe('greeting');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Missing language "nn"'));
  });

  it('logs a missing parameter and leaves its placeholder as written', () => {
    const log = vi.fn();
    expect(translate(tables, 'nb', 'greeting', {}, log)).toBe('Hei, #{name}!');
    expect(translate(tables, 'nb', 'files', {}, log)).toBe('Du har #{count} N{count,fil,filer}');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Missing parameter "name"'));
    expect(log).toHaveBeenCalledTimes(3);
  });

  it('throws Invalid language for an unsupported language', () => {
    expect(() => translate(tables, 'de', 'greeting')).toThrow('Invalid language');
    expect(() => translate(tables, '', 'greeting')).toThrow('Invalid language');
  });

  it('does not treat inherited object keys as texts', () => {
    const log = vi.fn();
    expect(translate(tables, 'nb', 'toString', {}, log)).toBe('toString');
    expect(log).toHaveBeenCalledOnce();
  });

  it('lists the placeholders a template uses', () => {
    expect(placeholdersOf('#{b} N{a,x,y} #{b}')).toEqual(['a', 'b']);
    expect(placeholdersOf('none')).toEqual([]);
  });
});
