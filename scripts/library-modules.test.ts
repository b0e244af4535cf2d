import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryModules } from '../build/library-modules';

const hedwig = path.resolve(import.meta.dirname, '..', 'node_modules', '@postenbring', 'hedwig-react', 'dist');
const exportsOf = async (files: Set<string>) => Object.keys(Object.assign({}, ...(await Promise.all([...files].map((file) => import(file))))));

describe('the Hedwig files the common chunk takes (build/library-modules.ts, issue #52)', () => {
  it("are the named components' files and what they import, and no other component's", async () => {
    const files = libraryModules(hedwig, ['Navbar', 'Footer']);
    const names = await exportsOf(files);
    // Each named one, and what it is built of (the footer's accordion), but not Message or ErrorSummary.
    expect(names).toEqual(expect.arrayContaining(['Navbar', 'Footer', 'Accordion']));
    expect(names).not.toContain('Message');
    expect(names).not.toContain('ErrorSummary');
  });

  it('fails on a name the library does not export (a renamed component must not drop out silently)', () => {
    expect(() => libraryModules(hedwig, ['NoSuchComponent'])).toThrow(/exports no NoSuchComponent/);
  });
});
